import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf, userIdOf } from '../../test/admin-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { currentTotp } from '../../test/totp-reference.ts';
import { challengeOf, enrolAuthenticator, passwordStep } from '../../test/two-factor-fixtures.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

/** Sets the DEMO domain's rule through the domain form's call, as its domain administrator. */
async function requireTwoFactor(admin: TestClient, rule: 'off' | 'admins' | 'all') {
  const id = await domainIdOf(t.database.db, 'DEMO');
  const current = (await admin.get(`administration/domains/detail?selected=${id}`)).json();
  const response = await admin.put('administration/domains/update', {
    id,
    code: current.code,
    name: current.name,
    description: current.description,
    domainType: current.domainType,
    active: current.active,
    twoFactorCoolDownHours: current.twoFactorCoolDownHours,
    twoFactorRequired: rule,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().twoFactorRequired).toBe(rule);
}

describe('a domain that requires a second factor', () => {
  let domainAdmin: TestClient;
  beforeAll(async () => {
    domainAdmin = await signedInClient(t.app, 'domain.admin');
  });
  afterAll(() => requireTwoFactor(domainAdmin, 'off'));

  it('refuses an unknown rule', async () => {
    const id = await domainIdOf(t.database.db, 'DEMO');
    const response = await domainAdmin.put('administration/domains/update', {
      id,
      code: 'DEMO',
      name: 'Sello Demo',
      twoFactorRequired: 'sometimes',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ twoFactorRequired: expect.any(String) });
  });

  it('for administrators: leads an administrator to enrol after the password; other users sign in as before', async () => {
    await requireTwoFactor(domainAdmin, 'admins');
    const manager = await passwordStep(new TestClient(t.app), 'company.manager');
    expect(manager.json()).toMatchObject({ userid: 'company.manager' });

    const client = new TestClient(t.app);
    const step = (await passwordStep(client, 'company.admin')).json();
    expect(step).toMatchObject({ twoFactorRequired: true, enrol: true, methods: ['totp'] });
    // Without an authenticator there is nothing to verify, and no e-mail code instead of enrolling.
    const skip = await client.post('security/twoFactorLogin', { challenge: step.challenge, code: '123456' });
    expect(skip.json()).toEqual({ key: 'ERR_2FA_NOT_ENROLLED' });
    expect((await client.post('security/twoFactorSendCode', { challenge: step.challenge })).json()).toEqual({
      key: 'ERR_2FA_NOT_ENROLLED',
    });

    const enrolment = (await client.post('security/twoFactorEnrolStart', { challenge: step.challenge })).json();
    expect(enrolment.otpauthUri).toContain('company.admin');
    const wrong = await client.post('security/twoFactorEnrolLogin', { challenge: step.challenge, code: '000000' });
    expect(wrong.json()).toEqual({ key: 'ERR_2FA_CODE_INVALID', params: { attemptsLeft: 4 } });
    const done = await client.post('security/twoFactorEnrolLogin', {
      challenge: step.challenge,
      code: currentTotp(enrolment.secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ userid: 'company.admin' });
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect((await client.get('account/twoFactor/status')).json()).toMatchObject({ enrolled: true, required: true });
    // From now on the administrator is asked for a code.
    expect((await passwordStep(new TestClient(t.app), 'company.admin')).json()).toMatchObject({ enrol: false });
  });

  it('for everybody: every user is asked', async () => {
    await requireTwoFactor(domainAdmin, 'all');
    const manager = await passwordStep(new TestClient(t.app), 'company.manager');
    expect(manager.json()).toMatchObject({ twoFactorRequired: true, enrol: true });
    // The other domain keeps its own rule.
    expect((await passwordStep(new TestClient(t.app), 'acme.admin')).json()).toMatchObject({ userid: 'acme.admin' });
  });
});

describe('an administrator resets a second factor', () => {
  it('removes the authenticator, recovery codes and trusted browsers, and records who did it', async () => {
    const { secret } = await enrolAuthenticator(await signedInClient(t.app, 'company.user'));
    const client = new TestClient(t.app);
    const trusted = await client.post('security/twoFactorLogin', {
      challenge: await challengeOf(client, 'company.user'),
      code: currentTotp(secret, 1),
      trustBrowser: true,
    });
    expect(trusted.statusCode).toBe(200);
    const target = await userIdOf(t.database.db, 'company.user');
    const count = async (table: 'user_two_factor' | 'two_factor_recovery_codes' | 'trusted_browsers') =>
      (await t.database.db.selectFrom(table).select('user_id').where('user_id', '=', String(target)).execute()).length;
    expect([
      await count('user_two_factor'),
      await count('two_factor_recovery_codes'),
      await count('trusted_browsers'),
    ]).toEqual([1, 10, 1]);

    // Another domain's administrator does not find the user; a manager may not; nobody resets their own.
    const acme = await signedInClient(t.app, 'acme.admin');
    expect((await acme.put(`administration/users/resetTwoFactor/${target}`)).statusCode).toBe(404);
    const manager = await signedInClient(t.app, 'company.manager');
    expect((await manager.put(`administration/users/resetTwoFactor/${target}`)).statusCode).toBe(403);
    expect(await count('user_two_factor')).toBe(1);
    const domainAdmin = await signedInClient(t.app, 'domain.admin');
    const self = await domainAdmin.put(
      `administration/users/resetTwoFactor/${await userIdOf(t.database.db, 'domain.admin')}`,
    );
    expect(self.json()).toEqual({ key: 'ERR_SELF_ACTION' });

    const reset = await domainAdmin.put(`administration/users/resetTwoFactor/${target}`);
    expect(reset.json()).toEqual({ ok: true });
    expect([
      await count('user_two_factor'),
      await count('two_factor_recovery_codes'),
      await count('trusted_browsers'),
    ]).toEqual([0, 0, 0]);
    const event = await t.database.db
      .selectFrom('two_factor_events')
      .select(['kind', 'actor_id'])
      .where('user_id', '=', String(target))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ kind: 'reset', actor_id: String(await userIdOf(t.database.db, 'domain.admin')) });
    // The user signs in with the password alone again (the domain asks for nothing) and may enrol anew.
    expect((await passwordStep(new TestClient(t.app), 'company.user')).json()).toMatchObject({
      userid: 'company.user',
    });

    // A super admin reaches every domain.
    const superAdmin = await signedInClient(t.app, 'super.admin');
    const acmeId = await userIdOf(t.database.db, 'acme.admin');
    expect((await superAdmin.put(`administration/users/resetTwoFactor/${acmeId}`)).statusCode).toBe(200);
  });
});

describe('the account calls', () => {
  it('need a session', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('account/twoFactor/status')).statusCode).toBe(401);
    expect((await anonymous.post('account/twoFactor/enrol')).statusCode).toBe(401);
    expect((await anonymous.post('account/twoFactor/confirm', { code: '123456' })).statusCode).toBe(401);
  });
});

describe('a code by e-mail with SMTP', () => {
  it('mails the code to the user through the SMTP server', async () => {
    const sink = await startSmtpSink();
    const app = await createTestApp({ SMTP_URL: sink.url, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      await enrolAuthenticator(await signedInClient(app.app, 'company.manager'));
      const client = new TestClient(app.app);
      const challenge = await challengeOf(client, 'company.manager');
      expect((await client.post('security/twoFactorSendCode', { challenge })).statusCode).toBe(200);
      expect(sink.received).toHaveLength(1);
      const mail = sink.received[0]!;
      expect(mail.to).toEqual(['company.manager@sello.local']);
      // company.manager reads Portuguese.
      expect(mail.raw).toMatch(/c=C3=B3digo|código/);
      const code = /\b(\d{6})\b/.exec(mail.raw.split('\r\n\r\n').slice(1).join('\n'))![1]!;
      const opened = await client.post('security/twoFactorLogin', { challenge, code });
      expect(opened.statusCode).toBe(200);
      const outbox = await app.database.db.selectFrom('account_outbox').select('id').execute();
      expect(outbox).toEqual([]);
      // Three codes per challenge at most.
      const next = await challengeOf(client, 'company.manager');
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await client.post('security/twoFactorSendCode', { challenge: next })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
      await sink.close();
    }
  });
});
