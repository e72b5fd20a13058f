import { ACCESS_MESSAGES_MAX } from '@sello/contracts/shipping-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchForTest, linkFromOutbox, portalCall } from '../../test/portal-fixtures.ts';
import { createShippingTestApp, LUCIA, readChain, sendShipping, TIAGO } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { verifyChain } from '../shippings/event-chain.ts';

let t: TTestApp;
let user: TestClient;
let domainAdmin: TestClient;
let acmeAdmin: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  acmeAdmin = await signedInClient(t.app, 'acme.admin');
});
afterAll(() => t.close());

const resend = (id: number, client = user) => client.put(`shippings/sendAccessComunication/${id}`);

function accessMessages(shippingId: number) {
  return t.database.db
    .selectFrom('delivery_messages')
    .select(['guid', 'receiver_id as receiverId', 'idempotency_key as key', 'recipient'])
    .where('shipping_id', '=', String(shippingId))
    .where('purpose', '=', 'access')
    .orderBy('id')
    .execute();
}

function receiversOf(shippingId: number) {
  return t.database.db
    .selectFrom('shipping_receivers')
    .select(['id', 'status', 'access_token_hash as tokenHash', 'access_expires_at as expiresAt'])
    .where('shipping_id', '=', String(shippingId))
    .orderBy('position')
    .execute();
}

/** Everything a refused resend must leave as it was: the shipping, its receivers, messages and chain. */
async function snapshot(shippingId: number) {
  const shipping = await t.database.db
    .selectFrom('shippings')
    .select(['state', 'result', 'event_count', 'last_event_hash', 'updated_at'])
    .where('id', '=', String(shippingId))
    .executeTakeFirstOrThrow();
  const messages = await t.database.db
    .selectFrom('delivery_messages')
    .select(['id'])
    .where('shipping_id', '=', String(shippingId))
    .execute();
  return { shipping, receivers: await receiversOf(shippingId), messages };
}

async function expectRefused(shippingId: number, key: string, client = user, status = 409) {
  const before = await snapshot(shippingId);
  const response = await resend(shippingId, client);
  expect(response.statusCode).toBe(status);
  expect(response.json().key).toBe(key);
  expect(await snapshot(shippingId)).toEqual(before);
  return response;
}

async function lastEvent(shippingId: number) {
  const chain = await readChain(t.database.db, shippingId);
  expect(verifyChain(chain)).toBeNull();
  return chain.at(-1)!;
}

describe('shippings/sendAccessComunication', () => {
  it('gives the receiver a new working link in a new access message; the old link stops opening', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    const oldToken = sent.tokens[0]!;
    expect((await portalCall(t, oldToken, 'GET', 'shipping')).statusCode).toBe(200);
    const [opened] = await receiversOf(sent.shippingId);
    expect(opened!.status).toBe('opened');

    const before = await user.get(`shippings/shippingdetail?requestId=${sent.shippingId}`);
    expect(before.json().canResendAccess).toBe(true);
    const response = await resend(sent.shippingId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ receivers: 1 });

    const receiverId = sent.receiverIds[0]!;
    const messages = await accessMessages(sent.shippingId);
    expect(messages.map((message) => message.key)).toEqual([`access:${receiverId}:1`, `access:${receiverId}:2`]);
    expect(messages[1]!.recipient).toBe(LUCIA.email);
    const newToken = await linkFromOutbox(t, receiverId);
    expect(newToken).not.toBeNull();
    expect(newToken).not.toBe(oldToken);

    const old = await portalCall(t, oldToken, 'GET', 'shipping');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ key: 'ERR_LINK_INVALID' });
    const fresh = await portalCall(t, newToken, 'GET', 'shipping');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ subject: 'Notarial notification test', canAnswer: true });

    // Having opened the page stays true: the resend does not take the receiver back to `sent`.
    const [after] = await receiversOf(sent.shippingId);
    expect(after!.status).toBe('opened');
    expect(after!.expiresAt).toEqual(opened!.expiresAt);

    // Reopening the same day records no new `opened`: the resend is the chain's last event.
    const resent = await lastEvent(sent.shippingId);
    expect(resent.action).toBe('accessResent');
    expect(resent.actor).toMatch(/^user:\d+$/);
    expect(resent.from).toEqual(resent.to);
    expect(resent.details).toEqual({ receivers: [receiverId], messages: [messages[1]!.guid] });

    const detail = (await user.get(`shippings/shippingdetail?requestId=${sent.shippingId}`)).json();
    expect(detail.events.at(-1)).toMatchObject({ action: 'accessResent', actor: 'Javier Ruiz' });
  });

  it('sends a receiver not reached by an opening its access again and keeps it `sent`', async () => {
    const sent = await dispatchForTest(t, user, 'Policy renewal notice', { body: { channel: 'sms' } });
    expect((await resend(sent.shippingId)).json()).toEqual({ receivers: 1 });
    const [receiver] = await receiversOf(sent.shippingId);
    expect(receiver!.status).toBe('sent');
    const messages = await accessMessages(sent.shippingId);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ key: `access:${receiver!.id}:2`, recipient: '+34612345678' });
  });

  it('keeps a receiver `delivered`, and takes a `failed` one back to `sent` for its new message', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification', { body: { receivers: [LUCIA, TIAGO] } });
    const [lucia, tiago] = sent.receiverIds;
    // The outbox reports no outcome: the earlier messages' outcomes are set as the send worker would.
    await t.database.db
      .updateTable('shipping_receivers')
      .set({ status: 'delivered' })
      .where('id', '=', lucia!)
      .execute();
    await t.database.db.updateTable('shipping_receivers').set({ status: 'failed' }).where('id', '=', tiago!).execute();
    expect((await resend(sent.shippingId)).json()).toEqual({ receivers: 2 });
    expect((await receiversOf(sent.shippingId)).map((receiver) => receiver.status)).toEqual(['delivered', 'sent']);
  });

  it('sends one message per reached receiver who has not answered: none to one who answered', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification', { body: { receivers: [LUCIA, TIAGO] } });
    const [lucia, tiago] = sent.receiverIds;
    const acknowledged = await portalCall(t, sent.tokens[0]!, 'POST', 'acknowledge');
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect((await receiversOf(sent.shippingId)).map((receiver) => receiver.status)).toEqual(['accepted', 'sent']);

    expect((await resend(sent.shippingId)).json()).toEqual({ receivers: 1 });
    const messages = await accessMessages(sent.shippingId);
    expect(messages.filter((message) => message.receiverId === lucia)).toHaveLength(1);
    expect(messages.filter((message) => message.receiverId === tiago).map((message) => message.key)).toEqual([
      `access:${tiago}:1`,
      `access:${tiago}:2`,
    ]);
    // The receiver who answered keeps its link: it can still read what it acknowledged.
    expect((await portalCall(t, sent.tokens[0]!, 'GET', 'shipping')).statusCode).toBe(200);
    expect((await portalCall(t, sent.tokens[1]!, 'GET', 'shipping')).statusCode).toBe(401);
    expect((await lastEvent(sent.shippingId)).details).toEqual({
      receivers: [tiago],
      messages: [messages.at(-1)!.guid],
    });
  });

  it('sends nothing to a signer waiting for its turn in an ordered signing', async () => {
    const sent = await dispatchForTest(t, user, 'Joint deed acceptance', { body: { multiSignerOrder: 1 } });
    const [first, second] = sent.receiverIds;
    expect((await resend(sent.shippingId)).json()).toEqual({ receivers: 1 });
    const messages = await accessMessages(sent.shippingId);
    expect(messages.map((message) => message.key)).toEqual([`access:${first}:1`, `access:${first}:2`]);
    const receivers = await receiversOf(sent.shippingId);
    expect(receivers[1]).toMatchObject({ id: second, status: 'pending', tokenHash: null });
  });

  it('answers ERR_ALREADY_ANSWERED when every reached receiver has answered', async () => {
    // A custody runs on after the acknowledgement: the shipping is still in course, nobody is waiting.
    const sent = await dispatchForTest(t, user, 'Document custody');
    expect((await portalCall(t, sent.tokens[0]!, 'POST', 'acknowledge')).statusCode).toBe(200);
    expect((await receiversOf(sent.shippingId))[0]!.status).toBe('accepted');
    await expectRefused(sent.shippingId, 'ERR_ALREADY_ANSWERED');
  });

  it(`stops at ${ACCESS_MESSAGES_MAX} access messages per receiver with ERR_RESEND_LIMIT`, async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    for (let n = 2; n <= ACCESS_MESSAGES_MAX; n++) expect((await resend(sent.shippingId)).statusCode).toBe(200);
    expect(await accessMessages(sent.shippingId)).toHaveLength(ACCESS_MESSAGES_MAX);
    const refused = await expectRefused(sent.shippingId, 'ERR_RESEND_LIMIT');
    expect(refused.json()).toEqual({ key: 'ERR_RESEND_LIMIT', params: { limit: ACCESS_MESSAGES_MAX } });
    expect(await accessMessages(sent.shippingId)).toHaveLength(ACCESS_MESSAGES_MAX);
  });

  it('answers ERR_NOT_SENT before the shipping travels', async () => {
    const waiting = await sendShipping(user, t.database.db, 'Notarial notification');
    await expectRefused(waiting, 'ERR_NOT_SENT');
  });

  it('answers ERR_RESEND_NOT_AVAILABLE for certified kinds and the on-screen channel', async () => {
    const certified = await dispatchForTest(t, user, 'Certified e-mail');
    await expectRefused(certified.shippingId, 'ERR_RESEND_NOT_AVAILABLE');
    const certifiedSms = await dispatchForTest(t, user, 'Certified SMS', { body: { channel: 'sms', documents: [] } });
    await expectRefused(certifiedSms.shippingId, 'ERR_RESEND_NOT_AVAILABLE');
    const onScreen = await dispatchForTest(t, user, 'Notarial notification', { body: { channel: 'onscreen' } });
    await expectRefused(onScreen.shippingId, 'ERR_RESEND_NOT_AVAILABLE');
  });

  it('answers ERR_NOT_SENDER to a user who sees the shipping but may not send', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    await t.database.db
      .updateTable('users')
      .set({ permissions: ['shippingList', 'editMode'] })
      .where('username', '=', 'sandbox.user')
      .execute();
    const reader = await signedInClient(t.app, 'sandbox.user');
    const detail = await reader.get(`shippings/shippingdetail?requestId=${sent.shippingId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().canResendAccess).toBe(false);
    await expectRefused(sent.shippingId, 'ERR_NOT_SENDER', reader);
  });

  it('answers 404 to another domain and to a user of another company, as the detail does', async () => {
    const seguros = await dispatchForTest(t, domainAdmin, 'ID card capture', { body: { documents: [] } });
    expect((await user.get(`shippings/shippingdetail?requestId=${seguros.shippingId}`)).statusCode).toBe(404);
    await expectRefused(seguros.shippingId, 'ERR_NOT_FOUND', user, 404);
    await expectRefused(seguros.shippingId, 'ERR_NOT_FOUND', acmeAdmin, 404);
    expect((await resend(seguros.shippingId, domainAdmin)).json()).toEqual({ receivers: 1 });
  });
});
