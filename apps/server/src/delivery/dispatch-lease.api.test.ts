import type { ChildProcess } from 'node:child_process';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitFor } from '../../test/processes.ts';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { signedInClient, TEST_CERTIFICATE_KEY, type TTestApp } from '../../test/test-app.ts';
import { connectDatabase, type TDatabase } from '../db/database.ts';

// Two working copies of the real server share the dispatch; one is killed with SIGKILL while it holds jobs.
// Its leases stop being renewed and the other copy takes its jobs over within seconds: the sweep cannot be what
// resumes them (it waits 10 minutes here), and no message reaches the SMTP server twice.

const SHIPPINGS = 12;
const LEASE_SECONDS = 6;
/** The promise: work left by a crash resumes within 30 s. */
const RESUMED_WITHIN_MS = 30_000;

let setup: TTestApp;
let user: Awaited<ReturnType<typeof signedInClient>>;
let database: TDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const servers: ChildProcess[] = [];
const logs: (() => string)[] = [];

beforeAll(async () => {
  // Each mail takes 5 s to be accepted, so both copies are sure to be holding some at once.
  smtp = await startSmtpSink({ delayMs: 5_000 });
  // Shippings are created through the API of an app that works no jobs, once both copies are up.
  setup = await createShippingTestApp({ SMTP_URL: smtp.url });
  user = await signedInClient(setup.app, 'company.user');
  database = connectDatabase(setup.config.DATABASE_URL!, 2, pino({ level: 'silent' }));
}, 600_000);
afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  await database?.close();
  await setup?.app.close();
  await setup?.database.close();
  await smtp?.close();
});

async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const started = spawnServer({
    port,
    databaseUrl: setup.config.DATABASE_URL!,
    dataDir: setup.config.dataDir,
    certificateKey: TEST_CERTIFICATE_KEY,
    env: { SMTP_URL: smtp.url, JOB_LEASE_SECONDS: String(LEASE_SECONDS), DELIVERY_SWEEP_STALE_SECONDS: '600' },
  });
  logs.push(started.output);
  servers.push(started.child);
  return { child: started.child, port };
}

const printed = () => logs.map((output) => output()).join('');
const rows = async <T>(query: string, values: unknown[] = []) => (await database.pool.query(query, values)).rows as T[];
const isUp = async (port: number) => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok === true;

/** The send jobs a copy (by its process id) holds leases on: the ids of their messages. */
const leasedMessages = async (pid: number) =>
  (
    await rows<{ messageId: string }>(
      `SELECT payload->>'messageId' AS "messageId" FROM job_leases WHERE queue = 'delivery-send' AND holder LIKE $1`,
      [`%/${pid}/%`],
    )
  ).map((row) => row.messageId);

describe('a copy that dies while working jobs', () => {
  it('has its jobs taken over by another copy within 30 s, nothing sent twice', { timeout: 600_000 }, async () => {
    const copies = [await startServer(), await startServer()] as const;
    await waitFor(async () => (await isUp(copies[0].port)) && isUp(copies[1].port), 240_000, `copies (${printed()})`);
    for (let index = 0; index < SHIPPINGS; index++)
      await sendShipping(user, setup.database.db, 'Notarial notification');
    // The copy killed is one that holds sends at that moment (under load one copy may take them all for a while).
    let doomed: (typeof copies)[number] | undefined;
    await waitFor(
      async () => {
        for (const copy of copies) if ((await leasedMessages(copy.child.pid!)).length > 0) doomed = copy;
        return doomed !== undefined;
      },
      120_000,
      `leases (${printed()})`,
    );
    if (!doomed) throw new Error('no copy held a send');
    const dead = doomed;
    dead.child.kill('SIGKILL');
    await new Promise((resolve) => dead.child.once('exit', resolve));
    const killedAt = Date.now();
    // Its leases outlive it by at least two thirds of a lease: what it held when it died.
    const held = await leasedMessages(dead.child.pid!);
    expect(held.length, 'the first copy held work when it was killed').toBeGreaterThan(0);
    // Resumed: the other copy claimed the dead copy's leases and queued their jobs again (one transaction), and the
    // operator was told which copy's work it took over. Sending them (5 s a mail, behind its own) comes after.
    const takenOver = /"level":50.*stuck work found and queued again: a copy stopped renewing its leases/;
    await waitFor(
      async () => (await leasedMessages(dead.child.pid!)).length === 0 && takenOver.test(printed()),
      RESUMED_WITHIN_MS,
      `the killed copy's work taken over by the other copy (${printed()})`,
    );
    expect(Date.now() - killedAt).toBeLessThan(RESUMED_WITHIN_MS);
    expect(printed()).toContain(`/${dead.child.pid}/`);

    await waitFor(
      async () =>
        (await rows(`SELECT 1 FROM delivery_messages WHERE status IN ('queued', 'sending')`)).length === 0 &&
        (await rows(`SELECT 1 FROM shippings WHERE state = 'pending_to_send'`)).length === 0 &&
        (await rows(`SELECT 1 FROM delivery_messages`)).length === SHIPPINGS,
      240_000,
      `every message settled (${printed()})`,
    );
    // At most once: every message the SMTP server took is a different one, and each is on record as taken.
    const guids = smtp.received.map((mail) => /Message-ID: <([0-9a-f-]{36})@/i.exec(mail.raw)?.[1] ?? 'none');
    expect(new Set(guids).size).toBe(guids.length);
    const messages = await rows<{ guid: string; status: string }>('SELECT guid, status FROM delivery_messages');
    const settled = new Map(messages.map((message) => [message.guid, message.status]));
    for (const guid of guids) expect(['delivered', 'unknown']).toContain(settled.get(guid));
    // Only the killed copy's mails on the wire may be unknown; every other one was delivered once.
    const unknown = messages.filter((message) => message.status === 'unknown');
    expect(unknown.length).toBeLessThanOrEqual(held.length);
    expect(messages.filter((message) => message.status === 'delivered').length).toBe(SHIPPINGS - unknown.length);
  });
});
