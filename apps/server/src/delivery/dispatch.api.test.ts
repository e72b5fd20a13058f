import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderStub } from '../../test/provider-stub.ts';
import {
  createShippingTestApp,
  LUCIA,
  pdfDataUrl,
  readChain,
  selectMessagesOf,
  sendShipping,
  typeIdOf,
} from '../../test/shipping-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { verifyChain } from '../shippings/event-chain.ts';
import { DELIVERY_JOBS } from './delivery-job-catalogue.ts';
import { dispatchBatch, dispatchShippings, LINK_GRACE_DAYS, releaseNextReceiver } from './dispatch.service.ts';
import { MAX_SEND_ATTEMPTS, sendMessage } from './dispatch-send.ts';
import { sweepDispatch } from './dispatch-sweep.ts';
import { signCallbackBody } from './provider-callbacks.service.ts';

const SECRET = 'callback-secret-for-tests-0123456789';
const DAY = 86_400_000;

let t: TTestApp;
let user: TestClient;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let provider: Awaited<ReturnType<typeof startProviderStub>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  provider = await startProviderStub();
  t = await createShippingTestApp({
    SMTP_URL: smtp.url,
    SMS_PROVIDER_URL: provider.url,
    SMS_PROVIDER_TOKEN: 'sms-token',
    WHATSAPP_PROVIDER_URL: provider.url,
    WHATSAPP_PROVIDER_TOKEN: 'wa-token',
    PROVIDER_CALLBACK_SECRET: SECRET,
  });
  user = await signedInClient(t.app, 'company.user');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await provider.close();
});

const deps = () => ({ ...t.ctx, logger: t.app.log });

async function shippingRow(id: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['state', 'result', 'response_deadline_at', 'custody_until'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

const messagesOf = (id: number) => selectMessagesOf(t.database.db, id);

async function dispatched(typeName: string, body: Record<string, unknown> = {}, client = user) {
  const id = await sendShipping(client, t.database.db, typeName, body);
  expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([String(id)]);
  return id;
}

async function sendAll(id: number) {
  for (const message of await messagesOf(id)) await sendMessage(deps(), message.id);
}

async function actionsOf(id: number) {
  return (await readChain(t.database.db, id)).map((event) => event.action);
}

function callback(channel: string, body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/rest/services/delivery/callback/${channel}`,
    headers: { 'content-type': 'application/json', 'x-sello-signature': signature ?? signCallbackBody(SECRET, raw) },
    payload: raw,
  });
}

const SMS_BODY = { channel: 'sms', receivers: [LUCIA] };

describe('dispatch over e-mail (SMTP)', () => {
  it('sets the deadline, issues the link, sends one message per receiver once, and delivers on SMTP acceptance', async () => {
    const before = Date.now();
    // Written by hand: no template, so the access message is Sello's own words.
    const id = await dispatched('Notarial notification', { message: 'Please read the notice.' });
    expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([]);
    const row = await shippingRow(id);
    expect(row.state).toBe('sent');
    const deadline = row.response_deadline_at!.getTime();
    expect(deadline).toBeGreaterThanOrEqual(before + 15 * DAY);
    expect(deadline).toBeLessThan(Date.now() + 15 * DAY + 1000);
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select(['id', 'status', 'access_expires_at', 'access_token_hash'])
      .where('shipping_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(receiver.status).toBe('sent');
    expect(receiver.access_expires_at!.getTime()).toBe(deadline + LINK_GRACE_DAYS * DAY);

    const [message, ...others] = await messagesOf(id);
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      transport: 'smtp',
      status: 'queued',
      recipient: LUCIA.email,
      idempotency_key: `access:${receiver.id}:1`,
    });
    expect(message!.subject).toContain('Notarial notification test');
    expect(message!.body).toMatch(/\/portal\/#\/r\/[A-Za-z0-9_-]{43}/);
    const queued = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'messageId' = $2",
      [DELIVERY_JOBS.send.name, message!.id],
    );
    expect(queued.rows[0].n).toBe(1);

    const mailsBefore = smtp.received.length;
    await sendMessage(deps(), message!.id);
    await sendMessage(deps(), message!.id);
    const mails = smtp.received.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([LUCIA.email]);
    expect(mails[0]!.raw).toContain(`Message-ID: <${message!.guid}@`);
    const [after] = await messagesOf(id);
    expect(after).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(after!.provider_ref).toMatch(/^250/);
    expect((await shippingRow(id)).state).toBe('in_course');
    expect(await actionsOf(id)).toEqual(['create', 'dispatch', 'deliver']);
    expect(verifyChain(await readChain(t.database.db, id))).toBeNull();
  });

  it('writes in the receiver language', async () => {
    const id = await dispatched('Notarial notification', {
      message: 'Please read the notice.',
      receivers: [{ ...LUCIA, language: 'pt-pt' }],
    });
    const [message] = await messagesOf(id);
    expect(message!.body).toContain('Abra-o neste endereço');
  });

  it('never sends an SMTP message twice: one left `sending` becomes unknown and the shipping fails with evidence', async () => {
    const id = await dispatched('Notarial notification');
    const [message] = await messagesOf(id);
    // As a copy killed after marking it `sending` leaves it.
    await t.database.db
      .updateTable('delivery_messages')
      .set({ status: 'sending', attempts: 1 })
      .where('id', '=', message!.id)
      .execute();
    const mailsBefore = smtp.received.length;
    await sendMessage(deps(), message!.id);
    expect(smtp.received.length).toBe(mailsBefore);
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'unknown' });
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'error' });
    const chain = await readChain(t.database.db, id);
    expect(chain.at(-1)).toMatchObject({ action: 'dispatchFailed', details: { outcome: 'unknown' } });
  });

  it('a sandbox user writes to the outbox; the state machine moves the same', async () => {
    const sandbox = await signedInClient(t.app, 'sandbox.user');
    const mailsBefore = smtp.received.length;
    const id = await dispatched('Notarial notification', {}, sandbox);
    const [message] = await messagesOf(id);
    expect(message).toMatchObject({ transport: 'outbox', status: 'sent' });
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('shipping_id', '=', String(id))
      .execute();
    expect(outbox).toHaveLength(1);
    expect((await shippingRow(id)).state).toBe('sent');
    expect(smtp.received.length).toBe(mailsBefore);
  });

  it('a certified e-mail carries its content, no link, and closes as accepted once the server took it', async () => {
    const id = await dispatched('Certified e-mail', { message: 'The invoice of March is attached.' });
    const [message] = await messagesOf(id);
    expect(message!.body).toContain('The invoice of March is attached.');
    expect(message!.body).not.toContain('/portal/');
    await sendAll(id);
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
    expect(await actionsOf(id)).toEqual(['create', 'dispatch', 'certifiedDelivered']);
  });
});

describe('dispatch over the HTTP provider (SMS, WhatsApp)', () => {
  it('posts to, text, guid reference and callback with the bearer token; a re-send after a crash keeps the guid', async () => {
    const id = await dispatched('Policy renewal notice', SMS_BODY);
    const [message] = await messagesOf(id);
    expect(message).toMatchObject({ transport: 'sms_http', recipient: '+34612345678', subject: null });
    const before = provider.requests.length;
    await sendMessage(deps(), message!.id);
    const request = provider.requests[before]!;
    expect(request.headers.authorization).toBe('Bearer sms-token');
    expect(request.headers['idempotency-key']).toBe(message!.guid);
    expect(request.body).toEqual({
      to: '+34612345678',
      text: message!.body,
      reference: message!.guid,
      callbackUrl: 'http://localhost:8080/rest/services/delivery/callback/sms',
    });
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'sent', provider_ref: `prov-${before + 1}` });
    expect(await actionsOf(id)).toEqual(['create', 'dispatch', 'messageSent']);

    // Left `sending` by a dead copy: HTTP providers dedupe by guid, so it goes again under the same one.
    await t.database.db
      .updateTable('delivery_messages')
      .set({ status: 'sending' })
      .where('id', '=', message!.id)
      .execute();
    await sendMessage(deps(), message!.id);
    expect(provider.requests.length).toBe(before + 2);
    expect(provider.requests[before + 1]!.body.reference).toBe(message!.guid);
    expect(await messagesOf(id)).toHaveLength(1);
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends WhatsApp through the same client with its own token', async () => {
    const id = await dispatched('Policy renewal notice', { ...SMS_BODY, channel: 'whatsapp' });
    const before = provider.requests.length;
    await sendAll(id);
    expect(provider.requests[before]!.headers.authorization).toBe('Bearer wa-token');
    expect(provider.requests[before]!.body.callbackUrl).toBe(
      'http://localhost:8080/rest/services/delivery/callback/whatsapp',
    );
  });

  it('retries a 5xx later with back-off, and fails for good on a 4xx', async () => {
    const id = await dispatched('Policy renewal notice', SMS_BODY);
    const [message] = await messagesOf(id);
    provider.answer = 503;
    await sendMessage(deps(), message!.id);
    const retried = (await messagesOf(id))[0]!;
    expect(retried).toMatchObject({ status: 'queued', attempts: 1 });
    expect(retried.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 5_000);
    const jobs = await t.database.pool.query(
      "SELECT start_after FROM pgboss.job WHERE name = $1 AND data->>'messageId' = $2 ORDER BY created_on",
      [DELIVERY_JOBS.send.name, message!.id],
    );
    expect(jobs.rows).toHaveLength(2);
    expect(new Date(jobs.rows[1].start_after).getTime()).toBeGreaterThan(Date.now() + 5_000);

    provider.answer = 400;
    await sendMessage(deps(), message!.id);
    provider.answer = 200;
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await messagesOf(id))[0]!.error).toContain('400');
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'error' });
  });

  it('gives up after the last attempt', async () => {
    const id = await dispatched('Policy renewal notice', SMS_BODY);
    const [message] = await messagesOf(id);
    await t.database.db
      .updateTable('delivery_messages')
      .set({ attempts: MAX_SEND_ATTEMPTS - 1 })
      .where('id', '=', message!.id)
      .execute();
    provider.answer = 502;
    await sendMessage(deps(), message!.id);
    provider.answer = 200;
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'failed', attempts: MAX_SEND_ATTEMPTS });
    expect((await shippingRow(id)).result).toBe('error');
  });
});

describe('provider callbacks', () => {
  it('refuses a bad or missing signature with 401 and an unknown guid with 404, without a session or XSRF', async () => {
    const body = { reference: '00000000-0000-4000-8000-000000000000', status: 'delivered' };
    const bad = await callback('sms', body, 'ab'.repeat(32));
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ key: 'ERR_SIGNATURE_INVALID' });
    const unknown = await callback('sms', body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ key: 'ERR_NOT_FOUND' });
    const invalid = await callback('sms', { reference: 'nope', status: 'read' });
    expect(invalid.statusCode).toBe(400);
    expect((await callback('fax', body)).statusCode).toBe(400);
  });

  it('delivered moves the shipping in course; a repeated report is recorded without moving it', async () => {
    const id = await dispatched('Policy renewal notice', SMS_BODY);
    await sendAll(id);
    const [message] = await messagesOf(id);
    // The guid of an SMS is not a WhatsApp message.
    expect((await callback('whatsapp', { reference: message!.guid, status: 'delivered' })).statusCode).toBe(404);
    const at = '2026-11-24T10:00:00.000Z';
    const response = await callback('sms', { reference: message!.guid, status: 'delivered', at, detail: 'DELIVRD' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'delivered' });
    expect((await shippingRow(id)).state).toBe('in_course');
    expect((await callback('sms', { reference: message!.guid, status: 'delivered' })).statusCode).toBe(200);
    const chain = await readChain(t.database.db, id);
    expect(chain.map((event) => event.action)).toEqual([
      'create',
      'dispatch',
      'messageSent',
      'deliver',
      'messageDelivered',
    ]);
    expect(chain[3]).toMatchObject({ reason: 'DELIVRD', details: { reportedAt: at, source: 'callback:sms' } });
    expect(chain.at(-1)!.to).toEqual(chain.at(-1)!.from);
    expect(verifyChain(chain)).toBeNull();
  });

  it('failed is a failed delivery with evidence', async () => {
    const id = await dispatched('Policy renewal notice', SMS_BODY);
    await sendAll(id);
    const [message] = await messagesOf(id);
    const response = await callback('sms', { reference: message!.guid, status: 'failed', detail: 'UNDELIV' });
    expect(response.json()).toEqual({ status: 'failed' });
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'error' });
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'failed', error: 'UNDELIV' });
  });

  it('a certified SMS closes as accepted on its delivery report', async () => {
    const id = await dispatched('Certified SMS', { ...SMS_BODY, documents: [] });
    await sendAll(id);
    expect((await shippingRow(id)).state).toBe('sent');
    const [message] = await messagesOf(id);
    expect(message!.body).not.toContain('/portal/');
    await callback('sms', { reference: message!.guid, status: 'delivered' });
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
  });
});

describe('on-screen, signing order, missing adapters and the sweep', () => {
  it('records an on-screen message as sent', async () => {
    const id = await dispatched('Notarial notification', { channel: 'onscreen' });
    await sendAll(id);
    expect((await messagesOf(id))[0]).toMatchObject({ transport: 'onscreen', status: 'sent', recipient: LUCIA.name });
    expect((await shippingRow(id)).state).toBe('sent');
  });

  it('fails loudly when no adapter carries the transport', async () => {
    const id = await dispatched('Notarial notification', { channel: 'onscreen' });
    const adapter = t.ctx.channelAdapters.onscreen;
    delete t.ctx.channelAdapters.onscreen;
    try {
      await sendAll(id);
    } finally {
      t.ctx.channelAdapters.onscreen = adapter;
    }
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'failed', error: 'no adapter for transport onscreen' });
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'error' });
  });

  it('with signing order, reaches the second receiver only when released', async () => {
    // Sent without authorisation, to reach the dispatch directly.
    const typeId = await typeIdOf(t.database.db, 'Joint deed acceptance');
    await t.database.db.deleteFrom('shipping_type_authorisers').where('type_id', '=', String(typeId)).execute();
    await t.database.db
      .updateTable('shipping_types')
      .set({ requires_auth: false })
      .where('id', '=', String(typeId))
      .execute();
    const id = await dispatched('Joint deed acceptance', { multiSignerOrder: 1 });
    const first = await messagesOf(id);
    expect(first).toHaveLength(1);
    expect(first[0]!.recipient).toBe(LUCIA.email);
    const released = await t.database.db.transaction().execute((trx) => releaseNextReceiver(t.ctx, trx, String(id)));
    const all = await messagesOf(id);
    expect(all).toHaveLength(2);
    expect(released).toEqual({ receiverId: all[1]!.receiver_id, messageGuid: all[1]!.guid });
    expect(await t.database.db.transaction().execute((trx) => releaseNextReceiver(t.ctx, trx, String(id)))).toBeNull();
  });

  it('without signing order, reaches both receivers at once', async () => {
    const id = await dispatched('Joint deed acceptance', { multiSignerOrder: 0 });
    expect(await messagesOf(id)).toHaveLength(2);
  });

  it('a custody keeps its documents for the custody days', async () => {
    const id = await dispatched('Document custody');
    const row = await shippingRow(id);
    expect(row.custody_until!.getTime() - row.response_deadline_at!.getTime()).toBe((365 - 15) * DAY);
  });

  it('the sweep queues again shippings left in pending_to_send and overdue messages', async () => {
    const id = await sendShipping(user, t.database.db, 'Notarial notification');
    const old = new Date(Date.now() - 10 * 60_000);
    await t.database.db.updateTable('shippings').set({ updated_at: old }).where('id', '=', String(id)).execute();
    const swept = await sweepDispatch(t.ctx);
    expect(swept.shippings).toBeGreaterThanOrEqual(1);
    const jobs = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'shippingId' = $2",
      [DELIVERY_JOBS.dispatch.name, String(id)],
    );
    expect(jobs.rows[0].n).toBe(2);
    expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([String(id)]);
    const [message] = await messagesOf(id);
    await t.database.db
      .updateTable('delivery_messages')
      .set({ next_attempt_at: old })
      .where('id', '=', message!.id)
      .execute();
    expect((await sweepDispatch(t.ctx)).messages).toBeGreaterThanOrEqual(1);
  });
});

describe('dispatch in batches', () => {
  async function stateOf(id: number) {
    return (await shippingRow(id)).state;
  }

  it('dispatches many shippings in one call, each with its own deadline, message and intact chain; a receiver without the contact fails only its shipping', async () => {
    const ids = [
      await sendShipping(user, t.database.db, 'Notarial notification'),
      await sendShipping(user, t.database.db, 'Notarial notification'),
      await sendShipping(user, t.database.db, 'Document custody'),
    ];
    const [first, noEmail, custody] = ids as [number, number, number];
    await t.database.db
      .updateTable('shipping_receivers')
      .set({ email: null })
      .where('shipping_id', '=', String(noEmail))
      .execute();
    const dispatchedIds = await dispatchShippings(t.ctx, ids.map(String).reverse());
    expect(dispatchedIds.sort()).toEqual([String(first), String(custody)].sort());
    expect(await stateOf(first)).toBe('sent');
    expect(await stateOf(custody)).toBe('sent');
    expect(await shippingRow(noEmail)).toMatchObject({ state: 'not_send_error', response_deadline_at: null });
    expect(await messagesOf(noEmail)).toEqual([]);
    const custodyRow = await shippingRow(custody);
    expect(custodyRow.custody_until!.getTime() - custodyRow.response_deadline_at!.getTime()).toBe((365 - 15) * DAY);
    expect((await shippingRow(first)).custody_until).toBeNull();
    for (const id of [first, custody]) {
      const [message] = await messagesOf(id);
      expect(message).toMatchObject({ purpose: 'access', recipient: LUCIA.email });
      const chain = await readChain(t.database.db, id);
      expect(verifyChain(chain)).toBeNull();
      expect(chain.at(-1)).toMatchObject({ action: 'dispatch', details: { messages: [message!.guid] } });
      const copies = await t.database.db
        .selectFrom('shipping_documents')
        .select('kind')
        .where('shipping_id', '=', String(id))
        .where('kind', '=', 'sent')
        .execute();
      expect(copies).toHaveLength(1);
    }
    expect(await actionsOf(noEmail)).toContain('dispatchFailed');
    expect(await dispatchShippings(t.ctx, ids.map(String))).toEqual([]);
  });

  it('a failing batch goes one shipping at a time: a shipping whose file is gone waits, the others are sent', async () => {
    const good = await sendShipping(user, t.database.db, 'Notarial notification');
    const broken = await sendShipping(user, t.database.db, 'Notarial notification', {
      documents: [{ name: 'lost.pdf', content: pdfDataUrl(`a file lost before dispatch ${Date.now()}`) }],
    });
    const [lost] = await t.database.db
      .selectFrom('shipping_documents')
      .select('sha256')
      .where('shipping_id', '=', String(broken))
      .execute();
    const sha = lost!.sha256;
    await rm(path.join(t.ctx.config.dataDir, 'files', sha.slice(0, 2), sha.slice(2, 4), sha));
    await expect(dispatchShippings(t.ctx, [String(good), String(broken)])).rejects.toThrow();
    expect(await stateOf(good)).toBe('pending_to_send');
    await expect(dispatchBatch(t.ctx, [String(broken), String(good)])).rejects.toThrow();
    expect(await stateOf(good)).toBe('sent');
    expect(await stateOf(broken)).toBe('pending_to_send');
    expect(await messagesOf(broken)).toEqual([]);
  });
});
