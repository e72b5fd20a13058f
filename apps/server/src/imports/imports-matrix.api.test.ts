import { importsApi } from '@sello/contracts/catalogue/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, userIdOf } from '../../test/admin-fixtures.ts';
import { retryImportWithFile, spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
import { createShippingTestApp, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

/**
 * Every imports call × every seeded role × an import of the caller's own company and one of the other domain:
 * the expected status, and a refused call changes nothing.
 */

type Kind = 'super' | 'importer' | 'noImport';
const CALLERS: { login: string; kind: Kind }[] = [
  { login: 'super.admin', kind: 'super' },
  { login: 'domain.admin', kind: 'importer' },
  { login: 'company.admin', kind: 'importer' },
  { login: 'company.manager', kind: 'importer' },
  { login: 'company.user', kind: 'noImport' },
  { login: 'acme.admin', kind: 'noImport' },
];

let t: TTestApp;
const clients = new Map<string, TestClient>();
let own: number;
let other: number;
let notaria: number;
let typeId: number;

async function acmeImport(): Promise<number> {
  const row = await t.database.db
    .insertInto('imports')
    .values({
      domain_id: (
        await t.database.db
          .selectFrom('companies')
          .select('domain_id')
          .where('tax_id', '=', 'B87654323')
          .executeTakeFirstOrThrow()
      ).domain_id,
      company_id: await companyIdOf(t.database.db, 'B87654323'),
      user_id: await userIdOf(t.database.db, 'acme.admin'),
      type: 'FILE',
      state: 'VALIDATED',
      description: 'acme',
      file_name: 'acme.csv',
      file_sha256: null,
      settings: JSON.stringify({ typeId: 1, channel: 'email', mapping: {}, columns: [], documents: [] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  t = await createShippingTestApp();
  for (const caller of CALLERS) clients.set(caller.login, await signedInClient(t.app, caller.login));
  notaria = await companyIdOf(t.database.db, 'B12345674');
  typeId = await typeIdOf(t.database.db, 'Certified e-mail');
  const csv = spanishCsv([
    ['Nombre', 'Correo', 'Asunto'],
    ['Ana', 'ana@example.es', 'Aviso'],
    ['Bad', 'bad', 'Aviso'],
  ]);
  const response = await uploadImport(
    clients.get('company.admin')!,
    { companyId: String(notaria), typeId: String(typeId), channel: 'email' },
    { data: { name: 'own.csv', bytes: csv } },
  );
  own = response.json().importId;
  other = await acmeImport();
});
afterAll(() => t.close());

type TCall = { key: keyof typeof importsApi; run: (client: TestClient, id: number) => Promise<{ statusCode: number }> };

/** Calls about one import, read or write; `write` ones must leave the import unchanged when refused. */
const CALLS: TCall[] = [
  { key: 'detail', run: (c, id) => c.get(`shipping/import/importdetail?selected=${id}`) },
  { key: 'refreshTable', run: (c, id) => c.get(`shipping/import/refreshTable?selected=${id}`) },
  { key: 'report', run: (c, id) => c.get(`shipping/import/importsreport?selected=${id}`) },
  { key: 'downloadFile', run: (c, id) => c.get(`shipping/import/downloadFile?selected=${id}`) },
  { key: 'downloadImportErrors', run: (c, id) => c.call('PUT', `shipping/import/downloadImportErrors?selected=${id}`) },
];

describe('imports authorisation matrix', () => {
  for (const caller of CALLERS) {
    for (const target of ['own', 'other'] as const) {
      for (const call of CALLS) {
        const expected = caller.kind === 'noImport' ? 403 : target === 'own' || caller.kind === 'super' ? 200 : 404;
        it(`${call.key} by ${caller.login} on ${target} import → ${expected}`, async () => {
          const id = target === 'own' ? own : other;
          const response = await call.run(clients.get(caller.login)!, id);
          // The other domain's import has no stored file: a super admin reaches it and finds no file.
          const status = call.key === 'downloadFile' && target === 'other' && expected === 200 ? 404 : expected;
          expect(response.statusCode).toBe(status);
        });
      }
    }
  }

  it('lists only what each caller may see', async () => {
    for (const caller of CALLERS) {
      const client = clients.get(caller.login)!;
      for (const path of ['importslist', 'importsListReduced', 'userwithimportforcombo']) {
        const response = await client.get(`shipping/import/${path}`);
        if (caller.kind === 'noImport') {
          expect(response.statusCode).toBe(403);
          continue;
        }
        const text = response.body.toLowerCase();
        expect(text.includes('acme'), `${caller.login} ${path}`).toBe(caller.kind === 'super');
      }
    }
  });

  it('refuses the writing calls without permission or outside the tenancy, changing nothing', async () => {
    const before = await t.database.db
      .selectFrom('imports')
      .select(['id', 'state', 'valid', 'errors'])
      .orderBy('id')
      .execute();
    const user = clients.get('company.user')!;
    expect((await user.post('shipping/import/saveFromFile', { importId: own })).statusCode).toBe(403);
    expect((await user.put(`shipping/import/retryErrors?selected=${own}`)).statusCode).toBe(403);
    const corrected = {
      name: 'errores.csv',
      bytes: spanishCsv([
        ['Nombre', 'Correo', 'Línea'],
        ['Bad', 'ok@example.es', '3'],
      ]),
    };
    expect((await retryImportWithFile(user, own, corrected)).statusCode).toBe(403);
    expect((await retryImportWithFile(clients.get('acme.admin')!, own, corrected)).statusCode).toBe(403);
    const edited = { importId: own, rows: [{ line: 3, cells: { Correo: 'ok@example.es' } }] };
    expect((await user.post('shipping/import/retryRows', edited)).statusCode).toBe(403);
    expect((await clients.get('acme.admin')!.post('shipping/import/retryRows', edited)).statusCode).toBe(403);
    expect((await user.post('shipping/import/importWithTemplate', { companyId: notaria, data: '{}' })).statusCode).toBe(
      403,
    );
    expect((await user.post('shipping/import/saveWithTemplate', { importId: own })).statusCode).toBe(403);
    expect(
      (
        await uploadImport(
          user,
          { companyId: String(notaria), typeId: String(typeId), channel: 'email' },
          { data: { name: 'a.csv', bytes: 'a' } },
        )
      ).statusCode,
    ).toBe(403);
    const admin = clients.get('company.admin')!;
    expect((await admin.post('shipping/import/saveFromFile', { importId: other })).statusCode).toBe(404);
    expect((await admin.put(`shipping/import/retryErrors?selected=${other}`)).statusCode).toBe(404);
    expect((await retryImportWithFile(admin, other, corrected)).statusCode).toBe(404);
    expect((await admin.post('shipping/import/retryRows', { ...edited, importId: other })).statusCode).toBe(404);
    expect((await admin.post('shipping/import/saveWithTemplate', { importId: other })).statusCode).toBe(404);
    const after = await t.database.db
      .selectFrom('imports')
      .select(['id', 'state', 'valid', 'errors'])
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('covers every imports call', () => {
    const covered = new Set<string>([
      ...CALLS.map((call) => call.key),
      'list',
      'listReduced',
      'usersWithImportForCombo',
      'saveFromFile',
      'retryErrors',
      'retryWithFile',
      'retryRows',
      'importWithTemplate',
      'saveWithTemplate',
      'import',
    ]);
    expect([...covered].sort()).toEqual(Object.keys(importsApi).sort());
  });
});
