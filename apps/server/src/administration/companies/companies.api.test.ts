import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyIdOf,
  domainIdOf,
  filtersParam,
  isXlsx,
  postDownloadFile,
  readXlsx,
} from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let domainAdmin: TestClient;
let superAdmin: TestClient;
let demo: number;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  superAdmin = await signedInClient(t.app, 'super.admin');
  demo = await domainIdOf(t.database.db, 'DEMO');
  acme = await domainIdOf(t.database.db, 'ACME');
});
afterAll(() => t.close());

const company = (overrides: Record<string, unknown> = {}) => ({
  name: 'Gestoría Levante S.L.',
  taxId: 'B23456783',
  vatNumber: 'ESB2345678C',
  email: 'info@levante.local',
  ccEmails: 'a@levante.local; b@levante.local',
  active: true,
  ...overrides,
});

describe('administration/companies/read', () => {
  it('pages the companies of the caller domain sorted by name', async () => {
    const response = await domainAdmin.get('administration/companies/read?first=0&pageSize=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({ name: 'Notaría Central S.L.', taxId: 'B12345674', domainId: demo });
    expect(body.rows[0].deletedAt).toBeNull();
    const second = await domainAdmin.get('administration/companies/read?first=1&pageSize=1&sortOrder=1');
    expect(second.json().rows[0].name).toBe('Seguros Atlántico S.A.');
  });

  it('filters and sorts by whitelisted fields only', async () => {
    const filtered = await domainAdmin.get(
      `administration/companies/read?filters=${filtersParam({ name: 'atlánt', email: null })}`,
    );
    expect(filtered.json().rows.map((row: { taxId: string }) => row.taxId)).toEqual(['A76543214']);
    const desc = await domainAdmin.get('administration/companies/read?sortField=taxId&sortOrder=-1');
    expect(desc.json().rows.map((row: { taxId: string }) => row.taxId)).toEqual(['B12345674', 'A76543214']);
    const badSort = await domainAdmin.get('administration/companies/read?sortField=password');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toEqual({ key: 'ERR_VALIDATION', fields: { sortField: 'ERR_FIELD_INVALID' } });
    const badFilter = await domainAdmin.get(`administration/companies/read?filters=${filtersParam({ domain_id: 2 })}`);
    expect(badFilter.json().fields).toEqual({ 'filters.domain_id': 'ERR_FIELD_INVALID' });
    const notJson = await domainAdmin.get('administration/companies/read?filters=%7Bnot-json');
    expect(notJson.statusCode).toBe(400);
    const badDeleted = await domainAdmin.get(`administration/companies/read?filters=${filtersParam({ deleted: 'x' })}`);
    expect(badDeleted.json().fields).toEqual({ 'filters.deleted': 'ERR_FIELD_INVALID' });
  });

  it('answers 404 for another domain unless the caller is a super admin', async () => {
    expect((await domainAdmin.get(`administration/companies/read?domainid=${acme}`)).statusCode).toBe(404);
    const acmeCompany = await companyIdOf(t.database.db, 'B87654323');
    const bySelected = await domainAdmin.get(`administration/companies/read?companySelected=${acmeCompany}`);
    expect(bySelected.statusCode).toBe(404);
    const asSuper = await superAdmin.get(`administration/companies/read?domainid=${acme}`);
    expect(asSuper.json().rows.map((row: { name: string }) => row.name)).toEqual([
      'Acme Almacenes S.L.',
      'Acme Transportes S.L.',
    ]);
  });
});

describe('administration/companies/detail', () => {
  it('answers a company of the caller domain and 404 for another domain', async () => {
    const own = await companyIdOf(t.database.db, 'A76543214');
    const response = await domainAdmin.get(`administration/companies/detail?selected=${own}`);
    expect(response.json()).toMatchObject({ id: own, name: 'Seguros Atlántico S.A.', users: 1 });
    const other = await companyIdOf(t.database.db, 'B87654323');
    const denied = await domainAdmin.get(`administration/companies/detail?selected=${other}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ key: 'ERR_NOT_FOUND' });
    expect((await domainAdmin.get('administration/companies/detail?selected=99999')).statusCode).toBe(404);
  });
});

describe('administration/companies/new and update', () => {
  it('creates a company in the caller domain with normalised values', async () => {
    const response = await domainAdmin.post(
      'administration/companies/new',
      company({ taxId: 'b23456783', vatNumber: 'es b2345678-c' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      domainId: demo,
      name: 'Gestoría Levante S.L.',
      taxId: 'B23456783',
      vatNumber: 'ESB2345678C',
      ccEmails: 'a@levante.local; b@levante.local',
      users: 0,
    });
  });

  it('answers a field error for each invalid value and creates nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: '' }, { name: 'ERR_FIELD_REQUIRED' }],
      [{ name: 'x'.repeat(201) }, { name: 'ERR_FIELD_TOO_LONG' }],
      [{ taxId: '12345678A' }, { taxId: 'ERR_PATTERN_TAX_ID' }],
      // The shape of spec §5 with a wrong control character (B1234567's is 4).
      [{ taxId: 'B12345678' }, { taxId: 'ERR_TAX_ID_INVALID' }],
      [{ taxId: undefined }, { taxId: 'ERR_FIELD_REQUIRED' }],
      [{ vatNumber: 'XX123' }, { vatNumber: 'ERR_PATTERN_VAT' }],
      [{ vatNumber: 'PT12345' }, { vatNumber: 'ERR_PATTERN_VAT' }],
      [{ email: 'not-mail' }, { email: 'ERR_EMAIL_INVALID' }],
      [{ ccEmails: 'a@b.es;;c@d.es' }, { ccEmails: 'ERR_PATTERN_EMAIL_LIST' }],
      [{ active: 'yes' }, { active: 'ERR_FIELD_INVALID' }],
    ];
    for (const [overrides, fields] of cases) {
      const response = await domainAdmin.post(
        'administration/companies/new',
        company({ taxId: 'C1111111I', ...overrides }),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields });
    }
    const count = await t.database.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tax_id', '=', 'C1111111I')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('accepts empty optional fields as none', async () => {
    const response = await domainAdmin.post(
      'administration/companies/new',
      company({ taxId: 'D2222222H', vatNumber: '', email: null, ccEmails: '' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ vatNumber: null, email: null, ccEmails: null });
  });

  it('refuses a tax id already live in the domain with 409, whatever its case', async () => {
    const response = await domainAdmin.post('administration/companies/new', company({ taxId: 'b12345674' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ key: 'ERR_CONFLICT', fields: { taxId: 'ERR_CONFLICT' } });
  });

  it('lets the same tax id exist in another domain (super admin with domainid)', async () => {
    const response = await superAdmin.post(
      `administration/companies/new?domainid=${acme}`,
      company({ name: 'Acme Notaría', taxId: 'B12345674' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().domainId).toBe(acme);
    const denied = await domainAdmin.post(
      `administration/companies/new?domainid=${acme}`,
      company({ taxId: 'E33333337' }),
    );
    expect(denied.statusCode).toBe(404);
    const noDomain = await superAdmin.post(
      'administration/companies/new?domainid=999999',
      company({ taxId: 'E33333337' }),
    );
    expect(noDomain.statusCode).toBe(404);
  });

  it('updates a company, refuses a duplicate tax id and another domain record', async () => {
    const id = await companyIdOf(t.database.db, 'A76543214');
    const updated = await domainAdmin.post('administration/companies/update', {
      id,
      ...company({ name: 'Seguros Atlántico Vida S.A.', taxId: 'A76543214' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, name: 'Seguros Atlántico Vida S.A.', email: 'info@levante.local' });
    const duplicate = await domainAdmin.post('administration/companies/update', {
      id,
      ...company({ taxId: 'B12345674' }),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().fields).toEqual({ taxId: 'ERR_CONFLICT' });
    const invalid = await domainAdmin.post('administration/companies/update', { id, ...company({ name: '' }) });
    expect(invalid.statusCode).toBe(400);
    const after = await domainAdmin.get(`administration/companies/detail?selected=${id}`);
    expect(after.json().name).toBe('Seguros Atlántico Vida S.A.');
    const other = await companyIdOf(t.database.db, 'B11223344');
    const denied = await domainAdmin.post('administration/companies/update', {
      id: other,
      ...company({ taxId: 'B11223344' }),
    });
    expect(denied.statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', String(other))
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Acme Almacenes S.L.');
  });
});

describe('administration/companies delete and recover', () => {
  it('soft-deletes, lists the deleted company with who and when, and recovers it', async () => {
    const created = await domainAdmin.post(
      'administration/companies/new',
      company({ name: 'Temporal S.L.', taxId: 'F4444444F' }),
    );
    const id: number = created.json().id;
    const deleted = await domainAdmin.delete(`administration/companies/delete/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await domainAdmin.get(`administration/companies/detail?selected=${id}`)).statusCode).toBe(404);
    expect((await domainAdmin.delete(`administration/companies/delete/${id}`)).statusCode).toBe(404);
    const bin = await domainAdmin.get(`administration/companies/read?filters=${filtersParam({ deleted: true })}`);
    expect(bin.statusCode).toBe(200);
    const row = bin.json().rows.find((entry: { id: number }) => entry.id === id);
    expect(row).toMatchObject({ name: 'Temporal S.L.', deletedBy: 'Daniel Ortega' });
    expect(Date.now() - Date.parse(row.deletedAt)).toBeLessThan(60_000);
    const live = await domainAdmin.get('administration/companies/read?pageSize=100');
    expect(live.json().rows.some((entry: { id: number }) => entry.id === id)).toBe(false);
    const recovered = await domainAdmin.put(`administration/companies/recover/${id}`);
    expect(recovered.statusCode).toBe(200);
    expect((await domainAdmin.get(`administration/companies/detail?selected=${id}`)).json()).toMatchObject({
      deletedAt: null,
      deletedBy: null,
    });
    expect((await domainAdmin.put(`administration/companies/recover/${id}`)).statusCode).toBe(404);
  });

  it('refuses to recover a company whose tax id was reused meanwhile', async () => {
    const first = await domainAdmin.post(
      'administration/companies/new',
      company({ name: 'Primera S.L.', taxId: 'G5555555A' }),
    );
    await domainAdmin.delete(`administration/companies/delete/${first.json().id}`);
    const second = await domainAdmin.post(
      'administration/companies/new',
      company({ name: 'Segunda S.L.', taxId: 'G5555555A' }),
    );
    expect(second.statusCode).toBe(200);
    const recover = await domainAdmin.put(`administration/companies/recover/${first.json().id}`);
    expect(recover.statusCode).toBe(409);
    expect(recover.json()).toEqual({ key: 'ERR_CONFLICT', fields: { taxId: 'ERR_CONFLICT' } });
  });

  it('needs the company bin flag to list deleted companies', async () => {
    await t.database.db
      .updateTable('users')
      .set({ permissions: ['administration', 'shippingList'] })
      .where('username', '=', 'company.admin')
      .execute();
    const admin = await signedInClient(t.app, 'company.admin');
    expect((await admin.get('administration/companies/read')).statusCode).toBe(200);
    const bin = await admin.get(`administration/companies/read?filters=${filtersParam({ deleted: true })}`);
    expect(bin.statusCode).toBe(403);
    expect((await admin.put('administration/companies/recover/1')).statusCode).toBe(403);
  });

  it('does not delete or recover another domain company', async () => {
    const other = await companyIdOf(t.database.db, 'B87654323');
    expect((await domainAdmin.delete(`administration/companies/delete/${other}`)).statusCode).toBe(404);
    expect((await domainAdmin.put(`administration/companies/recover/${other}`)).statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('companies')
      .select('deleted_at')
      .where('id', '=', String(other))
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });
});

describe('administration/companies/export', () => {
  it('streams the filtered list as an Excel file in the asked language', async () => {
    const response = await domainAdmin.get(
      `administration/companies/export?language=en-en&sortField=taxId&filters=${filtersParam({ name: 'notar' })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(isXlsx(response)).toBe(true);
    expect(response.headers['content-disposition']).toContain('companies.xlsx');
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]).toEqual([
      'Id',
      'Name',
      'Tax id',
      'VAT number',
      'E-mail',
      'CC e-mails',
      'Active',
      'Users',
      'Created (UTC)',
      'Deleted (UTC)',
      'Deleted by',
    ]);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['B12345674']);
    expect(rows[1]?.[1]).toBe('Notaría Central S.L.');
    expect(rows[1]?.[6]).toBe('Yes');
  });

  it('runs through the DownloadFile form post with the session token', async () => {
    const response = await postDownloadFile(
      t.app,
      'administration/companies/export',
      { language: 'es-es', filters: { name: 'seguros' } },
      domainAdmin.token!,
    );
    expect(response.statusCode).toBe(200);
    expect(isXlsx(response)).toBe(true);
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['Id', 'Nombre', 'CIF']);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['Seguros Atlántico Vida S.A.']);
  });

  it('refuses another domain through the form post too', async () => {
    const response = await postDownloadFile(
      t.app,
      'administration/companies/export',
      { domainid: acme },
      domainAdmin.token!,
    );
    expect(response.statusCode).toBe(404);
    const noToken = await postDownloadFile(t.app, 'administration/companies/export', {}, 'not-a-token');
    expect(noToken.statusCode).toBe(401);
  });
});

describe('administration/companies/companiesByDomain', () => {
  it('answers picker items of a domain, narrowed by search', async () => {
    const response = await domainAdmin.get(
      `administration/companies/companiesByDomain?domainid=${demo}&search=central`,
    );
    expect(response.json()).toEqual([
      {
        value: await companyIdOf(t.database.db, 'B12345674'),
        text: 'Notaría Central S.L.',
        description: 'B12345674',
        blocked: false,
      },
    ]);
    expect((await domainAdmin.get(`administration/companies/companiesByDomain?domainid=${acme}`)).statusCode).toBe(404);
    const asSuper = await superAdmin.get(`administration/companies/companiesByDomain?domainid=${acme}`);
    expect(asSuper.json().length).toBeGreaterThanOrEqual(2);
  });
});

describe('malformed requests', () => {
  it('answer a 4xx error key, never a 500', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', 'administration/companies/detail?selected=abc'],
      ['GET', 'administration/companies/detail?selected=99999999999999999999'],
      ['GET', 'administration/companies/detail?selected=-1'],
      ['GET', 'administration/companies/detail'],
      ['DELETE', 'administration/companies/delete/abc'],
      ['DELETE', 'administration/companies/delete/99999999999999999999'],
      ['PUT', 'administration/companies/recover/0'],
      ['GET', 'administration/companies/read?first=-1'],
      ['GET', 'administration/companies/read?pageSize=100000'],
      ['GET', 'administration/companies/read?sortOrder=2'],
      ['GET', `administration/companies/read?filters=${filtersParam({ createdAt: ['yesterday', null] })}`],
      ['GET', `administration/companies/read?filters=${filtersParam({ active: 'yes' })}`],
      ['GET', `administration/companies/read?filters=${encodeURIComponent('[1,2]')}`],
      ['GET', 'administration/companies/read?domainid=99999999999999999999'],
      ['GET', 'administration/companies/companiesByDomain'],
      ['GET', 'administration/users/usersWithRequestsByCompanies?companies=1,,2'],
      ['POST', 'administration/companies/new', 'not json'],
      ['POST', 'administration/companies/new', [1, 2]],
      ['POST', 'administration/companies/update', { id: 'x', name: 'A', taxId: 'B12345674' }],
      ['PUT', 'administration/users/update', { id: 1 }],
      ['POST', 'administration/groups/new', { name: 'A', userIds: [1e20] }],
      ['PUT', 'administration/domains/updateTypesDocument/1', { listOfTypes: 'all' }],
      ['POST', 'administration/users/importUsers', { data: 'data:text/csv;base64,@@@' }],
    ];
    for (const [method, path, body] of calls) {
      const response = await superAdmin.call(method as 'GET', path, body);
      expect(response.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(500);
      expect(typeof response.json().key, `${method} ${path}`).toBe('string');
    }
  });
});
