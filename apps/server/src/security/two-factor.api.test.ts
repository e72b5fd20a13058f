import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { currentTotp } from '../../test/totp-reference.ts';
import {
  challengeOf,
  enrolAuthenticator,
  letTimePass,
  passwordStep,
  trustCookieOf,
} from '../../test/two-factor-fixtures.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const userIdOf = async (username: string) =>
  (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('enrolment on the account screen', () => {
  it('gives a key and QR code, refuses a wrong first code, and answers ten recovery codes once confirmed', async () => {
    const client = await signedInClient(t.app, 'company.user');
    expect((await client.get('account/twoFactor/status')).json()).toEqual({
      enrolled: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const started = (await client.post('account/twoFactor/enrol')).json();
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUri).toContain(`secret=${started.secret}`);
    expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\/Sello:company\.user\?/);
    expect(started.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const wrongCode = String((Number(currentTotp(started.secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await client.post('account/twoFactor/confirm', { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ key: 'ERR_VALIDATION', fields: { code: 'ERR_2FA_CODE_INVALID' } });
    expect((await client.get('account/twoFactor/status')).json().enrolled).toBe(false);

    const confirmed = await client.post('account/twoFactor/confirm', { code: currentTotp(started.secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect((await client.get('account/twoFactor/status')).json()).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: 10,
    });

    const row = await t.database.db
      .selectFrom('user_two_factor')
      .select('totp_secret')
      .where('user_id', '=', await userIdOf('company.user'))
      .executeTakeFirstOrThrow();
    expect(row.totp_secret!.includes(Buffer.from(started.secret))).toBe(false);
    const stored = await t.database.db.selectFrom('two_factor_recovery_codes').select('code_hash').execute();
    expect(stored.some((r) => codes.some((code) => r.code_hash.includes(code.replaceAll('-', ''))))).toBe(false);
  });
});

describe('signing in with a second factor', () => {
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    ({ secret, recoveryCodes } = await enrolAuthenticator(await signedInClient(t.app, 'company.manager')));
  });

  it('answers a challenge after a right password, and nothing about the account', async () => {
    const response = await passwordStep(new TestClient(t.app), 'company.manager');
    expect(response.statusCode).toBe(200);
    expect(response.headers['auth-token']).toBeUndefined();
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['challenge', 'enrol', 'methods', 'twoFactorRequired']);
    expect(body).toMatchObject({ twoFactorRequired: true, enrol: false, methods: ['totp', 'recovery', 'email'] });
    const wrongPassword = await new TestClient(t.app).post('security/login', {
      login: 'company.manager',
      password: 'x',
    });
    expect(wrongPassword.json()).toEqual({ key: 'ERR_LOGIN_INVALID' });
  });

  it('opens the session with the code of the authenticator, and never takes the same code twice', async () => {
    await letTimePass(t, 'company.manager');
    const client = new TestClient(t.app);
    const challenge = await challengeOf(client, 'company.manager');
    const code = currentTotp(secret);
    const response = await client.post('security/twoFactorLogin', { challenge, code, trustBrowser: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userid: 'company.manager' });
    expect(response.headers['auth-token']).toBe(response.json().token);
    expect((await client.get('account/users/read')).statusCode).toBe(200);
    expect(trustCookieOf(response)).toBeUndefined();

    const again = new TestClient(t.app);
    const replay = await again.post('security/twoFactorLogin', {
      challenge: await challengeOf(again, 'company.manager'),
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ key: 'ERR_2FA_CODE_INVALID', params: { attemptsLeft: 4 } });
    // A challenge is single use too.
    const reused = await again.post('security/twoFactorLogin', { challenge, code: currentTotp(secret, 1) });
    expect(reused.json()).toEqual({ key: 'ERR_2FA_CHALLENGE_ENDED' });
  });

  it('accepts the codes of the previous and next step, not two steps away', async () => {
    for (const [steps, ok] of [
      [-2, false],
      [2, false],
      [-1, true],
    ] as const) {
      await letTimePass(t, 'company.manager');
      const client = new TestClient(t.app);
      const challenge = await challengeOf(client, 'company.manager');
      const response = await client.post('security/twoFactorLogin', { challenge, code: currentTotp(secret, steps) });
      expect(response.statusCode, `step ${steps}`).toBe(ok ? 200 : 401);
    }
  });

  it('ends the challenge at the fifth wrong code, even for the right code after it', async () => {
    await letTimePass(t, 'company.manager');
    const client = new TestClient(t.app);
    const challenge = await challengeOf(client, 'company.manager');
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push((await client.post('security/twoFactorLogin', { challenge, code: '000000' })).json());
    }
    expect(answers).toEqual([
      { key: 'ERR_2FA_CODE_INVALID', params: { attemptsLeft: 4 } },
      { key: 'ERR_2FA_CODE_INVALID', params: { attemptsLeft: 3 } },
      { key: 'ERR_2FA_CODE_INVALID', params: { attemptsLeft: 2 } },
      { key: 'ERR_2FA_CODE_INVALID', params: { attemptsLeft: 1 } },
      { key: 'ERR_2FA_CHALLENGE_ENDED' },
    ]);
    const right = await client.post('security/twoFactorLogin', { challenge, code: currentTotp(secret) });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ key: 'ERR_2FA_CHALLENGE_ENDED' });
    const events = await t.database.db
      .selectFrom('two_factor_events')
      .select('kind')
      .where('user_id', '=', await userIdOf('company.manager'))
      .execute();
    expect(events.map((event) => event.kind)).toContain('challenge_ended');
  });

  it('refuses an expired challenge', async () => {
    await letTimePass(t, 'company.manager');
    const client = new TestClient(t.app);
    const challenge = await challengeOf(client, 'company.manager');
    await t.database.db
      .updateTable('two_factor_challenges')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('closed_at', 'is', null)
      .execute();
    const response = await client.post('security/twoFactorLogin', { challenge, code: currentTotp(secret) });
    expect(response.json()).toEqual({ key: 'ERR_2FA_CHALLENGE_ENDED' });
    const unknown = await client.post('security/twoFactorLogin', { challenge: 'no-such-challenge', code: '123456' });
    expect(unknown.json()).toEqual({ key: 'ERR_2FA_CHALLENGE_ENDED' });
  });

  it('takes each recovery code once, in any case and with or without dashes', async () => {
    const code = recoveryCodes[0]!;
    const first = new TestClient(t.app);
    const used = await first.post('security/twoFactorLogin', {
      challenge: await challengeOf(first, 'company.manager'),
      code: code.replaceAll('-', ' ').toLowerCase(),
    });
    expect(used.statusCode).toBe(200);
    const second = new TestClient(t.app);
    const reused = await second.post('security/twoFactorLogin', {
      challenge: await challengeOf(second, 'company.manager'),
      code,
    });
    expect(reused.json().key).toBe('ERR_2FA_CODE_INVALID');
    expect((await first.get('account/twoFactor/status')).json().recoveryCodesLeft).toBe(9);
  });

  it('answers field errors for a code of the wrong shape', async () => {
    const response = await new TestClient(t.app).post('security/twoFactorLogin', { challenge: 'x', code: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { code: 'ERR_2FA_CODE_INVALID' } });
  });
});

describe('a code by e-mail', () => {
  it('keeps the code in the account outbox without SMTP; it works once and for 10 minutes', async () => {
    await enrolAuthenticator(await signedInClient(t.app, 'sandbox.user'));
    const client = new TestClient(t.app);
    const challenge = await challengeOf(client, 'sandbox.user');
    const sent = await client.post('security/twoFactorSendCode', { challenge });
    expect(sent.json()).toEqual({ sentTo: 's***@sello.local' });
    const mail = await t.database.db
      .selectFrom('account_outbox')
      .selectAll()
      .where('user_id', '=', await userIdOf('sandbox.user'))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toMatch(/^sandbox\.user@/);
    const code = /\b(\d{6})\b/.exec(mail.body)![1]!;
    const opened = await client.post('security/twoFactorLogin', { challenge, code });
    expect(opened.statusCode).toBe(200);

    const later = new TestClient(t.app);
    const next = await challengeOf(later, 'sandbox.user');
    await later.post('security/twoFactorSendCode', { challenge: next });
    const body = (
      await t.database.db.selectFrom('account_outbox').select('body').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).body;
    await t.database.db
      .updateTable('two_factor_challenges')
      .set({ mail_code_expires_at: sql`now() - interval '1 second'` })
      .where('closed_at', 'is', null)
      .execute();
    const expired = await later.post('security/twoFactorLogin', {
      challenge: next,
      code: /\b(\d{6})\b/.exec(body)![1]!,
    });
    expect(expired.json().key).toBe('ERR_2FA_CODE_INVALID');
  });
});

describe('trust this browser', () => {
  it('skips the second factor for the domain’s cool-down, for that user only', async () => {
    const { secret } = await enrolAuthenticator(await signedInClient(t.app, 'company.admin'));
    await letTimePass(t, 'company.admin');
    const client = new TestClient(t.app);
    const response = await client.post('security/twoFactorLogin', {
      challenge: await challengeOf(client, 'company.admin'),
      code: currentTotp(secret),
      trustBrowser: true,
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((entry) => entry.name === 'sello_trusted_browser')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 4 * 3600 });
    const stored = await t.database.db.selectFrom('trusted_browsers').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === cookie.value)).toBe(false);

    const trusted = await passwordStep(new TestClient(t.app), 'company.admin', cookie.value);
    expect(trusted.json()).toMatchObject({ userid: 'company.admin' });
    expect(trusted.headers['auth-token']).toBe(trusted.json().token);
    // Bound to its user: another enrolled user on the same browser is still asked.
    expect((await passwordStep(new TestClient(t.app), 'company.manager', cookie.value)).json().twoFactorRequired).toBe(
      true,
    );
    // Past the cool-down (4 h by default), the browser is asked again.
    await t.database.db
      .updateTable('trusted_browsers')
      .set({ created_at: sql`now() - interval '4 hours 1 minute'`, expires_at: sql`now() + interval '1 minute'` })
      .execute();
    expect((await passwordStep(new TestClient(t.app), 'company.admin', cookie.value)).json().twoFactorRequired).toBe(
      true,
    );
  });
});
