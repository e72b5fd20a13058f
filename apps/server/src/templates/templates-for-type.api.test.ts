import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { typeIdOf } from '../../test/shipping-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let sender: TestClient;
let notaria: number;

beforeAll(async () => {
  t = await createTestApp();
  sender = await signedInClient(t.app, 'company.user');
  notaria = await companyIdOf(t.database.db, 'B12345674');
});
afterAll(() => t.close());

async function offered(typeName: string, contentType: 'HTML' | 'SMS' = 'HTML', language?: string) {
  const typeId = await typeIdOf(t.database.db, typeName);
  const response = await sender.get(
    `templates/readListReduced?companySelected=${notaria}&contentType=${contentType}&typeSelected=${typeId}` +
      (language ? `&language=${language}` : ''),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().map((item: { text: string }) => item.text) as string[];
}

describe('templates/readListReduced for the new-shipping form type', () => {
  it("puts the type's default templates first among the company's templates, one per language", async () => {
    const html = await offered('Policy renewal notice');
    expect(html.slice(0, 3)).toEqual([
      'Renovación con documentos',
      'Renewal with documents',
      'Renovação com documentos',
    ]);
    expect(html).toContain('Notarial notice');
    expect((await offered('Notarial notification')).slice(0, 3)).toEqual([
      'Aviso notarial',
      'Notarial notice',
      'Notificação notarial',
    ]);
    expect((await offered('Deed acceptance', 'SMS')).slice(0, 3)).toEqual([
      'Aviso breve',
      'Short notice',
      'Aviso curto',
    ]);
  });

  it('offers only the templates written in the language asked for, its default first', async () => {
    const english = await offered('Policy renewal notice', 'HTML', 'en-en');
    expect(english[0]).toBe('Renewal with documents');
    expect(english).toContain('Notarial notice');
    expect(english).not.toContain('Aviso notarial');
    expect(english).not.toContain('Renovação com documentos');
    const portuguese = await offered('Notarial notification', 'HTML', 'pt-pt');
    expect(portuguese[0]).toBe('Notificação notarial');
    expect(portuguese).not.toContain('Notarial notice');
  });

  it('offers no SMS template to a type without an SMS channel, and none to certified e-mail or SMS', async () => {
    expect(await offered('Notarial notification', 'SMS')).toEqual([]);
    expect(await offered('Certified e-mail')).toEqual([]);
    expect(await offered('Certified SMS', 'SMS')).toEqual([]);
  });

  it('answers 404 for a type of another domain', async () => {
    const foreign = await t.database.db
      .selectFrom('shipping_types as st')
      .innerJoin('domains as d', 'd.id', 'st.domain_id')
      .select('st.id')
      .where('d.code', '!=', 'DEMO')
      .executeTakeFirstOrThrow();
    const response = await sender.get(
      `templates/readListReduced?companySelected=${notaria}&typeSelected=${foreign.id}`,
    );
    expect(response.statusCode).toBe(404);
  });
});
