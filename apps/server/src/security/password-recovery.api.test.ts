import { HEADERS } from '@sello/contracts/constants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../test/admin-fixtures.ts';
import {
  lastOutboxId,
  outboxMail,
  requestRecoveryLink,
  setPasswordByLink,
  tokensOfBody,
} from '../../test/password-fixtures.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { hashToken } from '../platform/tokens.ts';

let t: TTestApp;
const NEW_PASSWORD = 'Blue lanterns over 7 quiet harbours';

beforeAll(async () => {
  t = await createTestApp({ PASSWORD_RECOVER_PER_IP_PER_HOUR: '1000', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const anonymous = () => new TestClient(t.app);

describe('security/pwdrecover', () => {
  it('answers a known and an unknown login the same; only the known one gets a link, in its language', async () => {
    const after = await lastOutboxId(t.database.db);
    const known = await anonymous().post('security/pwdrecover', { login: 'company.manager', language: 'en-en' });
    const unknown = await anonymous().post('security/pwdrecover', { login: 'nobody.here', language: 'en-en' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.json()).toEqual({ ok: true });

    // company.manager reads Portuguese.
    const mail = await outboxMail(t.database.db, 'company.manager', 'recovery', after);
    expect(mail.subject).toBe('Recupere a sua palavra-passe Sello');
    expect(mail.body).toContain('60 minutos');
    expect(mail.recipient).toBe('company.manager@sello.local');
    const links = await t.database.db
      .selectFrom('password_recovery_tokens')
      .select(['purpose', sql<number>`extract(epoch from expires_at - created_at)::int`.as('seconds')])
      .where('recovery_token_hash', '=', hashToken(tokensOfBody(mail.body).recoveryToken))
      .execute();
    expect(links).toEqual([{ purpose: 'recovery', seconds: 3600 }]);
    const all = await t.database.db
      .selectFrom('account_messages')
      .select('id')
      .where('id', '>', String(after))
      .execute();
    expect(all).toHaveLength(1);
  });

  it('answers 429 past 3 calls an hour for one login, known or not, the same', async () => {
    const statuses = async (login: string) => {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await anonymous().post('security/pwdrecover', { login, language: 'es-es' }));
      return answers.map((answer) => `${answer.statusCode} ${answer.body}`);
    };
    const known = await statuses('company.admin');
    const unknown = await statuses('ghost.user');
    expect(known).toEqual(unknown);
    expect(known.slice(0, 3)).toEqual(Array(3).fill('200 {"ok":true}'));
    expect(known[3]).toBe('429 {"key":"ERR_TOO_MANY_REQUESTS"}');
  });

  it('answers 429 past the per-address limit whatever the login', async () => {
    const limited = await createTestApp({ PASSWORD_RECOVER_PER_IP_PER_HOUR: '2' });
    try {
      const client = new TestClient(limited.app);
      const codes = [];
      for (const login of ['a.one', 'b.two', 'c.three']) {
        codes.push((await client.post('security/pwdrecover', { login, language: 'es-es' })).statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('a new link voids the previous one', async () => {
    const first = await requestRecoveryLink(anonymous(), t.database.db, 'domain.admin');
    const second = await requestRecoveryLink(anonymous(), t.database.db, 'domain.admin');
    const old = await anonymous().post('security/pwdrecoverlogin', first);
    expect([old.statusCode, old.json()]).toEqual([401, { key: 'ERR_PWD_RECOVER_TOKEN' }]);
    expect((await anonymous().post('security/pwdrecoverlogin', second)).statusCode).toBe(200);
  });
});

describe('security/pwdrecoverlogin and security/pwdchg', () => {
  it('sets the password once, ends every session, mails a notice; the old password stops working', async () => {
    const db = t.database.db;
    const before = await signedInClient(t.app, 'company.user');
    const tokens = await requestRecoveryLink(anonymous(), db, 'company.user');

    const client = anonymous();
    const opened = await client.post('security/pwdrecoverlogin', tokens);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      id: await userIdOf(db, 'company.user'),
      userid: 'company.user',
      email: 'company.user@sello.local',
      roles: expect.any(Array),
      token: expect.any(String),
    });
    const changeToken = opened.json().token as string;
    // The token is no session: it opens nothing else.
    const misuse = await t.app.inject({
      method: 'GET',
      url: '/rest/services/account/users/read',
      headers: { [HEADERS.authToken]: changeToken },
    });
    expect(misuse.statusCode).toBe(401);
    // Without it, pwdchg refuses.
    const bare = await anonymous().post('security/pwdchg', { ...tokens, newpassword: NEW_PASSWORD });
    expect([bare.statusCode, bare.json()]).toEqual([401, { key: 'ERR_PWD_RECOVER_TOKEN' }]);

    const after = await lastOutboxId(db);
    const changed = await client.call(
      'POST',
      'security/pwdchg',
      { ...tokens, newpassword: NEW_PASSWORD },
      { [HEADERS.authToken]: changeToken },
    );
    expect([changed.statusCode, changed.json()]).toEqual([200, { ok: true }]);

    expect((await before.get('account/users/read')).statusCode).toBe(401);
    const oldPassword = await anonymous().post('security/login', {
      login: 'company.user',
      password: 'Sello-Demo-2026',
    });
    expect(oldPassword.statusCode).toBe(401);
    await anonymous().login('company.user', NEW_PASSWORD);
    const notice = await outboxMail(db, 'company.user', 'password_changed', after);
    expect(notice.body).not.toContain('pwdrcvmail');

    // Single use.
    const again = await client.call(
      'POST',
      'security/pwdchg',
      { ...tokens, newpassword: 'Another long passphrase 42' },
      { [HEADERS.authToken]: changeToken },
    );
    expect([again.statusCode, again.json()]).toEqual([401, { key: 'ERR_PWD_RECOVER_TOKEN' }]);
    expect((await anonymous().post('security/pwdrecoverlogin', tokens)).statusCode).toBe(401);
  });

  it('refuses a wrong login token, an expired link and an expired change token', async () => {
    const db = t.database.db;
    const tokens = await requestRecoveryLink(anonymous(), db, 'sandbox.user');
    const wrong = await anonymous().post('security/pwdrecoverlogin', { ...tokens, loginToken: 'x'.repeat(43) });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { key: 'ERR_PWD_RECOVER_TOKEN' }]);

    const client = anonymous();
    const opened = await client.post('security/pwdrecoverlogin', tokens);
    await db
      .updateTable('password_recovery_tokens')
      .set({ change_expires_at: sql`now() - interval '1 second'` })
      .where('recovery_token_hash', '=', hashToken(tokens.recoveryToken))
      .execute();
    const late = await client.call(
      'POST',
      'security/pwdchg',
      { ...tokens, newpassword: NEW_PASSWORD },
      { [HEADERS.authToken]: opened.json().token },
    );
    expect([late.statusCode, late.json()]).toEqual([401, { key: 'ERR_PWD_RECOVER_TOKEN' }]);

    await db
      .updateTable('password_recovery_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('recovery_token_hash', '=', hashToken(tokens.recoveryToken))
      .execute();
    const expired = await anonymous().post('security/pwdrecoverlogin', tokens);
    expect([expired.statusCode, expired.json()]).toEqual([401, { key: 'ERR_PWD_RECOVER_TOKEN' }]);
  });

  it('refuses each broken rule with its own key and keeps the link usable', async () => {
    const tokens = await requestRecoveryLink(anonymous(), t.database.db, 'acme.admin');
    // An address that does not repeat the login, so each rule is seen on its own.
    const email = 'head.office@acme.local';
    await t.database.db.updateTable('users').set({ email }).where('username', '=', 'acme.admin').execute();
    const cases: [string, string][] = [
      ['eleven char', 'ERR_PWD_TOO_SHORT'],
      ['a'.repeat(129), 'ERR_PWD_TOO_LONG'],
      ['tab\tinside a long passphrase', 'ERR_PWD_NOT_PRINTABLE'],
      ['Qwerty123456', 'ERR_PWD_COMMON'],
      ['my ACME.admin passphrase', 'ERR_PWD_CONTAINS_LOGIN'],
      [`write to ${email} today`, 'ERR_PWD_CONTAINS_EMAIL'],
    ];
    for (const [password, key] of cases) {
      const answer = await setPasswordByLink(anonymous(), tokens, password);
      expect([answer.statusCode, answer.json()], password).toEqual([
        400,
        { key: 'ERR_VALIDATION', fields: { newpassword: key } },
      ]);
    }
    // Spaces and any printable Unicode are fine, with no composition rule.
    const fine = await setPasswordByLink(anonymous(), tokens, 'ñandú bebe café en São Paulo');
    expect(fine.statusCode).toBe(200);
    await anonymous().login('acme.admin', 'ñandú bebe café en São Paulo');
  });

  it('refuses any of the last five passwords and accepts the sixth-last', async () => {
    const db = t.database.db;
    const passwords = [1, 2, 3, 4, 5, 6].map((n) => `Passphrase number ${n} of many`);
    const setByNewLink = async (password: string) => {
      await db.deleteFrom('password_recover_requests').execute();
      const tokens = await requestRecoveryLink(anonymous(), db, 'company.manager');
      return setPasswordByLink(anonymous(), tokens, password);
    };
    for (const password of passwords) expect((await setByNewLink(password)).statusCode).toBe(200);
    await db.deleteFrom('password_recover_requests').execute();
    const tokens = await requestRecoveryLink(anonymous(), db, 'company.manager');
    for (const password of passwords.slice(1)) {
      const answer = await setPasswordByLink(anonymous(), tokens, password);
      expect(answer.json().fields, password).toEqual({ newpassword: 'ERR_PWD_REUSED' });
    }
    const oldest = passwords[0] as string;
    expect((await setPasswordByLink(anonymous(), tokens, oldest)).statusCode).toBe(200);
  });
});

describe('links an administrator causes, without SMTP', () => {
  it('a created user gets a welcome link for 72 h in the outbox, the answer says so, and the link works', async () => {
    const db = t.database.db;
    const admin = await signedInClient(t.app, 'domain.admin');
    const after = await lastOutboxId(db);
    const created = await admin.post('administration/users/new', {
      userid: 'nuria.welcome',
      name: 'Nuria Welcome',
      email: 'nuria.welcome@central.local',
      language: 'en-en',
      roleId: 5,
      companyIds: [],
      groupIds: [],
      active: true,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ recoveryMailSent: false, recoveryMailInOutbox: true });
    const mail = await outboxMail(db, 'nuria.welcome', 'welcome', after);
    expect(mail.subject).toBe('Your Sello account');
    expect(mail.body).toContain('72 hours');
    const tokens = tokensOfBody(mail.body);
    const link = await db
      .selectFrom('password_recovery_tokens')
      .select(['purpose', sql<number>`extract(epoch from expires_at - created_at)::int`.as('seconds')])
      .where('recovery_token_hash', '=', hashToken(tokens.recoveryToken))
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ purpose: 'welcome', seconds: 72 * 3600 });
    expect((await setPasswordByLink(anonymous(), tokens, NEW_PASSWORD)).statusCode).toBe(200);
    await anonymous().login('nuria.welcome', NEW_PASSWORD);
  });
});

describe('who may call the password calls', () => {
  it('needs no session, but the XSRF double submit like every other post', async () => {
    for (const path of ['security/pwdrecover', 'security/pwdrecoverlogin', 'security/pwdchg', 'security/pwdExpired']) {
      const forged = await t.app.inject({ method: 'POST', url: `/rest/services/${path}`, payload: {} });
      expect([forged.statusCode, forged.json()], path).toEqual([403, { key: 'ERR_XSRF_INVALID' }]);
    }
  });

  it('a signed-in session cannot stand in for the pwdrecoverlogin token', async () => {
    const tokens = await requestRecoveryLink(anonymous(), t.database.db, 'super.admin');
    const session = await signedInClient(t.app, 'super.admin');
    const answer = await session.post('security/pwdchg', { ...tokens, newpassword: NEW_PASSWORD });
    expect([answer.statusCode, answer.json()]).toEqual([401, { key: 'ERR_PWD_RECOVER_TOKEN' }]);
  });
});
