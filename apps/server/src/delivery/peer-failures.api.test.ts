import { createServer, type Server, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderStub } from '../../test/provider-stub.ts';
import { s3Env, startS3Server, type TS3TestServer } from '../../test/s3-server.ts';
import {
  createShippingTestApp,
  LUCIA,
  readChain,
  selectMessagesOf,
  sendShipping,
} from '../../test/shipping-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { verifyChain } from '../shippings/event-chain.ts';
import { dispatchShippings } from './dispatch.service.ts';
import { sendMessage, type TSendDeps } from './dispatch-send.ts';

// Each peer of the delivery taken down (or made to hang) and brought back, for real: the message waits `queued`
// with its next attempt after a back-off, the shipping records `messageRetrying` and keeps its state, the operator
// reads a warning, and once the peer is back the message goes, once. The retry job itself is queued for later;
// the test runs the send at once instead of waiting for its back-off.

let t: TTestApp;
let user: TestClient;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let provider: Awaited<ReturnType<typeof startProviderStub>>;
let s3: TS3TestServer;
const logged: { msg: string; messageId?: string; err?: string; delay?: number }[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
const deps = (): TSendDeps => ({ ...t.ctx, logger: logger as unknown as TSendDeps['logger'] });

beforeAll(async () => {
  smtp = await startSmtpSink();
  provider = await startProviderStub();
  s3 = await startS3Server();
  t = await createShippingTestApp({
    SMTP_URL: smtp.url,
    SMS_PROVIDER_URL: provider.url,
    SMS_PROVIDER_TOKEN: 'sms-token',
    ...s3Env(s3),
  });
  user = await signedInClient(t.app, 'company.user');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await provider?.close();
  await s3?.close();
});

async function dispatched(typeName: string, body: Record<string, unknown> = {}) {
  const id = await sendShipping(user, t.database.db, typeName, body);
  expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([String(id)]);
  const [message] = await selectMessagesOf(t.database.db, id);
  return { id, message: message! };
}

const messageRow = async (id: number) => (await selectMessagesOf(t.database.db, id))[0]!;
const stateOf = async (id: number) =>
  (await t.database.db.selectFrom('shippings').select('state').where('id', '=', String(id)).executeTakeFirstOrThrow())
    .state;

/** What a failed first attempt must leave: queued for later, a retry job, the event, the warning. */
async function expectWaitingForRetry(id: number, messageId: string, stateBefore: string, error: RegExp) {
  const row = await messageRow(id);
  expect(row).toMatchObject({ status: 'queued', attempts: 1 });
  expect(row.error).toMatch(error);
  expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 5_000);
  const jobs = await t.database.pool.query(
    "SELECT 1 FROM pgboss.job WHERE name = $1 AND data->>'messageId' = $2 AND start_after > now() + interval '5 seconds'",
    [DELIVERY_JOBS.send.name, messageId],
  );
  expect(jobs.rows).toHaveLength(1);
  const chain = await readChain(t.database.db, id);
  const retry = chain.find((event) => event.action === 'messageRetrying');
  expect(retry?.details).toMatchObject({ message: row.guid, attempt: '1' });
  expect(retry?.reason).toMatch(error);
  expect(await stateOf(id)).toBe(stateBefore);
  expect(verifyChain(chain)).toBeNull();
  expect(logged.find((line) => line.messageId === messageId)).toMatchObject({ msg: 'message send failed; retrying' });
}

/** A TCP server that takes connections and never says a word (an SMTP server that hangs). */
async function startSilentServer(port: number): Promise<{ close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const mailsWith = (guid: string) => smtp.received.filter((mail) => mail.raw.includes(`<${guid}@`)).length;

describe('the SMTP server', () => {
  it('refusing connections: the message waits and goes once when the server is back', async () => {
    const { id, message } = await dispatched('Notarial notification');
    const state = await stateOf(id);
    const port = smtp.port;
    await smtp.close();
    await sendMessage(deps(), message.id);
    await expectWaitingForRetry(id, message.id, state, /ECONNREFUSED|ECONNECTION/);

    smtp = await startSmtpSink({ port });
    await sendMessage(deps(), message.id);
    expect(await messageRow(id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(mailsWith(message.guid)).toBe(1);
  });

  it('hanging before its greeting: the send gives up after its timeout and goes once later', {
    timeout: 90_000,
  }, async () => {
    const { id, message } = await dispatched('Notarial notification');
    const state = await stateOf(id);
    const port = smtp.port;
    await smtp.close();
    const silent = await startSilentServer(port);
    await sendMessage(deps(), message.id);
    await expectWaitingForRetry(id, message.id, state, /timeout|ETIMEDOUT/i);

    await silent.close();
    smtp = await startSmtpSink({ port });
    await sendMessage(deps(), message.id);
    expect(await messageRow(id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(mailsWith(message.guid)).toBe(1);
  });
});

describe('the SMS provider', () => {
  const SMS = { channel: 'sms', receivers: [LUCIA] };

  it('answering 5xx: the message waits, then goes under the same guid and key', async () => {
    const { id, message } = await dispatched('Policy renewal notice', SMS);
    const state = await stateOf(id);
    const before = provider.requests.length;
    provider.answer = 503;
    await sendMessage(deps(), message.id);
    provider.answer = 200;
    await expectWaitingForRetry(id, message.id, state, /503/);

    await sendMessage(deps(), message.id);
    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    const keys = provider.requests.slice(before).map((request) => request.headers['idempotency-key']);
    // Two requests, one message: the provider dedupes by the key.
    expect(keys).toEqual([message.guid, message.guid]);
  });

  it('hanging: the send gives up after its timeout, then goes under the same guid and key', {
    timeout: 90_000,
  }, async () => {
    const { id, message } = await dispatched('Policy renewal notice', SMS);
    const state = await stateOf(id);
    const before = provider.requests.length;
    provider.hang = true;
    await sendMessage(deps(), message.id);
    provider.hang = false;
    await expectWaitingForRetry(id, message.id, state, /unreachable|timeout|aborted/i);

    await sendMessage(deps(), message.id);
    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    const keys = provider.requests.slice(before).map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([message.guid, message.guid]);
  });
});

describe('the blob store (S3)', () => {
  it('down while a certified e-mail waits for its documents: nothing leaves, then it goes once, whole', async () => {
    const { id, message } = await dispatched('Certified e-mail', { message: 'The signed contract.' });
    const state = await stateOf(id);
    const mailsBefore = smtp.received.length;
    await s3.stop();
    await sendMessage(deps(), message.id);
    expect(smtp.received.length).toBe(mailsBefore);
    await expectWaitingForRetry(id, message.id, state, /unreadable/);

    await s3.restart();
    await sendMessage(deps(), message.id);
    expect(await messageRow(id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(mailsWith(message.guid)).toBe(1);
    expect(smtp.received.at(-1)!.raw).toContain('document.pdf');
  });
});
