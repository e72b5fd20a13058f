import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { hashToken } from '../platform/tokens.ts';

let t: TTestApp;
const OLD = 'Sello-Demo-2026';
const NEW = 'Fresh mountain air in April';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILED_ATTEMPTS: '5', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

async function ageDemoPasswords(days: number) {
  await t.database.db
    .updateTable('users')
    .set({ password_changed_at: sql`now() - make_interval(days => ${days})` })
    .where('domain_id', '=', String(await domainIdOf(t.database.db, 'DEMO')))
    .execute();
}

const expiredBody = (overrides: Record<string, string> = {}) => ({
  login: 'company.user',
  password: OLD,
  newpassword: NEW,
  newconfirmpassword: NEW,
  ...overrides,
});

describe('password expiry', () => {
  it('is off by default: an old password still signs in', async () => {
    await ageDemoPasswords(4000);
    expect(
      (await new TestClient(t.app).post('security/login', { login: 'company.user', password: OLD })).statusCode,
    ).toBe(200);
  });

  it('the domain form sets the maximum age; past it sign-in answers ERR_PWD_EXPIRED and opens no session', async () => {
    const superAdmin = await signedInClient(t.app, 'super.admin');
    const demo = await domainIdOf(t.database.db, 'DEMO');
    const detail = (await superAdmin.get(`administration/domains/detail?selected=${demo}`)).json();
    expect(detail.passwordMaxAgeDays).toBeNull();
    const { id, code, name, description, domainType, active, twoFactorCoolDownHours } = detail;
    const base = { id, code, name, description, domainType, active, twoFactorCoolDownHours };
    const bad = await superAdmin.put('administration/domains/update', { ...base, passwordMaxAgeDays: 0 });
    expect(bad.json().fields).toEqual({ passwordMaxAgeDays: 'ERR_FIELD_INVALID' });
    const saved = await superAdmin.put('administration/domains/update', { ...base, passwordMaxAgeDays: 90 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().passwordMaxAgeDays).toBe(90);
    await ageDemoPasswords(91);

    const sessionsBefore = await t.database.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const answer = await new TestClient(t.app).post('security/login', { login: 'company.user', password: OLD });
    expect([answer.statusCode, answer.json()]).toEqual([403, { key: 'ERR_PWD_EXPIRED' }]);
    const sessionsAfter = await t.database.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(sessionsAfter.n).toBe(sessionsBefore.n);
    // A wrong password still answers as any wrong password: expiry tells nothing without the right one.
    const wrong = await new TestClient(t.app).post('security/login', { login: 'company.user', password: 'nope' });
    expect(wrong.json()).toEqual({ key: 'ERR_LOGIN_INVALID' });
    // Another domain's users are not affected.
    await t.database.db
      .updateTable('users')
      .set({ password_changed_at: sql`now() - interval '4000 days'` })
      .where('username', '=', 'acme.admin')
      .execute();
    expect(
      (await new TestClient(t.app).post('security/login', { login: 'acme.admin', password: OLD })).statusCode,
    ).toBe(200);
  });

  it('pwdExpired refuses a wrong current password, a mismatch and a refused new password', async () => {
    const failures = async () =>
      (
        await t.database.db
          .selectFrom('sign_in_failures')
          .select('failures')
          .where('login_hash', '=', hashToken('company.user'))
          .executeTakeFirst()
      )?.failures ?? 0;
    const before = await failures();
    const client = new TestClient(t.app);
    const wrong = await client.post('security/pwdExpired', expiredBody({ password: 'not-it' }));
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { key: 'ERR_LOGIN_INVALID' }]);
    // The failed attempt counted, as at sign-in.
    expect(await failures()).toBe(before + 1);
    const mismatch = await client.post('security/pwdExpired', expiredBody({ newconfirmpassword: `${NEW}!` }));
    expect(mismatch.json()).toEqual({ key: 'ERR_VALIDATION', fields: { newconfirmpassword: 'ERR_PWD_MISMATCH' } });
    const same = await client.post('security/pwdExpired', expiredBody({ newpassword: OLD, newconfirmpassword: OLD }));
    expect(same.json()).toEqual({ key: 'ERR_VALIDATION', fields: { newpassword: 'ERR_PWD_REUSED' } });
    const short = await client.post(
      'security/pwdExpired',
      expiredBody({ newpassword: 'short', newconfirmpassword: 'short' }),
    );
    expect(short.json()).toEqual({ key: 'ERR_VALIDATION', fields: { newpassword: 'ERR_PWD_TOO_SHORT' } });
    // The right current password forgot the source's failures, as at sign-in.
    expect(await failures()).toBe(0);
  });

  it('pwdExpired sets the new password and signs in; then it refuses a password that has not expired', async () => {
    const client = new TestClient(t.app);
    const answer = await client.post('security/pwdExpired', expiredBody());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ userid: 'company.user', token: expect.any(String) });
    expect((await client.get('account/users/read')).statusCode).toBe(200);
    await new TestClient(t.app).login('company.user', NEW);
    const again = await new TestClient(t.app).post(
      'security/pwdExpired',
      expiredBody({
        password: NEW,
        newpassword: 'Yet another fine passphrase',
        newconfirmpassword: 'Yet another fine passphrase',
      }),
    );
    expect([again.statusCode, again.json()]).toEqual([409, { key: 'ERR_PWD_NOT_EXPIRED' }]);
  });
});
