import type { ChildProcess } from 'node:child_process';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitFor } from '../../test/processes.ts';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { signedInClient, TEST_CERTIFICATE_KEY, type TTestApp } from '../../test/test-app.ts';
import { connectDatabase, type TDatabase } from '../db/database.ts';

// The kill test of issue 4: a real server process works the dispatch against a slow SMTP server, is
// killed with SIGKILL in the middle, and started again. No message may reach the SMTP server twice and
// no shipping may stay behind.

const SHIPPINGS = 12;

let setup: TTestApp;
let database: TDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: ChildProcess | null = null;
const logs: (() => string)[] = [];

beforeAll(async () => {
  // One message at a time takes 400 ms to be accepted: the kill lands while some are on the wire.
  smtp = await startSmtpSink({ delayMs: 400 });
  // Shippings are created through the API of an app that works no jobs; their dispatch jobs wait queued.
  setup = await createShippingTestApp({ SMTP_URL: smtp.url });
  const user = await signedInClient(setup.app, 'company.user');
  for (let index = 0; index < SHIPPINGS; index++) await sendShipping(user, setup.database.db, 'Notarial notification');
  database = connectDatabase(setup.config.DATABASE_URL!, 2, pino({ level: 'silent' }));
  await setup.app.close();
});
afterAll(async () => {
  server?.kill('SIGKILL');
  await database?.close();
  await setup?.database.close();
  await smtp?.close();
});

async function startServer(): Promise<ChildProcess> {
  const port = await freePort();
  const started = spawnServer({
    port,
    databaseUrl: setup.config.DATABASE_URL!,
    dataDir: setup.config.dataDir,
    certificateKey: TEST_CERTIFICATE_KEY,
    env: {
      SMTP_URL: smtp.url,
      DELIVERY_SWEEP_STALE_SECONDS: '2',
    },
  });
  logs.push(started.output);
  return started.child;
}

/** What every server process of this test printed, for failure messages. */
const printed = () => logs.map((output) => output()).join('');

const count = async (query: string) => Number((await database.pool.query(query)).rows[0].n);

/** The Message-ID local part of each mail the SMTP server took: the message guids. */
function receivedGuids(): string[] {
  return smtp.received.map((mail) => /Message-ID: <([0-9a-f-]{36})@/i.exec(mail.raw)?.[1] ?? 'none');
}

describe('killing the server in the middle of the dispatch', () => {
  it('never sends a message twice and leaves no shipping behind', { timeout: 240_000 }, async () => {
    expect(await count("SELECT count(*) AS n FROM shippings WHERE state = 'pending_to_send'")).toBe(SHIPPINGS);

    server = await startServer();
    await waitFor(async () => smtp.received.length >= 2, 90_000, `the first mails (${printed()})`);
    // Killed while messages are on the wire (marked `sending`, the SMTP server holding them).
    await waitFor(
      async () => (await count("SELECT count(*) AS n FROM delivery_messages WHERE status = 'sending'")) > 0,
      30_000,
      'a message on the wire',
    );
    expect(smtp.received.length).toBeLessThan(SHIPPINGS);
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    const atKill = {
      received: smtp.received.length,
      sending: await count("SELECT count(*) AS n FROM delivery_messages WHERE status = 'sending'"),
      queued: await count("SELECT count(*) AS n FROM delivery_messages WHERE status = 'queued'"),
    };
    expect(atKill.sending).toBeGreaterThan(0);

    server = await startServer();
    await waitFor(
      async () =>
        (await count(
          "SELECT count(*) AS n FROM delivery_messages WHERE status IN ('queued', 'sending') OR status IS NULL",
        )) === 0 &&
        (await count("SELECT count(*) AS n FROM shippings WHERE state = 'pending_to_send'")) === 0 &&
        (await count('SELECT count(*) AS n FROM delivery_messages')) === SHIPPINGS,
      150_000,
      `every message settled (${printed()})`,
    );
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
    server = null;
    const schedule = await database.pool.query("SELECT cron FROM pgboss.schedule WHERE name = 'delivery-sweep'");
    expect(schedule.rows).toEqual([{ cron: '* * * * *' }]);

    // At most once: every guid the SMTP server received is distinct.
    const guids = receivedGuids();
    expect(new Set(guids).size).toBe(guids.length);
    const messages = (
      await database.pool.query<{ guid: string; status: string; state: string; result: string | null }>(
        `SELECT m.guid, m.status, s.state, s.result FROM delivery_messages m JOIN shippings s ON s.id = m.shipping_id`,
      )
    ).rows;
    expect(messages).toHaveLength(SHIPPINGS);
    for (const message of messages) {
      if (message.status === 'delivered') {
        // Accepted by the SMTP server: delivered, the shipping in course.
        expect(guids).toContain(message.guid);
        expect(message.state).toBe('in_course');
      } else {
        // Cut while on the wire: unknown, never sent again, the shipping failed with evidence (its
        // certificate being made or made).
        expect(message.status).toBe('unknown');
        expect(message.result).toBe('error');
        expect(['pending_cert', 'closed']).toContain(message.state);
      }
    }
    // Whatever the SMTP server took is on record as delivered or unknown.
    const settled = new Map(messages.map((message) => [message.guid, message.status]));
    for (const guid of guids) expect(['delivered', 'unknown']).toContain(settled.get(guid));
    expect(atKill.received).toBeLessThanOrEqual(guids.length);
  });
});
