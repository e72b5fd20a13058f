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

async function offered(typeName: string, contentType: 'HTML' | 'SMS' = 'HTML') {
  const typeId = await typeIdOf(t.database.db, typeName);
  const response = await sender.get(
    `templates/readListReduced?companySelected=${notaria}&contentType=${contentType}&typeSelected=${typeId}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().map((item: { text: string }) => item.text) as string[];
}

describe('templates/readListReduced for the new-shipping form type', () => {
  it("puts the type's default template first among the company's templates", async () => {
    const html = await offered('Policy renewal notice');
    expect(html[0]).toBe('Renewal with documents');
    expect(html).toContain('Notarial notice');
    expect((await offered('Notarial notification'))[0]).toBe('Notarial notice');
    expect((await offered('Deed acceptance', 'SMS'))[0]).toBe('Short notice');
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
