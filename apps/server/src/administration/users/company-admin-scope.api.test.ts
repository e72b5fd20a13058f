import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, userIdOf } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';

/**
 * A plain administrator (company.admin, of Notaría Central) manages only the users and companies of their
 * companies, and never a user of higher rank.
 */

let t: TTestApp;
let companyAdmin: TestClient;
let domainAdmin: TestClient;
let notaria: number;
let seguros: number;
let segurosUser: number;
let sharedUser: number;

const ROLE_USER = 5;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  companyAdmin = await signedInClient(t.app, 'company.admin');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  seguros = await companyIdOf(t.database.db, 'A76543214');
  segurosUser = await createUser('seguros.only', [seguros]);
  sharedUser = await createUser('both.companies', [notaria, seguros]);
});
afterAll(() => t.close());

async function createUser(userid: string, companyIds: number[]) {
  const response = await domainAdmin.post('administration/users/new', {
    userid,
    name: `User ${userid}`,
    email: `${userid}@sello.local`,
    language: 'es-es',
    roleId: ROLE_USER,
    companyIds,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

async function detail(client: TestClient, id: number) {
  return client.get(`administration/users/detail?selected=${id}`);
}

function updateBody(user: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  return {
    id: user.id,
    userid: user.userid,
    name: user.name,
    email: user.email,
    language: user.language,
    roleId: user.roleId,
    companyIds: user.companyIds,
    groupIds: user.groupIds,
    permissions: user.permissions,
    active: user.active,
    ...changes,
  };
}

describe('a plain administrator and users', () => {
  it('never edits, deletes or unblocks a super admin or a domain admin', async () => {
    // Even when they share the administrator's company.
    const superId = await userIdOf(t.database.db, 'super.admin');
    await t.database.db
      .insertInto('user_companies')
      .values({ user_id: String(superId), company_id: String(notaria) })
      .execute();
    for (const login of ['super.admin', 'domain.admin']) {
      const id = await userIdOf(t.database.db, login);
      const current = (await detail(domainAdmin, id)).json();
      const before = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', String(id))
        .executeTakeFirst();
      const update = await companyAdmin.put('administration/users/update', updateBody(current, { name: 'Taken over' }));
      expect(update.statusCode, `${login} update`).toBe(403);
      expect((await companyAdmin.delete(`administration/users/delete/${id}`)).statusCode, `${login} delete`).toBe(403);
      expect((await companyAdmin.put(`administration/users/unblock/${id}`)).statusCode, `${login} unblock`).toBe(403);
      const after = await t.database.db.selectFrom('users').selectAll().where('id', '=', String(id)).executeTakeFirst();
      expect(after).toEqual(before);
    }
  });

  it('does not see or change a user outside their companies', async () => {
    expect((await detail(companyAdmin, segurosUser)).statusCode).toBe(404);
    expect((await companyAdmin.delete(`administration/users/delete/${segurosUser}`)).statusCode).toBe(404);
    const list = await companyAdmin.get('administration/users/read?first=0&pageSize=500');
    const names = list.json().rows.map((row: { userid: string }) => row.userid);
    expect(names).toContain('company.user');
    expect(names).toContain('both.companies');
    expect(names).not.toContain('seguros.only');
    expect(list.json().total).toBe(names.length);
    const picker = await companyAdmin.get(`administration/users/usersByDomain?domainid=${await domainOf()}`);
    expect(picker.json().map((item: { description: string }) => item.description)).not.toContain('seguros.only');
    expect((await detail(domainAdmin, segurosUser)).statusCode).toBe(200);
  });

  it('cannot add themselves, or anybody, to a company that is not theirs', async () => {
    const self = (await detail(companyAdmin, await userIdOf(t.database.db, 'company.admin'))).json();
    const response = await companyAdmin.put(
      'administration/users/update',
      updateBody(self, { companyIds: [notaria, seguros] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { companyIds: 'ERR_COMPANY_NOT_ALLOWED' } });
    expect((await detail(companyAdmin, self.id)).json().companyIds).toEqual([notaria]);
    const created = await companyAdmin.post('administration/users/new', {
      userid: 'smuggled.in',
      name: 'Smuggled',
      email: 'smuggled.in@sello.local',
      language: 'es-es',
      roleId: ROLE_USER,
      companyIds: [seguros],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ companyIds: 'ERR_COMPANY_NOT_ALLOWED' });
  });

  it('leaves the other companies of a shared user as they were', async () => {
    const current = (await detail(companyAdmin, sharedUser)).json();
    const response = await companyAdmin.put(
      'administration/users/update',
      updateBody(current, { companyIds: [notaria], name: 'Renamed by the company admin' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().companyIds.sort()).toEqual([notaria, seguros].sort());
  });
});

describe('a user name taken in another domain', () => {
  it('answers a conflict that names nothing of that domain', async () => {
    const response = await domainAdmin.post('administration/users/new', {
      userid: 'ACME.admin',
      name: 'Somebody',
      email: 'somebody@sello.local',
      language: 'es-es',
      roleId: ROLE_USER,
      companyIds: [notaria],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ key: 'ERR_CONFLICT', fields: { userid: 'ERR_CONFLICT' } });
  });
});

describe('a plain administrator and companies', () => {
  it('lists, reads and edits only their own companies and creates none', async () => {
    const list = await companyAdmin.get('administration/companies/read?first=0&pageSize=100');
    expect(list.json().rows.map((row: { id: number }) => row.id)).toEqual([notaria]);
    expect(list.json().total).toBe(1);
    expect((await companyAdmin.get(`administration/companies/detail?selected=${seguros}`)).statusCode).toBe(404);
    expect((await companyAdmin.delete(`administration/companies/delete/${seguros}`)).statusCode).toBe(404);
    const own = (await companyAdmin.get(`administration/companies/detail?selected=${notaria}`)).json();
    const edit = await companyAdmin.post('administration/companies/update', {
      id: notaria,
      name: own.name,
      taxId: own.taxId,
      email: 'nueva@central.local',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const created = await companyAdmin.post('administration/companies/new', { name: 'Mine now', taxId: 'B77777779' });
    expect(created.statusCode).toBe(403);
  });
});

async function domainOf() {
  const row = await t.database.db
    .selectFrom('domains')
    .select('id')
    .where('code', '=', 'DEMO')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
