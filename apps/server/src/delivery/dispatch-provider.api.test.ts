import { describe, expect, it } from 'vitest';
import { readChain } from '../../test/shipping-fixtures.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { verifyChain } from '../shippings/event-chain.ts';
import {
  actionsOf,
  callback,
  deps,
  dispatched,
  messagesOf,
  provider,
  SMS_BODY,
  sendAll,
  setUpDispatchTestApp,
  shippingRow,
  t,
} from './dispatch.test-setup.ts';
import { MAX_SEND_ATTEMPTS, sendMessage } from './dispatch-send.ts';

setUpDispatchTestApp();

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
    // Refused at hand-over, nothing reached the recipient: the sender corrects and retries.
    expect(await shippingRow(id)).toMatchObject({ state: 'not_send_error', result: 'error' });
    expect((await actionsOf(id)).at(-1)).toBe('dispatchRefused');
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
