import { createHmac } from 'node:crypto';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { currentTotp } from '../../test/totp-reference.ts';
import { challengeOf, enrolAuthenticator, letTimePass, passwordStep } from '../../test/two-factor-fixtures.ts';

/** Wrong second-factor codes count per user across challenges; the tenth locks the factor and mails the owner. */

const HANDOVER_SECRET = 'core-platform-shared-secret-of-the-test-0123456789';
const USER = 'company.user';
let t: TTestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let secret: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    CORE_HANDOVER_SECRET: HANDOVER_SECRET,
  });
  ({ secret } = await enrolAuthenticator(await signedInClient(t.app, USER)));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const userRow = () =>
  t.database.db
    .selectFrom('users')
    .select([
      'id',
      'two_factor_failures as failures',
      sql<number>`extract(epoch from two_factor_locked_until - now())::float8`.as('secondsLocked'),
      sql<boolean>`locked_until > now()`.as('shownLocked'),
    ])
    .where('username', '=', USER)
    .executeTakeFirstOrThrow();

const challengesOpened = async () =>
  (
    await t.database.db
      .selectFrom('two_factor_challenges')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('user_id', '=', (await userRow()).id)
      .executeTakeFirstOrThrow()
  ).count;

/** The core platform's hand-over of the user, and the browser's sign-in with it. */
async function handedOverSignIn() {
  const raw = JSON.stringify({ login: USER });
  const given = await t.app.inject({
    method: 'POST',
    url: '/rest/services/security/saml/coreHandover',
    headers: {
      'content-type': 'application/json',
      'x-sello-signature': createHmac('sha256', HANDOVER_SECRET).update(raw).digest('hex'),
    },
    payload: raw,
  });
  const { requestHash, tokenHash } = given.json();
  return new TestClient(t.app).post('security/saml/coreLogin', { requestHash, tokenHash });
}

describe('locking the second factor', () => {
  it('counts wrong codes across challenges, locks at the tenth, mails the owner and opens no challenge meanwhile', async () => {
    const client = new TestClient(t.app);
    const first = await challengeOf(client, USER);
    const second = await challengeOf(client, USER);
    const answers = [];
    // Four on each of two challenges (neither ends), then the rest on a third.
    for (const challenge of [first, first, first, first, second, second, second, second]) {
      answers.push((await client.post('security/twoFactorLogin', { challenge, code: '000000' })).json());
    }
    const third = await challengeOf(client, USER);
    answers.push((await client.post('security/twoFactorLogin', { challenge: third, code: '000000' })).json());
    const before = sink.received.length;
    const tenth = await client.post('security/twoFactorLogin', { challenge: third, code: '000000' });
    expect(answers.map((answer) => answer.params?.attemptsLeft)).toEqual([4, 3, 2, 1, 4, 3, 2, 1, 1]);
    expect([tenth.statusCode, tenth.json()]).toEqual([403, { key: 'ERR_2FA_LOCKED' }]);
    const locked = await userRow();
    expect(locked.failures).toBe(TWO_FACTOR.maxFailedCodesPerUser);
    expect(Number(locked.secondsLocked)).toBeGreaterThan(14 * 60);
    expect(Number(locked.secondsLocked)).toBeLessThanOrEqual(15 * 60);
    expect(locked.shownLocked).toBe(true);

    // The owner is mailed once, through SMTP, in their language.
    const mails = sink.received.slice(before).filter((mail) => mail.to.includes('company.user@sello.local'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain(USER);
    const stored = await t.database.db
      .selectFrom('account_messages')
      .select(['purpose', 'transport'])
      .where('user_id', '=', locked.id)
      .where('purpose', '=', 'two_factor_lock')
      .execute();
    expect(stored).toEqual([{ purpose: 'two_factor_lock', transport: 'smtp' }]);
    const events = await t.database.db
      .selectFrom('two_factor_events')
      .select('kind')
      .where('user_id', '=', locked.id)
      .execute();
    expect(events.map((event) => event.kind)).toContain('locked');
    const audited = await t.database.db
      .selectFrom('audit_records')
      .select(['actor_name', 'changes'])
      .where('entity_id', '=', locked.id)
      .where('action', '=', 'two-factor-lock')
      .execute();
    expect(audited).toEqual([
      { actor_name: USER, changes: { lockMinutes: { before: null, after: TWO_FACTOR.lockMinutes } } },
    ]);

    // While locked: no code is judged, not even the right one on a challenge still open…
    await letTimePass(t, USER);
    const right = await client.post('security/twoFactorLogin', { challenge: second, code: currentTotp(secret) });
    expect([right.statusCode, right.json()]).toEqual([403, { key: 'ERR_2FA_LOCKED' }]);
    const mailed = await client.post('security/twoFactorSendCode', { challenge: second });
    expect([mailed.statusCode, mailed.json()]).toEqual([403, { key: 'ERR_2FA_LOCKED' }]);
    // …and no path opens a new challenge: the right password, the core hand-over.
    const opened = await challengesOpened();
    const password = await passwordStep(new TestClient(t.app), USER);
    expect([password.statusCode, password.json()]).toEqual([403, { key: 'ERR_2FA_LOCKED' }]);
    const handedOver = await handedOverSignIn();
    expect([handedOver.statusCode, handedOver.json()]).toEqual([403, { key: 'ERR_2FA_LOCKED' }]);
    expect(await challengesOpened()).toBe(opened);
    expect((await userRow()).failures).toBe(TWO_FACTOR.maxFailedCodesPerUser);
  });

  it('opens again when the lock runs out, and a right code starts the count again', async () => {
    await t.database.db
      .updateTable('users')
      .set({ two_factor_locked_until: sql`now() - interval '1 second'` })
      .where('username', '=', USER)
      .execute();
    await letTimePass(t, USER);
    const client = new TestClient(t.app);
    const challenge = await challengeOf(client, USER);
    const wrong = await client.post('security/twoFactorLogin', { challenge, code: '000000' });
    expect(wrong.json()).toEqual({ key: 'ERR_2FA_CODE_INVALID', params: { attemptsLeft: 4 } });
    expect((await userRow()).failures).toBe(1);
    const right = await client.post('security/twoFactorLogin', { challenge, code: currentTotp(secret) });
    expect(right.statusCode).toBe(200);
    expect((await userRow()).failures).toBe(0);
  });

  it('is lifted earlier by an administrator’s unblock', async () => {
    const client = new TestClient(t.app);
    for (let round = 0; round < 2; round++) {
      const challenge = await challengeOf(client, USER);
      for (let attempt = 0; attempt < TWO_FACTOR.maxFailedCodes; attempt++) {
        await client.post('security/twoFactorLogin', { challenge, code: '000000' });
      }
    }
    expect((await passwordStep(new TestClient(t.app), USER)).json()).toEqual({ key: 'ERR_2FA_LOCKED' });
    const admin = await signedInClient(t.app, 'domain.admin');
    expect((await admin.put(`administration/users/unblock/${(await userRow()).id}`)).statusCode).toBe(200);
    expect((await passwordStep(new TestClient(t.app), USER)).json()).toMatchObject({ twoFactorRequired: true });
  });
});
