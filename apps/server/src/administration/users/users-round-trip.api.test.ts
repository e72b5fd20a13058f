import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filtersParam } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function linksOf(username: string) {
  const user = await t.database.db
    .selectFrom('users')
    .select(['id', 'roles', 'language', 'active', 'permissions'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const companies = await t.database.db
    .selectFrom('user_companies')
    .select('company_id')
    .where('user_id', '=', user.id)
    .orderBy('company_id')
    .execute();
  const groups = await t.database.db
    .selectFrom('user_groups')
    .select('group_id')
    .where('user_id', '=', user.id)
    .orderBy('group_id')
    .execute();
  return {
    roles: user.roles,
    language: user.language,
    active: user.active,
    companies: companies.map((row) => row.company_id),
    groups: groups.map((row) => row.group_id),
  };
}

describe('a users export, edited, goes back in as an import', () => {
  for (const language of ['es-es', 'en-en', 'pt-pt'] as const) {
    it(`in ${language}: headers, role and language in words, companies and groups as the import reads them`, async () => {
      const admin = await signedInClient(t.app, 'company.admin');
      const exported = await admin.get(
        `administration/users/export?language=${language}&filters=${filtersParam({ userid: 'company.user' })}`,
      );
      expect(exported.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      const headers = (sheet.getRow(1).values as string[]).slice(1);
      const column = (index: number) => sheet.getRow(2).getCell(index + 1);
      // The edit: a new person, copied from an existing one.
      const username = `copia.${language.slice(0, 2)}`;
      column(1).value = username;
      column(2).value = `Copia ${language}`;
      column(3).value = `${username}@sello.local`;
      const edited = Buffer.from(await workbook.xlsx.writeBuffer());
      const data = `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${edited.toString('base64')}`;

      const response = await admin.post('administration/users/importUsers', { data, fileName: 'usuarios.xlsx' });
      expect(response.statusCode, `${headers.join(' | ')} ${response.body}`).toBe(200);
      expect(response.json()).toEqual({ created: 1, failed: [] });
      expect(await linksOf(username)).toEqual(await linksOf('company.user'));
    });
  }
});
