import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('account/users/read', () => {
  it('answers the signed-in user own data with the companies assigned', async () => {
    const client = await signedInClient(t.app, 'domain.admin');
    const response = await client.get('account/users/read');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userid: 'domain.admin',
      email: 'domain.admin@sello.local',
      domainName: 'Sello Demo',
      roles: ['cust_ctr_admin_dom'],
      language: 'es-es',
    });
    expect(
      response
        .json()
        .companies.map((company: { name: string }) => company.name)
        .sort(),
    ).toEqual(['Notaría Central S.L.', 'Seguros Atlántico S.A.']);
  });

  it('ignores `selected` and never reads another user', async () => {
    const client = await signedInClient(t.app, 'company.user');
    const acme = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'acme.admin')
      .executeTakeFirstOrThrow();
    const response = await client.get(`account/users/read?selected=${acme.id}`);
    expect(response.json().userid).toBe('company.user');
  });

  it('refuses a caller without a session', async () => {
    expect((await new TestClient(t.app).get('account/users/read')).statusCode).toBe(401);
  });

  // The account rides on the session's own statement: nothing of it is kept between requests.
  it('shows a change of companies, roles or permissions, a revocation and a block on the very next request', async () => {
    const db = t.database.db;
    const client = await signedInClient(t.app, 'company.user');
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'company.user')
      .executeTakeFirstOrThrow();
    const adminList = 'administration/users/read?first=0&pageSize=10';
    expect((await client.get(adminList)).statusCode).toBe(403);
    const before = (await client.get('account/users/read')).json();
    const other = await db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('domain_id', '=', user.domain_id)
      .where('id', 'not in', db.selectFrom('user_companies').select('company_id').where('user_id', '=', user.id))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await db.insertInto('user_companies').values({ user_id: user.id, company_id: other.id }).execute();
    await db
      .updateTable('users')
      .set({ roles: ['cust_ctr_admin_dom'], permissions: [...user.permissions, 'administration'] })
      .where('id', '=', user.id)
      .execute();
    expect((await client.get(adminList)).statusCode).toBe(200);
    const after = (await client.get('account/users/read')).json();
    expect(after.companies).toHaveLength(before.companies.length + 1);
    expect(after.companies).toContainEqual({ id: Number(other.id), name: other.name });
    expect(after.roles).toEqual(['cust_ctr_admin_dom']);

    await db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', user.id).execute();
    expect((await client.get('account/users/read')).statusCode).toBe(401);

    const again = await signedInClient(t.app, 'company.user');
    expect((await again.get('account/users/read')).statusCode).toBe(200);
    await db.updateTable('users').set({ blocked: true }).where('id', '=', user.id).execute();
    expect((await again.get('account/users/read')).statusCode).toBe(401);
    await db
      .updateTable('users')
      .set({ blocked: false, roles: user.roles, permissions: user.permissions })
      .where('id', '=', user.id)
      .execute();
    await db.deleteFrom('user_companies').where('user_id', '=', user.id).where('company_id', '=', other.id).execute();
  });
});

describe('account/users/update', () => {
  it('updates name and e-mail', async () => {
    const client = await signedInClient(t.app, 'company.admin');
    const response = await client.put('account/users/update', {
      name: 'Alba Núñez Ortiz',
      email: 'alba@central.local',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Alba Núñez Ortiz', email: 'alba@central.local' });
    const again = await client.get('account/users/read');
    expect(again.json().email).toBe('alba@central.local');
  });

  it('answers field errors and changes nothing for bad input', async () => {
    const client = await signedInClient(t.app, 'company.manager');
    const response = await client.put('account/users/update', { name: '', email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      key: 'ERR_VALIDATION',
      fields: { name: 'ERR_FIELD_REQUIRED', email: 'ERR_EMAIL_INVALID' },
    });
    const row = await t.database.db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('username', '=', 'company.manager')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Marta Lopes', email: 'company.manager@sello.local' });
  });

  it('changes the password only with the right current password', async () => {
    const client = await signedInClient(t.app, 'sandbox.user');
    const wrong = await client.put('account/users/update', {
      name: 'Sam Taylor',
      email: 'sandbox.user@sello.local',
      currentPassword: 'not-it',
      newPassword: 'A-new-password-2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'ERR_PWD_CURRENT_INVALID' });
    const missing = await client.put('account/users/update', {
      name: 'Sam Taylor',
      email: 'sandbox.user@sello.local',
      newPassword: 'A-new-password-2026',
    });
    expect(missing.json().fields).toEqual({ currentPassword: 'ERR_FIELD_REQUIRED' });
    const weak = await client.put('account/users/update', {
      name: 'Sam Taylor',
      email: 'sandbox.user@sello.local',
      currentPassword: 'Sello-Demo-2026',
      newPassword: 'short',
    });
    expect(weak.json().fields).toEqual({ newPassword: 'ERR_PWD_TOO_SHORT' });
    // The same policy as every other password change: common passwords, passwords easy to guess (a breached
    // one with digits, the user's own login) and the current one are refused.
    for (const [newPassword, key] of [
      ['qwerty123456', 'ERR_PWD_COMMON'],
      ['password1234', 'ERR_PWD_GUESSABLE'],
      ['abcdefghijklmnop', 'ERR_PWD_GUESSABLE'],
      ['Sello-Demo-2026', 'ERR_PWD_REUSED'],
    ]) {
      const refused = await client.put('account/users/update', {
        name: 'Sam Taylor',
        email: 'sandbox.user@sello.local',
        currentPassword: 'Sello-Demo-2026',
        newPassword,
      });
      expect(refused.json().fields, newPassword).toEqual({ newPassword: key });
    }
    const otherSession = await signedInClient(t.app, 'sandbox.user');
    const right = await client.put('account/users/update', {
      name: 'Sam Taylor',
      email: 'sandbox.user@sello.local',
      currentPassword: 'Sello-Demo-2026',
      newPassword: 'A-new-password-2026',
    });
    expect(right.statusCode).toBe(200);
    // The user's other sessions end; the one that made the change goes on.
    expect((await otherSession.get('account/users/read')).statusCode).toBe(401);
    expect((await client.get('account/users/read')).statusCode).toBe(200);
    const fresh = new TestClient(t.app);
    expect(
      (await fresh.post('security/login', { login: 'sandbox.user', password: 'Sello-Demo-2026' })).statusCode,
    ).toBe(401);
    expect(
      (await fresh.post('security/login', { login: 'sandbox.user', password: 'A-new-password-2026' })).statusCode,
    ).toBe(200);
  });
});

describe('account/users/updateLanguage', () => {
  it('stores a supported language and refuses others', async () => {
    const client = await signedInClient(t.app, 'company.user');
    expect((await client.put('account/users/updateLanguage', { language: 'en-en' })).statusCode).toBe(200);
    expect((await client.get('account/users/read')).json().language).toBe('en-en');
    const bad = await client.put('account/users/updateLanguage', { language: 'fr-fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ language: 'ERR_FIELD_INVALID' });
  });
});

describe('companies/usercompanieslist', () => {
  it('lists only the companies assigned to the caller', async () => {
    const client = await signedInClient(t.app, 'acme.admin');
    const response = await client.get('companies/usercompanieslist');
    expect(response.json().map((company: { text: string }) => company.text)).toEqual(['Acme Transportes S.L.']);
  });
});
