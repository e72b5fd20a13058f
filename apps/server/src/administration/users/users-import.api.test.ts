import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let domainAdmin: TestClient;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  acme = await domainIdOf(t.database.db, 'ACME');
});
afterAll(() => t.close());

const csvDataUrl = (text: string) => `data:text/csv;base64,${Buffer.from(text, 'utf8').toString('base64')}`;

async function xlsxDataUrl(rows: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  for (const row of rows) sheet.addRow(row);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${bytes.toString('base64')}`;
}

async function countUsers() {
  const rows = await t.database.db.selectFrom('users').select('id').execute();
  return rows.length;
}

describe('administration/users/importUsers', () => {
  it('creates every user of a semicolon CSV with roles, companies, groups and flags', async () => {
    const csv = [
      'userid;name;email;role;language;companies;groups;permissions;active',
      'marta.vidal;Marta Vidal;marta@central.local;cust_ctr_user;en-en;B12345674;Legal;;',
      'ivan.soler;"Soler, Iván";ivan@central.local;Manager;;"B12345674; A76543214";"legal;Claims";"shippingList;templates";no',
      'rosa.pena;Rosa Peña;rosa@atlantico.local;cust_ctr_admin;pt-pt;A76543214;;;yes',
    ].join('\r\n');
    const response = await domainAdmin.post('administration/users/importUsers', { data: csvDataUrl(csv) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 3, failed: [] });
    const marta = await t.database.db
      .selectFrom('users')
      .select(['roles', 'language', 'permissions', 'active', 'password_hash'])
      .where('username', '=', 'marta.vidal')
      .executeTakeFirstOrThrow();
    expect(marta).toMatchObject({ roles: ['cust_ctr_user'], language: 'en-en', active: true });
    expect(marta.permissions.sort()).toEqual(['editMode', 'newSend', 'shippingList']);
    expect(marta.password_hash).toMatch(/^\$argon2id\$/);
    const ivan = await t.database.db
      .selectFrom('users')
      .select(['name', 'roles', 'language', 'permissions', 'active', 'id'])
      .where('username', '=', 'ivan.soler')
      .executeTakeFirstOrThrow();
    expect(ivan).toMatchObject({
      name: 'Soler, Iván',
      roles: ['cust_ctr_mgr'],
      language: 'es-es',
      permissions: ['shippingList', 'templates'],
      active: false,
    });
    const links = await t.database.db
      .selectFrom('user_companies')
      .select('company_id')
      .where('user_id', '=', ivan.id)
      .execute();
    expect(links).toHaveLength(2);
    const groups = await t.database.db
      .selectFrom('user_groups')
      .select('group_id')
      .where('user_id', '=', ivan.id)
      .execute();
    expect(groups).toHaveLength(2);
  });

  it('reads an Excel file too', async () => {
    const data = await xlsxDataUrl([
      ['User', 'Name', 'E-mail', 'Role'],
      ['xl.user.one', 'Excel One', 'one@central.local', 'cust_ctr_user'],
      ['xl.user.two', 'Excel Two', 'two@central.local', 'User'],
    ]);
    const response = await domainAdmin.post('administration/users/importUsers', { data, fileName: 'users.xlsx' });
    expect(response.json()).toEqual({ created: 2, failed: [] });
  });

  it('creates nothing when any row is wrong and reports every failing line', async () => {
    const before = await countUsers();
    const csv = [
      'userid,name,email,role,companies,groups,permissions,active',
      'good.user,Good User,good@central.local,cust_ctr_user,,,,',
      'ab,Short Name,short@central.local,cust_ctr_user,,,,',
      'twice.user,Twice,twice@central.local,cust_ctr_user,,,,',
      'Twice.User,Twice Again,twice2@central.local,cust_ctr_user,,,,',
      'company.admin,Taken,taken@central.local,cust_ctr_user,,,,',
      'bad.mail,Bad Mail,not-an-email,cust_ctr_user,,,,',
      'no.role,No Role,norole@central.local,,,,,',
      'odd.role,Odd Role,odd@central.local,cust_ctr_boss,,,,',
      'too.strong,Too Strong,strong@central.local,lgt_superadm,,,,',
      'far.company,Far Company,far@central.local,cust_ctr_user,B87654323,,,',
      'no.group,No Group,nogroup@central.local,cust_ctr_user,,Nobody,,',
      'odd.flag,Odd Flag,flag@central.local,cust_ctr_user,,,superPowers,',
      'odd.active,Odd Active,active@central.local,cust_ctr_user,,,,maybe',
      ',,,cust_ctr_user,,,,',
    ].join('\n');
    const response = await domainAdmin.post('administration/users/importUsers', { data: csvDataUrl(csv) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      created: 0,
      failed: [
        { line: 3, field: 'userid', key: 'ERR_PATTERN_USERNAME' },
        { line: 5, field: 'userid', key: 'ERR_DUPLICATE_IN_FILE' },
        { line: 6, field: 'userid', key: 'ERR_CONFLICT' },
        { line: 7, field: 'email', key: 'ERR_EMAIL_INVALID' },
        { line: 8, field: 'role', key: 'ERR_FIELD_REQUIRED' },
        { line: 9, field: 'role', key: 'ERR_FIELD_INVALID' },
        { line: 10, field: 'role', key: 'ERR_ROLE_NOT_ALLOWED' },
        { line: 11, field: 'companies', key: 'ERR_NOT_FOUND' },
        { line: 12, field: 'groups', key: 'ERR_NOT_FOUND' },
        { line: 13, field: 'permissions', key: 'ERR_FIELD_INVALID' },
        { line: 14, field: 'active', key: 'ERR_FIELD_INVALID' },
        { line: 15, field: 'userid', key: 'ERR_FIELD_REQUIRED' },
        { line: 15, field: 'name', key: 'ERR_FIELD_REQUIRED' },
        { line: 15, field: 'email', key: 'ERR_FIELD_REQUIRED' },
      ],
    });
    expect(await countUsers()).toBe(before);
  });

  it('refuses flags the importing administrator does not hold', async () => {
    const acmeAdmin = await signedInClient(t.app, 'acme.admin');
    const csv =
      'userid,name,email,role,permissions\nacme.importer,Acme Importer,imp@acme.local,cust_ctr_user,shpImport\n';
    const response = await acmeAdmin.post('administration/users/importUsers', { data: csvDataUrl(csv) });
    expect(response.json()).toEqual({
      created: 0,
      failed: [{ line: 2, field: 'permissions', key: 'ERR_PERMISSION_NOT_ALLOWED' }],
    });
  });

  it('answers a field error on data for files it cannot read', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ data: 'hello' }, { data: 'ERR_FIELD_INVALID' }],
      [{}, { data: 'ERR_FIELD_REQUIRED' }],
      [{ data: csvDataUrl('userid,name\nana.perez,Ana\n') }, { data: 'ERR_FIELD_INVALID' }],
      [{ data: csvDataUrl('userid,name,email,role\n') }, { data: 'ERR_FILE_EMPTY' }],
      [{ data: csvDataUrl('\n\n') }, { data: 'ERR_FILE_EMPTY' }],
      [
        {
          data: `data:application/vnd.ms-excel;base64,${Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]).toString('base64')}`,
        },
        // A legacy .xls has its own key: its message says to save it as .xlsx, .ods or CSV.
        { data: 'ERR_FILE_TYPE_XLS' },
      ],
      [
        {
          data: `data:application/octet-stream;base64,${Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]).toString('base64')}`,
        },
        { data: 'ERR_FILE_TYPE' },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await domainAdmin.post('administration/users/importUsers', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    const missing = await domainAdmin.post('administration/users/importUsers', {
      data: csvDataUrl('userid,name\nana.perez,Ana\n'),
    });
    expect(missing.json().params).toEqual({ columns: 'email, role' });
  });

  it('refuses more rows than the online limit', async () => {
    const rows = Array.from(
      { length: 1001 },
      (_, index) => `bulk.user${index},Bulk ${index},bulk${index}@x.es,cust_ctr_user`,
    );
    const response = await domainAdmin.post('administration/users/importUsers', {
      data: csvDataUrl(['userid,name,email,role', ...rows].join('\n')),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { data: 'ERR_TOO_MANY_ROWS' }, params: { max: 1000 } });
  });

  it('imports into another domain only for a super admin', async () => {
    const csv = csvDataUrl(
      'userid,name,email,role,companies\nacme.bulk,Acme Bulk,bulk@acme.local,cust_ctr_user,B87654323\n',
    );
    expect(
      (await domainAdmin.post(`administration/users/importUsers?domainid=${acme}`, { data: csv })).statusCode,
    ).toBe(404);
    const superAdmin = await signedInClient(t.app, 'super.admin');
    const response = await superAdmin.post(`administration/users/importUsers?domainid=${acme}`, { data: csv });
    expect(response.json()).toEqual({ created: 1, failed: [] });
    const row = await t.database.db
      .selectFrom('users')
      .select('domain_id')
      .where('username', '=', 'acme.bulk')
      .executeTakeFirstOrThrow();
    expect(Number(row.domain_id)).toBe(acme);
  });
});
