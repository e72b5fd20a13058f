import { describe, expect, it, vi } from 'vitest';
import { filtersParam, userIdOf } from '../../../test/admin-fixtures.ts';
import { signedInClient, TestClient } from '../../../test/test-app.ts';
import {
  acme,
  acmeCompany,
  demo,
  detailOf,
  domainAdmin,
  legal,
  newUser,
  notaria,
  ROLE,
  seguros,
  setUpUsersTestApp,
  sink,
  superAdmin,
  t,
} from './users.test-setup.ts';

setUpUsersTestApp();

describe('administration/users/new', () => {
  it('creates a user with a random password, the role defaults and a mailed recovery link', async () => {
    const response = await domainAdmin.post('administration/users/new', newUser());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      userid: 'lucia.martin',
      domainId: demo,
      roles: ['cust_ctr_user'],
      roleId: ROLE.user,
      companyIds: [notaria],
      groupIds: [legal],
      permissions: { shippingList: true, newSend: true, editMode: true },
      recoveryMailSent: true,
    });
    expect(Object.keys(body.permissions).sort()).toEqual(['editMode', 'newSend', 'shippingList']);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'lucia.martin')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const mail = sink.received.find((entry) => entry.to.includes('lucia.martin@central.local'));
    expect(mail?.raw).toContain('lucia.martin');
    const link = mail?.raw
      .replace(/=\r?\n/g, '')
      .match(/#\/pwdrcvmail\?recoveryToken=3D([\w-]+)&loginToken=3D([\w-]+)/);
    expect(link).not.toBeNull();
    const tokens = await t.database.db
      .selectFrom('password_recovery_tokens')
      .select(['used_at', 'expires_at'])
      .where('user_id', '=', String(body.id))
      .execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.used_at).toBeNull();
  });

  it('keeps the permission map the administrator sends', async () => {
    const response = await domainAdmin.post(
      'administration/users/new',
      newUser({ userid: 'pablo.gil', roleId: ROLE.manager, permissions: { shippingList: true, templates: true } }),
    );
    expect(response.json().permissions).toEqual({ shippingList: true, templates: true });
  });

  it('answers a field error for each invalid value and creates nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ userid: 'abc' }, { userid: 'ERR_PATTERN_USERNAME' }],
      [{ userid: 'a'.repeat(51) }, { userid: 'ERR_PATTERN_USERNAME' }],
      [{ userid: 'ana..perez' }, { userid: 'ERR_PATTERN_USERNAME' }],
      [{ userid: '.anaperez' }, { userid: 'ERR_PATTERN_USERNAME' }],
      [{ userid: 'ana perez' }, { userid: 'ERR_PATTERN_USERNAME' }],
      [{ name: '' }, { name: 'ERR_FIELD_REQUIRED' }],
      [{ email: 'ana@' }, { email: 'ERR_EMAIL_INVALID' }],
      [{ language: 'fr-fr' }, { language: 'ERR_FIELD_INVALID' }],
      [{ roleId: 99 }, { roleId: 'ERR_FIELD_INVALID' }],
      [{ roleId: ROLE.superAdmin }, { roleId: 'ERR_ROLE_NOT_ALLOWED' }],
      [{ companyIds: [acmeCompany] }, { companyIds: 'ERR_FIELD_INVALID' }],
      [{ companyIds: [notaria, notaria] }, { companyIds: 'ERR_FIELD_INVALID' }],
      [{ groupIds: [99999] }, { groupIds: 'ERR_FIELD_INVALID' }],
      [{ permissions: { nope: true } }, { permissions: 'ERR_FIELD_INVALID' }],
    ];
    for (const [overrides, fields] of cases) {
      const response = await domainAdmin.post(
        'administration/users/new',
        newUser({ userid: 'valid.user', ...overrides }),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json(), JSON.stringify(overrides)).toEqual({ key: 'ERR_VALIDATION', fields });
    }
    const count = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', ['valid.user', 'abc', 'ana..perez'])
      .execute();
    expect(count).toEqual([]);
  });

  it('does not let an administrator grant a flag they do not hold', async () => {
    const acmeAdmin = await signedInClient(t.app, 'acme.admin');
    const response = await acmeAdmin.post(
      'administration/users/new',
      newUser({ userid: 'acme.new', companyIds: [], groupIds: [], permissions: { shpImport: true } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ permissions: 'ERR_PERMISSION_NOT_ALLOWED' });
    const defaults = await acmeAdmin.post(
      'administration/users/new',
      newUser({ userid: 'acme.manager', roleId: ROLE.manager, companyIds: [], groupIds: [] }),
    );
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json().domainId).toBe(acme);
    expect(defaults.json().permissions.shpImport).toBeUndefined();
  });

  it('refuses a username live in any domain, whatever its case', async () => {
    const same = await domainAdmin.post('administration/users/new', newUser({ userid: 'Company.Admin' }));
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ key: 'ERR_CONFLICT', fields: { userid: 'ERR_CONFLICT' } });
    const other = await domainAdmin.post('administration/users/new', newUser({ userid: 'acme.admin' }));
    expect(other.statusCode).toBe(409);
  });

  it('creates in another domain only for a super admin', async () => {
    const denied = await domainAdmin.post(`administration/users/new?domainid=${acme}`, newUser({ userid: 'x.acme' }));
    expect(denied.statusCode).toBe(404);
    const created = await superAdmin.post(
      `administration/users/new?domainid=${acme}`,
      newUser({ userid: 'ana.acme', companyIds: [acmeCompany], groupIds: [] }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ domainId: acme, companyIds: [acmeCompany] });
  });
});

describe('administration/users/update', () => {
  it('updates data, companies and groups in one go', async () => {
    const id = await userIdOf(t.database.db, 'company.user');
    const response = await domainAdmin.put('administration/users/update', {
      id,
      ...newUser({
        userid: 'company.user',
        name: 'Javier Ruiz Soto',
        email: 'javier@central.local',
        language: 'en-en',
        companyIds: [notaria, seguros],
        groupIds: [],
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Javier Ruiz Soto',
      language: 'en-en',
      companyIds: [notaria, seguros].sort((a, b) => a - b),
      groupIds: [],
    });
    expect(response.json().recoveryMailSent).toBeUndefined();
    expect(response.json().permissions).toEqual({ shippingList: true, newSend: true, editMode: true });
  });

  it('keeps a plain admin away from stronger accounts and stronger roles', async () => {
    const admin = await signedInClient(t.app, 'company.admin');
    const target = await userIdOf(t.database.db, 'domain.admin');
    const stronger = await admin.put('administration/users/update', {
      id: target,
      ...newUser({ userid: 'domain.admin', roleId: ROLE.domainAdmin }),
    });
    expect(stronger.statusCode).toBe(403);
    const manager = await userIdOf(t.database.db, 'company.manager');
    const raise = await admin.put('administration/users/update', {
      id: manager,
      ...newUser({ userid: 'company.manager', roleId: ROLE.domainAdmin }),
    });
    expect(raise.statusCode).toBe(400);
    expect(raise.json().fields).toEqual({ roleId: 'ERR_ROLE_NOT_ALLOWED' });
    expect((await admin.delete(`administration/users/delete/${target}`)).statusCode).toBe(403);
    expect((await admin.put(`administration/users/unblock/${target}`)).statusCode).toBe(403);
  });

  it('keeps administrators from locking themselves out', async () => {
    const self = await userIdOf(t.database.db, 'domain.admin');
    const base = {
      id: self,
      ...newUser({ userid: 'domain.admin', roleId: ROLE.domainAdmin, companyIds: [], groupIds: [] }),
    };
    const role = await domainAdmin.put('administration/users/update', { ...base, roleId: ROLE.user });
    expect(role.json().fields).toEqual({ roleId: 'ERR_SELF_ACTION' });
    const inactive = await domainAdmin.put('administration/users/update', { ...base, active: false });
    expect(inactive.json().fields).toEqual({ active: 'ERR_SELF_ACTION' });
    const flags = await domainAdmin.put('administration/users/update', {
      ...base,
      permissions: { administration: true },
    });
    expect(flags.json().fields).toEqual({ permissions: 'ERR_SELF_ACTION' });
    expect((await domainAdmin.delete(`administration/users/delete/${self}`)).json()).toEqual({
      key: 'ERR_SELF_ACTION',
    });
  });

  it('blocks a user, who then cannot sign in, and unblocks them', async () => {
    const id = await userIdOf(t.database.db, 'sandbox.user');
    const body = {
      id,
      ...newUser({ userid: 'sandbox.user', email: 'sandbox.user@sello.local', companyIds: [notaria] }),
    };
    const blocked = await domainAdmin.put('administration/users/update', { ...body, blocked: true });
    expect(blocked.json().blocked).toBe(true);
    const login = await new TestClient(t.app).post('security/login', {
      login: 'sandbox.user',
      password: 'Sello-Demo-2026',
    });
    expect(login.json().key).toBe('ERR_ACCOUNT_LOCKED');
    const unblocked = await domainAdmin.put('administration/users/update', { ...body, blocked: false });
    expect(unblocked.json()).toMatchObject({ blocked: false, failedAttempts: 0 });
    await new TestClient(t.app).login('sandbox.user');
  });

  it('resets the password: the old one stops working, sessions end, a link is mailed', async () => {
    const victim = await signedInClient(t.app, 'company.manager');
    const id = await userIdOf(t.database.db, 'company.manager');
    const current = await detailOf(domainAdmin, 'company.manager');
    const response = await domainAdmin.put('administration/users/update', {
      id,
      userid: current.userid,
      name: current.name,
      email: current.email,
      language: current.language,
      roleId: current.roleId,
      companyIds: current.companyIds,
      groupIds: current.groupIds,
      active: true,
      resetPassword: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().recoveryMailSent).toBe(true);
    expect(response.json().permissions).toEqual(current.permissions);
    expect((await victim.get('account/users/read')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('security/login', {
      login: 'company.manager',
      password: 'Sello-Demo-2026',
    });
    expect(login.statusCode).toBe(401);
    const mail = sink.received.find((entry) => entry.to.includes('company.manager@sello.local'));
    expect(mail?.raw.replace(/=\r?\n/g, '')).toMatch(/#\/pwdrcvmail\?recoveryToken=3D[\w-]+&loginToken=3D[\w-]+/);
  });

  it('answers 404 for another domain user and 409 for a taken username', async () => {
    const acmeUser = await userIdOf(t.database.db, 'acme.admin');
    const other = await domainAdmin.put('administration/users/update', {
      id: acmeUser,
      ...newUser({ userid: 'acme.admin' }),
    });
    expect(other.statusCode).toBe(404);
    const id = await userIdOf(t.database.db, 'pablo.gil');
    const taken = await domainAdmin.put('administration/users/update', { id, ...newUser({ userid: 'company.user' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ userid: 'ERR_CONFLICT' });
  });
});

describe('administration/users delete, recover and unblock', () => {
  it('soft-deletes a user, lists them as deleted with who and when, and recovers them', async () => {
    const id = await userIdOf(t.database.db, 'pablo.gil');
    expect((await domainAdmin.delete(`administration/users/delete/${id}`)).statusCode).toBe(200);
    expect((await domainAdmin.get(`administration/users/detail?selected=${id}`)).statusCode).toBe(404);
    const bin = await domainAdmin.get(`administration/users/read?filters=${filtersParam({ deleted: true })}`);
    expect(bin.json().rows).toEqual([expect.objectContaining({ id, userid: 'pablo.gil', deletedBy: 'Daniel Ortega' })]);
    expect((await domainAdmin.put(`administration/users/recover/${id}`)).statusCode).toBe(200);
    expect((await domainAdmin.get(`administration/users/detail?selected=${id}`)).json().deletedAt).toBeNull();
  });

  it('refuses to recover a user whose username was reused meanwhile', async () => {
    const first = await domainAdmin.post('administration/users/new', newUser({ userid: 'reused.name' }));
    await domainAdmin.delete(`administration/users/delete/${first.json().id}`);
    expect((await domainAdmin.post('administration/users/new', newUser({ userid: 'Reused.Name' }))).statusCode).toBe(
      200,
    );
    const recover = await domainAdmin.put(`administration/users/recover/${first.json().id}`);
    expect(recover.statusCode).toBe(409);
    expect(recover.json()).toEqual({ key: 'ERR_CONFLICT', fields: { userid: 'ERR_CONFLICT' } });
  });

  it('a deleted user loses the session and cannot sign in', async () => {
    const id = await userIdOf(t.database.db, 'company.user');
    const session = await signedInClient(t.app, 'company.user');
    await domainAdmin.delete(`administration/users/delete/${id}`);
    expect((await session.get('account/users/read')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('security/login', {
      login: 'company.user',
      password: 'Sello-Demo-2026',
    });
    expect(login.statusCode).toBe(401);
    await domainAdmin.put(`administration/users/recover/${id}`);
  });

  it('unblocks a user locked by failed sign-ins', async () => {
    const client = new TestClient(t.app);
    for (let attempt = 0; attempt < 3; attempt++) {
      await client.post('security/login', { login: 'company.user', password: 'wrong' });
    }
    // Administrators see the lock once the failure has been answered (login-lock.ts: tellOwner runs after the answer).
    await vi.waitFor(async () =>
      expect(await detailOf(domainAdmin, 'company.user')).toMatchObject({ blocked: true, failedAttempts: 3 }),
    );
    const id = await userIdOf(t.database.db, 'company.user');
    expect((await domainAdmin.put(`administration/users/unblock/${id}`)).json()).toEqual({ ok: true });
    expect(await detailOf(domainAdmin, 'company.user')).toMatchObject({ blocked: false, failedAttempts: 0 });
    await client.login('company.user');
    const acmeUser = await userIdOf(t.database.db, 'acme.admin');
    expect((await domainAdmin.put(`administration/users/unblock/${acmeUser}`)).statusCode).toBe(404);
  });

  it('an inactive user cannot sign in', async () => {
    await t.database.db.updateTable('users').set({ active: false }).where('username', '=', 'lucia.martin').execute();
    await t.database.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.database.db
            .selectFrom('users')
            .select('password_hash')
            .where('username', '=', 'company.user')
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('username', '=', 'lucia.martin')
      .execute();
    const login = await new TestClient(t.app).post('security/login', {
      login: 'lucia.martin',
      password: 'Sello-Demo-2026',
    });
    expect(login.statusCode).toBe(401);
  });
});
