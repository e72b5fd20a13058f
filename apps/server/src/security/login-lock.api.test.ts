import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { currentTotp } from '../../test/totp-reference.ts';
import { enrolAuthenticator, letTimePass } from '../../test/two-factor-fixtures.ts';
import { DEMO_PASSWORD } from '../demo/demo-password.ts';
import { hashToken } from '../platform/tokens.ts';

/**
 * Wrong passwords delay the login from their source for a while (LOGIN_LOCK_MINUTES, doubling), mail the owner at most
 * once an hour, never tell who exists, and never keep the owner out from elsewhere.
 */

let t: TTestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const MAX = 5;
const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.9';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, LOGIN_RATE_LIMIT_PER_MINUTE: '10000', LOGIN_LOCK_MINUTES: '15' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const from = (source?: string) => {
  const client = new TestClient(t.app);
  client.remoteAddress = source;
  return client;
};
const signIn = (login: string, password: string, source?: string) =>
  from(source).post('security/login', { login, password });

async function lockOut(login: string, source?: string) {
  for (let attempt = 0; attempt < MAX; attempt++) await signIn(login, 'wrong-password', source);
}

/** The delays of a login's sources, in seconds left. */
const delaysOf = async (login: string) =>
  (
    await t.database.db
      .selectFrom('sign_in_failures')
      .select(['source', 'failures', sql<number>`extract(epoch from delayed_until - now())::float8`.as('secondsLeft')])
      .where('login_hash', '=', hashToken(login))
      .orderBy('source')
      .execute()
  ).map((row) => ({ ...row, secondsLeft: row.secondsLeft === null ? null : Number(row.secondsLeft) }));

/** Lets the delays of `login` run out, as if their minutes had passed. */
const expireDelays = (login: string) =>
  t.database.db
    .updateTable('sign_in_failures')
    .set({ delayed_until: sql`now() - interval '1 second'` })
    .where('login_hash', '=', hashToken(login))
    .where('delayed_until', 'is not', null)
    .execute();

const lockMails = (address: string, since: number) =>
  sink.received.slice(since).filter((mail) => mail.to.includes(address));

describe('delaying by wrong passwords', () => {
  it('answers a known login exactly as an unknown one, delayed or not, right password included', async () => {
    const answers = [];
    for (let attempt = 0; attempt < MAX + 3; attempt++) {
      const wrong = await signIn('company.user', 'wrong-password');
      const unknown = await signIn('nobody.at.all', 'wrong-password');
      answers.push([wrong.statusCode, wrong.json(), unknown.statusCode, unknown.json()]);
    }
    const invalid = [401, { key: 'ERR_LOGIN_INVALID' }, 401, { key: 'ERR_LOGIN_INVALID' }];
    const delayed = { key: 'ERR_LOGIN_DELAYED', params: { retryAfterSeconds: expect.any(Number) } };
    expect(answers).toEqual([...Array(MAX).fill(invalid), ...Array(3).fill([429, delayed, 429, delayed])]);
    // Every attempt from the delayed source waits, the right password too: it is not even checked.
    const right = await signIn('company.user', DEMO_PASSWORD);
    expect([right.statusCode, right.json()]).toEqual([429, delayed]);
    expect(right.json().params.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(right.json().params.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // Attempts while delayed neither count nor lengthen it: 15 minutes from the fifth, for both logins alike.
    for (const login of ['company.user', 'nobody.at.all']) {
      const [delay] = await delaysOf(login);
      expect(delay).toMatchObject({ source: '127.0.0.1', failures: MAX });
      expect(delay!.secondsLeft).toBeGreaterThan(14 * 60);
      expect(delay!.secondsLeft).toBeLessThanOrEqual(15 * 60);
    }
    const blocked = await t.database.db
      .selectFrom('users')
      .select('blocked')
      .where('username', '=', 'company.user')
      .executeTakeFirstOrThrow();
    expect(blocked.blocked).toBe(false);
  });

  it('writes for an unknown login exactly what it writes for a known one, and leaves the user row alone', async () => {
    const source = '192.0.2.44';
    const rowVersion = async () =>
      (
        await t.database.db
          .selectFrom('users')
          .select(sql<string>`xmin::text`.as('xmin'))
          .where('username', '=', 'domain.admin')
          .executeTakeFirstOrThrow()
      ).xmin;
    const before = await rowVersion();
    expect((await signIn('domain.admin', 'wrong-password', source)).statusCode).toBe(401);
    expect((await signIn('no.such.login', 'wrong-password', source)).statusCode).toBe(401);
    const written = [{ source, failures: 1, secondsLeft: null }];
    expect(await delaysOf('domain.admin')).toEqual(written);
    expect(await delaysOf('no.such.login')).toEqual(written);
    // What only a real account gets waits for a delay and runs after the answer: a wrong password rewrites no user.
    expect(await rowVersion()).toBe(before);
  });

  it('ends by itself, and each failure after it delays twice as long', async () => {
    await lockOut('sandbox.user');
    expect((await signIn('sandbox.user', DEMO_PASSWORD)).statusCode).toBe(429);
    await expireDelays('sandbox.user');
    expect((await signIn('sandbox.user', 'wrong-again')).json()).toEqual({ key: 'ERR_LOGIN_INVALID' });
    const [doubled] = await delaysOf('sandbox.user');
    expect(doubled!.failures).toBe(MAX + 1);
    expect(doubled!.secondsLeft).toBeGreaterThan(29 * 60);
    expect(doubled!.secondsLeft).toBeLessThanOrEqual(30 * 60);
    await expireDelays('sandbox.user');
    expect((await signIn('sandbox.user', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await delaysOf('sandbox.user')).toEqual([]);
  });

  it("keeps a stranger's source out while the owner signs in from another with password and second factor", async () => {
    const owner = await signedInClient(t.app, 'acme.admin');
    const { secret } = await enrolAuthenticator(owner);
    await letTimePass(t, 'acme.admin');
    const before = sink.received.length;
    for (let attempt = 0; attempt < MAX + 2; attempt++) await signIn('acme.admin', `guess-${attempt}`, STRANGER);

    const strangerRight = await signIn('acme.admin', DEMO_PASSWORD, STRANGER);
    expect([strangerRight.statusCode, strangerRight.json().key]).toEqual([429, 'ERR_LOGIN_DELAYED']);

    const client = from(OWNER);
    const challenge = await client.post('security/login', { login: 'acme.admin', password: DEMO_PASSWORD });
    expect(challenge.json()).toMatchObject({ twoFactorRequired: true });
    const session = await client.post('security/twoFactorLogin', {
      challenge: challenge.json().challenge,
      code: currentTotp(secret),
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ userid: 'acme.admin' });
    expect(await delaysOf('acme.admin')).toEqual([
      { source: STRANGER, failures: MAX, secondsLeft: expect.any(Number) },
    ]);

    // The owner is told once, with the stranger's address.
    const mails = await vi.waitFor(() => {
      const found = lockMails('acme.admin@acme.local', before);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mails[0]!.raw).toContain(STRANGER);
  });

  it('mails the owner at most once an hour, however many sources and delays', async () => {
    const before = sink.received.length;
    const stored = () =>
      t.database.db
        .selectFrom('account_messages')
        .select(['transport', 'purpose', 'recipient'])
        .where('recipient', '=', 'company.manager@sello.local')
        .execute();
    const lockOfOwner = () =>
      t.database.db
        .selectFrom('users')
        .select(['lock_mailed_at', sql<number>`extract(epoch from locked_until - now())::float8`.as('secondsLeft')])
        .where('username', '=', 'company.manager')
        .executeTakeFirstOrThrow();
    await lockOut('company.manager');
    await vi.waitFor(async () =>
      expect(await stored()).toEqual([
        { transport: 'smtp', purpose: 'lock', recipient: 'company.manager@sello.local' },
      ]),
    );
    const { lock_mailed_at: mailedAt } = await lockOfOwner();
    await lockOut('company.manager', STRANGER);
    await expireDelays('company.manager');
    await signIn('company.manager', 'still-wrong');
    // The later delays reached the account (30 minutes now), and none of them claimed another mail.
    await vi.waitFor(async () => expect(Number((await lockOfOwner()).secondsLeft)).toBeGreaterThan(29 * 60));
    expect((await lockOfOwner()).lock_mailed_at).toEqual(mailedAt);
    expect(await stored()).toHaveLength(1);
    const mails = lockMails('company.manager@sello.local', before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('company.manager');
  });

  it('is lifted earlier by an administrator of the domain, for every source', async () => {
    await lockOut('company.admin');
    await lockOut('company.admin', STRANGER);
    const domainAdmin = await signedInClient(t.app, 'domain.admin');
    const listed = async (blocked: boolean) =>
      (await domainAdmin.get(`administration/users/read?filters=${encodeURIComponent(JSON.stringify({ blocked }))}`))
        .json()
        .rows.map((row: { userid: string }) => row.userid);
    await vi.waitFor(async () => expect(await listed(true)).toContain('company.admin'));
    expect(await listed(false)).not.toContain('company.admin');
    const id = await userId('company.admin');
    expect((await domainAdmin.get(`administration/users/detail?selected=${id}`)).json().failedAttempts).toBe(2 * MAX);
    expect((await domainAdmin.put(`administration/users/unblock/${id}`)).statusCode).toBe(200);
    expect(await listed(true)).not.toContain('company.admin');
    expect(await listed(false)).toContain('company.admin');
    expect((await domainAdmin.get(`administration/users/detail?selected=${id}`)).json().failedAttempts).toBe(0);
    expect((await signIn('company.admin', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signIn('company.admin', DEMO_PASSWORD, STRANGER)).statusCode).toBe(200);
  });

  it("lets only another super admin, or the operator's command, lift a super admin's delays", async () => {
    await t.database.db
      .insertInto('users')
      .columns(['domain_id', 'username', 'name', 'email', 'password_hash', 'language', 'roles', 'permissions'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([
            'domain_id',
            sql.lit('second.super').as('username'),
            sql.lit('Second super').as('name'),
            sql.lit('second.super@sello.local').as('email'),
            'password_hash',
            'language',
            'roles',
            'permissions',
          ])
          .where('username', '=', 'super.admin'),
      )
      .execute();
    const domainAdmin = await signedInClient(t.app, 'domain.admin');
    const secondSuper = await signedInClient(t.app, 'second.super');
    await lockOut('super.admin');
    // A stranger cannot keep the super admin out: from elsewhere the right password still signs in.
    expect((await signIn('super.admin', DEMO_PASSWORD, OWNER)).statusCode).toBe(200);
    const id = await userId('super.admin');
    expect((await domainAdmin.put(`administration/users/unblock/${id}`)).statusCode).toBe(403);
    expect((await signIn('super.admin', DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await secondSuper.put(`administration/users/unblock/${id}`)).statusCode).toBe(200);
    expect((await signIn('super.admin', DEMO_PASSWORD)).statusCode).toBe(200);

    await lockOut('super.admin');
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../../../../scripts/unlock-user.ts'), 'super.admin'],
      { env: { ...process.env, DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' } },
    );
    expect(run.stdout).toContain('super.admin can sign in again');
    expect((await signIn('super.admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('lock mail without SMTP', () => {
  it('is kept in the outbox', async () => {
    const bare = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10000' });
    try {
      for (let attempt = 0; attempt < MAX; attempt++) {
        await new TestClient(bare.app).post('security/login', { login: 'company.user', password: 'wrong' });
      }
      const stored = await vi.waitFor(async () => {
        const rows = await bare.database.db
          .selectFrom('account_messages')
          .select(['transport', 'subject'])
          .where('purpose', '=', 'lock')
          .execute();
        expect(rows).toHaveLength(1);
        return rows;
      });
      expect(stored[0]!.transport).toBe('outbox');
    } finally {
      await bare.close();
    }
  });
});

async function userId(login: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', login)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
