import { describe, expect, it } from 'vitest';
import { filtersParam, isXlsx, postDownloadFile, readXlsx, userIdOf } from '../../../test/admin-fixtures.ts';
import { signedInClient, type TestClient } from '../../../test/test-app.ts';
import {
  acme,
  acmeCompany,
  demo,
  detailOf,
  domainAdmin,
  legal,
  notaria,
  ROLE,
  seguros,
  setUpUsersTestApp,
  superAdmin,
  t,
} from './users.test-setup.ts';

setUpUsersTestApp();

describe('administration/roles/rolesList', () => {
  it('answers the roles the caller may give', async () => {
    const codes = async (client: TestClient) =>
      (await client.get('administration/roles/rolesList'))
        .json()
        .map((role: { description: string }) => role.description);
    expect(await codes(superAdmin)).toEqual([
      'lgt_superadm',
      'cust_ctr_admin_dom',
      'cust_ctr_admin',
      'cust_ctr_mgr',
      'cust_ctr_user',
    ]);
    expect(await codes(domainAdmin)).toEqual(['cust_ctr_admin_dom', 'cust_ctr_admin', 'cust_ctr_mgr', 'cust_ctr_user']);
    expect(await codes(await signedInClient(t.app, 'company.admin'))).toEqual([
      'cust_ctr_admin',
      'cust_ctr_mgr',
      'cust_ctr_user',
    ]);
    expect(
      (await (await signedInClient(t.app, 'company.manager')).get('administration/roles/rolesList')).statusCode,
    ).toBe(403);
  });
});

describe('administration/users/read and detail', () => {
  it('pages the users of the caller domain by username', async () => {
    const response = await domainAdmin.get('administration/users/read?pageSize=3');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(6);
    expect(body.rows.map((row: { userid: string }) => row.userid)).toEqual([
      'company.admin',
      'company.manager',
      'company.user',
    ]);
    expect(body.rows[0]).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('filters by role, language and company, and sorts by name descending', async () => {
    const byRole = await domainAdmin.get(
      `administration/users/read?filters=${filtersParam({ role: 'cust_ctr_user' })}`,
    );
    expect(byRole.json().rows.map((row: { userid: string }) => row.userid)).toEqual(['company.user', 'sandbox.user']);
    const byLanguage = await domainAdmin.get(
      `administration/users/read?filters=${filtersParam({ language: 'pt-pt' })}`,
    );
    expect(byLanguage.json().rows.map((row: { userid: string }) => row.userid)).toEqual(['company.manager']);
    const byCompany = await domainAdmin.get(`administration/users/read?companySelected=${seguros}`);
    expect(byCompany.json().rows.map((row: { userid: string }) => row.userid)).toEqual(['domain.admin']);
    const byName = await domainAdmin.get('administration/users/read?sortField=name&sortOrder=-1&pageSize=2');
    expect(byName.json().rows.map((row: { name: string }) => row.name)).toEqual(['Sofía Prieto', 'Sam Taylor']);
  });

  it('answers 404 for another domain unless super admin', async () => {
    expect((await domainAdmin.get(`administration/users/read?domainid=${acme}`)).statusCode).toBe(404);
    expect((await domainAdmin.get(`administration/users/read?companySelected=${acmeCompany}`)).statusCode).toBe(404);
    const asSuper = await superAdmin.get(`administration/users/read?domainid=${acme}`);
    expect(asSuper.json().rows.map((row: { userid: string }) => row.userid)).toEqual(['acme.admin']);
    const acmeUser = await userIdOf(t.database.db, 'acme.admin');
    const denied = await domainAdmin.get(`administration/users/detail?selected=${acmeUser}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ key: 'ERR_NOT_FOUND' });
  });

  it('details a user with role, companies, groups and permission flags', async () => {
    const detail = await detailOf(domainAdmin, 'company.admin');
    expect(detail).toMatchObject({
      userid: 'company.admin',
      roles: ['cust_ctr_admin'],
      roleId: ROLE.admin,
      companyIds: [notaria],
      groupIds: [legal],
      blocked: false,
      failedAttempts: 0,
    });
    expect(detail.permissions).toMatchObject({ administration: true, companyBin: true });
    expect(detail.permissions.administrationDomain).toBeUndefined();
  });
});

describe('administration/users/export', () => {
  it('streams the list as Excel and through the DownloadFile form post', async () => {
    const direct = await domainAdmin.get(
      `administration/users/export?language=en-en&filters=${filtersParam({ role: 'cust_ctr_admin' })}`,
    );
    expect(isXlsx(direct)).toBe(true);
    const rows = await readXlsx(direct.rawPayload);
    expect(rows[0]?.slice(0, 5)).toEqual(['Id', 'User', 'Name', 'E-mail', 'Role']);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['company.admin']);
    // The role and the language in words, not their codes.
    expect(rows[1]?.[4]).toBe('Administrator');
    expect(['Spanish', 'English', 'Portuguese']).toContain(rows[1]?.[5]);
    const form = await postDownloadFile(
      t.app,
      'administration/users/export',
      { language: 'pt-pt', sortField: 'userid', sortOrder: -1, pageSize: 2 },
      domainAdmin.token!,
    );
    expect(form.statusCode).toBe(200);
    const formRows = await readXlsx(form.rawPayload);
    expect(formRows[0]?.[1]).toBe('Utilizador');
    expect(formRows.slice(1).map((row) => row[1])).toEqual(['super.admin', 'sandbox.user']);
  });
});

describe('administration/users pickers', () => {
  it('usersByDomain answers the live users of a domain, narrowed by search', async () => {
    const response = await domainAdmin.get(`administration/users/usersByDomain?domainid=${demo}&search=ortega`);
    expect(response.json()).toEqual([
      {
        value: await userIdOf(t.database.db, 'domain.admin'),
        text: 'Daniel Ortega',
        description: 'domain.admin',
        blocked: false,
      },
    ]);
    expect((await domainAdmin.get(`administration/users/usersByDomain?domainid=${acme}`)).statusCode).toBe(404);
  });
});
