import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, userIdOf } from '../../test/admin-fixtures.ts';
import { ApiKeyClient, createApiKey } from '../../test/api-key-fixtures.ts';
import { spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
import { createShippingTestApp, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TTestApp } from '../../test/test-app.ts';

/**
 * The API key rows of the authorisation matrix for the imports: a key with the `imports` scope reaches the imports of
 * its own company only; another company's of the same tenant and another tenant's answer 404, and the writing calls
 * change nothing there.
 */
type TTarget = 'own' | 'otherCompany' | 'otherTenant';

let t: TTestApp;
let key: ApiKeyClient;
const imports: Record<TTarget, number> = { own: 0, otherCompany: 0, otherTenant: 0 };

/** An import of `taxId`'s company by `login`, validated, as the upload would leave it (no stored file). */
async function insertImport(taxId: string, login: string): Promise<number> {
  const db = t.database.db;
  const company = await db
    .selectFrom('companies')
    .select(['id', 'domain_id'])
    .where('tax_id', '=', taxId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('imports')
    .values({
      domain_id: company.domain_id,
      company_id: company.id,
      user_id: await userIdOf(db, login),
      type: 'FILE',
      state: 'VALIDATED',
      description: taxId,
      file_name: `${taxId}.csv`,
      file_sha256: null,
      settings: JSON.stringify({ typeId: 1, channel: 'email', mapping: {}, columns: [], documents: [] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  t = await createShippingTestApp();
  const notaria = await companyIdOf(t.database.db, 'B12345674');
  const admin = await signedInClient(t.app, 'company.admin');
  key = new ApiKeyClient(t.app, (await createApiKey(admin, notaria, ['imports'])).secret);
  const csv = spanishCsv([
    ['Nombre', 'Correo', 'Asunto'],
    ['Ana', 'ana@example.es', 'Aviso'],
    ['Bad', 'bad', 'Aviso'],
  ]);
  const typeId = await typeIdOf(t.database.db, 'Certified e-mail');
  const uploaded = await uploadImport(
    key,
    { companyId: String(notaria), typeId: String(typeId), channel: 'email' },
    { data: { name: 'own.csv', bytes: csv } },
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  imports.own = uploaded.json().importId;
  imports.otherCompany = await insertImport('A76543214', 'domain.admin');
  imports.otherTenant = await insertImport('B87654323', 'acme.admin');
});
afterAll(() => t.close());

const READS = [
  (id: number) => ['GET', `shipping/import/importdetail?selected=${id}`] as const,
  (id: number) => ['GET', `shipping/import/refreshTable?selected=${id}`] as const,
  (id: number) => ['GET', `shipping/import/importsreport?selected=${id}`] as const,
  (id: number) => ['PUT', `shipping/import/downloadImportErrors?selected=${id}`] as const,
];

describe('an imports key × the imports of each company', () => {
  it.each(['own', 'otherCompany', 'otherTenant'] as const)(
    'reads the imports of its own company only (%s)',
    async (target) => {
      for (const read of READS) {
        const [method, path] = read(imports[target]);
        const response = await key.call(method, path, method === 'GET' ? undefined : {});
        const label = `${method} ${path}: ${response.body.slice(0, 200)}`;
        if (target === 'own') expect(response.statusCode, label).toBe(200);
        else expect([response.statusCode, response.json()], label).toEqual([404, { key: 'ERR_NOT_FOUND' }]);
      }
    },
  );

  it('saves or retries no import of another company or tenant, changing nothing', async () => {
    const snapshot = () =>
      t.database.db.selectFrom('imports').select(['id', 'state', 'valid', 'errors']).orderBy('id').execute();
    const before = await snapshot();
    for (const target of ['otherCompany', 'otherTenant'] as const) {
      const id = imports[target];
      for (const [method, path, body] of [
        ['POST', 'shipping/import/saveFromFile', { importId: id }],
        ['POST', 'shipping/import/saveWithTemplate', { importId: id }],
        ['PUT', `shipping/import/retryErrors?selected=${id}`, {}],
        ['POST', 'shipping/import/retryRows', { importId: id, rows: [{ line: 2, cells: {} }] }],
      ] as const) {
        const response = await key.call(method, path, body);
        expect([response.statusCode, response.json()], `${target} ${path}`).toEqual([404, { key: 'ERR_NOT_FOUND' }]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists only its own company’s imports', async () => {
    const response = await key.get('shipping/import/importslist');
    expect(response.statusCode, response.body).toBe(200);
    const text = response.body;
    expect(text).toContain('own.csv');
    expect(text).not.toContain('A76543214.csv');
    expect(text).not.toContain('B87654323.csv');
  });
});
