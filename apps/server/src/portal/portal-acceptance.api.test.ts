import { describe, expect, it } from 'vitest';
import {
  dispatchForTest,
  eventsOf,
  linkFromOutbox,
  portalCall,
  readPinFromOutbox,
  shippingRow,
} from '../../test/portal-fixtures.ts';
import { cancelPending, setUpPortalTestApp, t, user } from './portal.test-setup.ts';

setUpPortalTestApp();

describe('acceptance with a PIN', () => {
  it('sends the PIN through the outbox, refuses a wrong one and accepts the right one', async () => {
    const sent = await dispatchForTest(t, user, 'Deed acceptance');
    const [token] = sent.tokens as [string];
    const [receiverId] = sent.receiverIds as [string];
    const view = (await portalCall(t, token, 'GET', 'shipping')).json();
    expect(view).toMatchObject({ mode: 'sign', pinRequired: true, pinAttemptsLeft: 3 });

    const withoutPin = await portalCall(t, token, 'POST', 'accept', {});
    expect(withoutPin.statusCode).toBe(400);
    expect(withoutPin.json().fields).toEqual({ pin: 'ERR_FIELD_REQUIRED' });
    const beforeRequest = await portalCall(t, token, 'POST', 'accept', { pin: '123456' });
    expect(beforeRequest.json().key).toBe('ERR_PIN_EXPIRED');

    const requested = await portalCall(t, token, 'POST', 'pin');
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toMatchObject({ channel: 'sms', attemptsLeft: 3 });
    expect(requested.json().sentTo).toMatch(/678$/);
    const message = await t.database.db
      .selectFrom('delivery_messages')
      .select(['idempotency_key', 'transport', 'purpose'])
      .where('receiver_id', '=', receiverId)
      .where('purpose', '=', 'pin')
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ idempotency_key: `pin:${receiverId}:1`, transport: 'outbox', purpose: 'pin' });
    const pin = await readPinFromOutbox(t, receiverId);
    const stored = await t.database.db
      .selectFrom('receiver_pins')
      .select('pin_hash')
      .where('receiver_id', '=', receiverId)
      .executeTakeFirstOrThrow();
    expect(stored.pin_hash).not.toContain(pin);

    const wrong = await portalCall(t, token, 'POST', 'accept', { pin: pin === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ key: 'ERR_PIN_INVALID', params: { attemptsLeft: 2 } });
    const right = await portalCall(t, token, 'POST', 'accept', { pin });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ outcome: 'accepted', canAnswer: false });
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
    const events = await eventsOf(t, sent.shippingId);
    expect(events.find((event) => event.action === 'pinWrong')?.details).toMatchObject({ attempt: 1, pinNumber: 1 });
    expect(events.find((event) => event.action === 'accept')?.details).toMatchObject({
      receiverId,
      method: 'pin',
      attempt: 2,
    });
  });

  it('closes with pin_error after three wrong PINs', async () => {
    const sent = await dispatchForTest(t, user, 'Deed acceptance');
    const [token] = sent.tokens as [string];
    await portalCall(t, token, 'POST', 'pin');
    const pin = await readPinFromOutbox(t, sent.receiverIds[0]!);
    const wrongPin = pin === '999999' ? '888888' : '999999';
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.push((await portalCall(t, token, 'POST', 'accept', { pin: wrongPin })).json());
    }
    expect(answers.map((answer) => answer.params.attemptsLeft)).toEqual([2, 1, 0]);
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'pin_error' });
    const view = (await portalCall(t, token, 'GET', 'shipping')).json();
    expect(view).toMatchObject({ outcome: 'pinFailed', canAnswer: false });
    expect((await portalCall(t, token, 'POST', 'accept', { pin })).json().key).toBe('ERR_ALREADY_ANSWERED');
    const failed = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'pinFailed');
    expect(failed?.details).toMatchObject({ attempt: 3 });
  });

  it('while a cancellation is pending, three wrong PINs stay events and the cancellation wins', async () => {
    const sent = await dispatchForTest(t, user, 'Deed acceptance');
    const [token] = sent.tokens as [string];
    await portalCall(t, token, 'GET', 'shipping');
    await cancelPending(sent.shippingId);
    await portalCall(t, token, 'POST', 'pin');
    const pin = await readPinFromOutbox(t, sent.receiverIds[0]!);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await portalCall(t, token, 'POST', 'accept', { pin: pin === '999999' ? '888888' : '999999' });
    }
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'cancel_pending', result: null });
    const failed = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'pinFailed');
    expect(failed).toMatchObject({ toState: 'cancel_pending', details: { attempt: 3 } });
    expect((await portalCall(t, token, 'GET', 'shipping')).json().outcome).toBe('cancelled');
  });

  it('rejects with a reason, which is required', async () => {
    const sent = await dispatchForTest(t, user, 'Deed acceptance');
    const [token] = sent.tokens as [string];
    const empty = await portalCall(t, token, 'POST', 'reject', { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ reason: 'ERR_FIELD_REQUIRED' });
    const rejected = await portalCall(t, token, 'POST', 'reject', { reason: 'The price is wrong' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().outcome).toBe('rejected');
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'deny' });
    const event = (await eventsOf(t, sent.shippingId)).find((row) => row.action === 'reject');
    expect(event?.reason).toBe('The price is wrong');
  });

  it('express acceptance accepts in one click, without a PIN', async () => {
    const sent = await dispatchForTest(t, user, 'Claim settlement acceptance');
    const [token] = sent.tokens as [string];
    expect((await portalCall(t, token, 'GET', 'shipping')).json().pinRequired).toBe(false);
    expect((await portalCall(t, token, 'POST', 'pin')).statusCode).toBe(403);
    const accepted = await portalCall(t, token, 'POST', 'accept', {});
    expect(accepted.json().outcome).toBe('accepted');
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
  });
});

describe('double acceptance', () => {
  it('in order: the second signer gets its link only once the first accepts; both accept to close as accepted', async () => {
    const sent = await dispatchForTest(t, user, 'Joint deed acceptance', { body: { multiSignerOrder: 1 } });
    const [firstId, secondId] = sent.receiverIds as [string, string];
    // Only the first signer was sent a link: the second has no message, no link and stays pending.
    expect(sent.tokens).toHaveLength(1);
    const [first] = sent.tokens as [string];
    expect(await linkFromOutbox(t, secondId)).toBeNull();
    const receiverRow = (id: string) =>
      t.database.db
        .selectFrom('shipping_receivers')
        .select(['status', 'access_token_hash'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await receiverRow(secondId)).toEqual({ status: 'pending', access_token_hash: null });

    // Requesting a PIN and a wrong PIN do not release the second signer.
    await portalCall(t, first, 'POST', 'pin');
    const pin = await readPinFromOutbox(t, firstId);
    await portalCall(t, first, 'POST', 'accept', { pin: pin === '000000' ? '111111' : '000000' });
    expect(await linkFromOutbox(t, secondId)).toBeNull();

    const firstAccept = await portalCall(t, first, 'POST', 'accept', { pin });
    expect(firstAccept.json().outcome).toBe('accepted');
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'in_course', result: null });

    // The acceptance released the second signer in the same transaction: its access message, named in the event.
    const released = await t.database.db
      .selectFrom('delivery_messages')
      .select(['guid', 'idempotency_key'])
      .where('receiver_id', '=', secondId)
      .where('purpose', '=', 'access')
      .execute();
    expect(released).toEqual([{ guid: expect.any(String), idempotency_key: `access:${secondId}:1` }]);
    const accepted = (await eventsOf(t, sent.shippingId)).filter((event) => event.action === 'receiverAccepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.details).toMatchObject({
      receiverId: firstId,
      releasedReceiverId: secondId,
      releasedMessage: released[0]!.guid,
    });
    expect((await receiverRow(secondId)).status).toBe('sent');

    const second = await linkFromOutbox(t, secondId);
    expect(second).not.toBeNull();
    expect((await portalCall(t, second!, 'GET', 'shipping')).json()).toMatchObject({
      waitingForPrevious: false,
      canAnswer: true,
    });
    await portalCall(t, second!, 'POST', 'pin');
    const secondAccept = await portalCall(t, second!, 'POST', 'accept', { pin: await readPinFromOutbox(t, secondId) });
    expect(secondAccept.json().outcome).toBe('accepted');
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
    const close = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'accept');
    expect(close?.details).toMatchObject({ receiverId: secondId });
    // Nobody is left to release: no further access message.
    const access = await t.database.db
      .selectFrom('delivery_messages')
      .select('id')
      .where('shipping_id', '=', String(sent.shippingId))
      .where('purpose', '=', 'access')
      .execute();
    expect(access).toHaveLength(2);
  });

  it('in order, while a cancellation is pending: the first acceptance releases nobody', async () => {
    const sent = await dispatchForTest(t, user, 'Joint deed acceptance', { body: { multiSignerOrder: 1 } });
    const [firstId, secondId] = sent.receiverIds as [string, string];
    const [first] = sent.tokens as [string];
    await portalCall(t, first, 'GET', 'shipping');
    await cancelPending(sent.shippingId);
    await portalCall(t, first, 'POST', 'pin');
    const accepted = await portalCall(t, first, 'POST', 'accept', { pin: await readPinFromOutbox(t, firstId) });
    expect(accepted.statusCode).toBe(200);
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'cancel_pending', result: null });
    expect(await linkFromOutbox(t, secondId)).toBeNull();
    const event = (await eventsOf(t, sent.shippingId)).find((row) => row.action === 'receiverAccepted');
    expect(event?.details).toMatchObject({ receiverId: firstId });
    expect(event?.details).not.toHaveProperty('releasedMessage');
  });

  it('without an order every signer gets a link at once, and an acceptance releases nobody', async () => {
    const sent = await dispatchForTest(t, user, 'Joint deed acceptance');
    expect(sent.tokens).toHaveLength(2);
    const [first] = sent.tokens as [string, string];
    await portalCall(t, first, 'POST', 'pin');
    await portalCall(t, first, 'POST', 'accept', { pin: await readPinFromOutbox(t, sent.receiverIds[0]!) });
    const accepted = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'receiverAccepted');
    expect(accepted?.details).not.toHaveProperty('releasedMessage');
  });

  it('any rejection closes it as deny', async () => {
    const sent = await dispatchForTest(t, user, 'Joint deed acceptance');
    const [, second] = sent.tokens as [string, string];
    const rejected = await portalCall(t, second, 'POST', 'reject', { reason: 'Not agreed' });
    expect(rejected.statusCode).toBe(200);
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'deny' });
    const firstView = (await portalCall(t, sent.tokens[0]!, 'GET', 'shipping')).json();
    expect(firstView).toMatchObject({ canAnswer: false, outcome: 'closed' });
  });
});
