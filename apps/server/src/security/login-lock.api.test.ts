import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../demo/demo-password.ts';

/** Wrong passwords lock for a while (LOGIN_LOCK_MINUTES), mail the owner, and never tell who exists. */

let t: TTestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const MAX = 5;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, LOGIN_RATE_LIMIT_PER_MINUTE: '10000', LOGIN_LOCK_MINUTES: '15' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const signIn = (login: string, password: string) => new TestClient(t.app).post('security/login', { login, password });

async function lockOut(login: string) {
  for (let attempt = 0; attempt < MAX; attempt++) await signIn(login, 'wrong-password');
}

const lockOf = (login: string) =>
  t.database.db
    .selectFrom('users')
    .select([sql<number>`extract(epoch from locked_until - now())`.as('secondsLeft'), 'blocked'])
    .where('username', '=', login)
    .executeTakeFirstOrThrow();

/** Lets the lock of `login` run out, as if its minutes had passed. */
const expireLock = (login: string) =>
  t.database.db
    .updateTable('users')
    .set({ locked_until: sql`now() - interval '1 second'` })
    .where('username', '=', login)
    .execute();

describe('locking by wrong passwords', () => {
  it('answers a wrong password, locked or not, exactly as an unknown login', async () => {
    const answers = [];
    for (let attempt = 0; attempt < MAX + 3; attempt++) {
      const wrong = await signIn('company.user', 'wrong-password');
      const unknown = await signIn('nobody.at.all', 'wrong-password');
      answers.push([wrong.statusCode, wrong.body, unknown.statusCode, unknown.body]);
    }
    for (const answer of answers)
      expect(answer).toEqual([401, '{"key":"ERR_LOGIN_INVALID"}', 401, '{"key":"ERR_LOGIN_INVALID"}']);
    const right = await signIn('company.user', DEMO_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ key: 'ERR_ACCOUNT_LOCKED' });
    // Wrong passwords while locked do not lengthen the lock: 15 minutes from the fifth.
    const { secondsLeft, blocked } = await lockOf('company.user');
    expect(blocked).toBe(false);
    expect(Number(secondsLeft)).toBeGreaterThan(14 * 60);
    expect(Number(secondsLeft)).toBeLessThanOrEqual(15 * 60);
  });

  it('opens by itself when the lock runs out', async () => {
    await lockOut('sandbox.user');
    expect((await signIn('sandbox.user', DEMO_PASSWORD)).statusCode).toBe(403);
    await expireLock('sandbox.user');
    expect((await signIn('sandbox.user', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('mails the owner of a locked account once', async () => {
    const before = sink.received.length;
    await lockOut('company.manager');
    await signIn('company.manager', 'still-wrong');
    const mails = sink.received.slice(before).filter((mail) => mail.to.includes('company.manager@sello.local'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('company.manager');
    const stored = await t.database.db
      .selectFrom('account_messages')
      .select(['transport', 'purpose', 'recipient'])
      .where('recipient', '=', 'company.manager@sello.local')
      .execute();
    expect(stored).toEqual([{ transport: 'smtp', purpose: 'lock', recipient: 'company.manager@sello.local' }]);
  });

  it('is lifted earlier by an administrator of the domain', async () => {
    await lockOut('company.admin');
    const domainAdmin = await signedInClient(t.app, 'domain.admin');
    const listed = async (blocked: boolean) =>
      (await domainAdmin.get(`administration/users/read?filters=${encodeURIComponent(JSON.stringify({ blocked }))}`))
        .json()
        .rows.map((row: { userid: string }) => row.userid);
    expect(await listed(true)).toContain('company.admin');
    expect(await listed(false)).not.toContain('company.admin');
    const id = await userId('company.admin');
    expect((await domainAdmin.put(`administration/users/unblock/${id}`)).statusCode).toBe(200);
    expect(await listed(true)).not.toContain('company.admin');
    expect(await listed(false)).toContain('company.admin');
    expect((await signIn('company.admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("lets only another super admin, or the operator's command, lift a super admin's lock", async () => {
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
    const id = await userId('super.admin');
    expect((await domainAdmin.put(`administration/users/unblock/${id}`)).statusCode).toBe(403);
    expect((await signIn('super.admin', DEMO_PASSWORD)).statusCode).toBe(403);
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
      const stored = await bare.database.db
        .selectFrom('account_messages')
        .select(['transport', 'subject'])
        .where('purpose', '=', 'lock')
        .execute();
      expect(stored).toHaveLength(1);
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
