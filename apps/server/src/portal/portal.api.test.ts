import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dispatchForTest,
  eventsOf,
  linkFromOutbox,
  portalCall,
  readPinFromOutbox,
  shippingRow,
} from '../../test/portal-fixtures.ts';
import { createShippingTestApp, TIAGO } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { webmDataUrl } from '../../test/video-fixtures.ts';
import { DELIVERY_JOBS } from '../delivery/delivery-job-catalogue.ts';
import { createDeliveryJobs } from '../delivery/delivery-jobs.ts';
import { LINK_GRACE_DAYS } from '../delivery/dispatch.service.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { reminderTimes, runPortalExpiry } from './portal-expiry.ts';
import { portalModeOf } from './portal-rules.ts';

let t: TTestApp;
let user: TestClient;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
});
afterAll(() => t.close());

/** The sender's cancellation of a travelling shipping (no API call starts one yet): `cancel_pending`. */
function cancelPending(shippingId: number) {
  return t.database.db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, String(shippingId));
    await applyTransition(trx, t.ctx.jobs, shipping!, 'cancel', null);
  });
}

/** The response deadline the dispatch worker stored. */
async function storedDeadline(shippingId: number): Promise<Date> {
  const row = await t.database.db
    .selectFrom('shippings')
    .select('response_deadline_at')
    .where('id', '=', String(shippingId))
    .executeTakeFirstOrThrow();
  if (!row.response_deadline_at) throw new Error(`shipping ${shippingId} has no deadline`);
  return row.response_deadline_at;
}

function jpeg(size = 4096): string {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

describe('links', () => {
  it('a token opens only its own receiver and shipping', async () => {
    const a = await dispatchForTest(t, user, 'Notarial notification', { body: { subject: 'Shipping A only' } });
    const b = await dispatchForTest(t, user, 'Notarial notification', { body: { subject: 'Shipping B only' } });
    const viewA = await portalCall(t, a.tokens[0]!, 'GET', 'shipping');
    expect(viewA.statusCode).toBe(200);
    expect(viewA.json()).toMatchObject({ subject: 'Shipping A only', mode: 'acknowledge', canAnswer: true });
    expect(viewA.body).not.toContain('Shipping B only');
    const viewB = await portalCall(t, b.tokens[0]!, 'GET', 'shipping');
    expect(viewB.json().subject).toBe('Shipping B only');
  });

  it('answers ERR_LINK_INVALID for a missing, unknown, malformed or expired token, with no session needed', async () => {
    // Dispatched long enough ago that its deadline and the links' grace after it are both past.
    const expired = await dispatchForTest(t, user, 'Notarial notification', {
      now: new Date(Date.now() - (365 + LINK_GRACE_DAYS) * DAY),
    });
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select('access_expires_at')
      .where('id', '=', expired.receiverIds[0]!)
      .executeTakeFirstOrThrow();
    expect(receiver.access_expires_at!.getTime()).toBeLessThan(Date.now());
    for (const token of [null, 'x'.repeat(43), "' OR 1=1 --", expired.tokens[0]!]) {
      const response = await portalCall(t, token, 'GET', 'shipping');
      expect(response.statusCode).toBe(401);
      expect(response.json().key).toBe('ERR_LINK_INVALID');
    }
    const post = await portalCall(t, 'y'.repeat(43), 'POST', 'acknowledge');
    expect(post.statusCode).toBe(401);
    expect(post.json().key).toBe('ERR_LINK_INVALID');
  });

  it('shows a receiver nothing of the other receivers', async () => {
    const joint = await dispatchForTest(t, user, 'Joint deed acceptance');
    const view = await portalCall(t, joint.tokens[0]!, 'GET', 'shipping');
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain(TIAGO.email);
    expect(view.body).not.toContain(TIAGO.name);
  });
});

describe('opening', () => {
  it('delivers a sent shipping and records the opening once a day per receiver', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    expect((await shippingRow(t, sent.shippingId)).state).toBe('sent');
    await portalCall(t, sent.tokens[0]!, 'GET', 'shipping');
    await portalCall(t, sent.tokens[0]!, 'GET', 'shipping');
    expect((await shippingRow(t, sent.shippingId)).state).toBe('in_course');
    const events = await eventsOf(t, sent.shippingId);
    expect(events.filter((event) => event.action === 'deliver')).toHaveLength(1);
    expect(events.filter((event) => event.action === 'opened')).toHaveLength(1);
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select(['status', 'opened_at'])
      .where('id', '=', sent.receiverIds[0]!)
      .executeTakeFirstOrThrow();
    expect(receiver.status).toBe('opened');
    expect(receiver.opened_at).not.toBeNull();
  });

  it('lets the receiver download its documents, recording each download', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    const file = await portalCall(t, sent.tokens[0]!, 'GET', 'documents/1');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await portalCall(t, sent.tokens[0]!, 'GET', 'documents/99')).statusCode).toBe(404);
    const downloads = (await eventsOf(t, sent.shippingId)).filter((event) => event.action === 'downloaded');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.details).toMatchObject({ receiverId: sent.receiverIds[0], position: 1 });
  });
});

describe('notification and communication', () => {
  it('the receiver acknowledges once; the shipping closes as accepted', async () => {
    const sent = await dispatchForTest(t, user, 'Policy renewal notice');
    const token = sent.tokens[0]!;
    const accept = await portalCall(t, token, 'POST', 'accept', {});
    expect(accept.statusCode).toBe(403);
    const ack = await portalCall(t, token, 'POST', 'acknowledge');
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ outcome: 'acknowledged', canAnswer: false });
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
    const again = await portalCall(t, token, 'POST', 'acknowledge');
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('ERR_ALREADY_ANSWERED');
    const accepted = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'accept');
    expect(accepted?.details).toMatchObject({ receiverId: sent.receiverIds[0], answer: 'acknowledged' });
  });
});

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

describe('custody', () => {
  it('starts at the first opening and ends at custody_until through the expiry job', async () => {
    const sent = await dispatchForTest(t, user, 'Document custody');
    const [token] = sent.tokens as [string];
    const before = Date.now();
    const view = (await portalCall(t, token, 'GET', 'shipping')).json();
    expect(view.documents).toHaveLength(1);
    const row = await shippingRow(t, sent.shippingId);
    expect(row).toMatchObject({ state: 'in_course', result: 'custody_in_course' });
    const custodyUntil = row.custodyUntil!.getTime();
    expect(custodyUntil).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect((await portalCall(t, token, 'POST', 'acknowledge')).json().outcome).toBe('acknowledged');

    await runPortalExpiry(t.ctx, new Date(custodyUntil - 1000));
    expect((await shippingRow(t, sent.shippingId)).state).toBe('in_course');
    // A custody is an answer: the response deadline no longer expires it.
    await runPortalExpiry(t.ctx, new Date(custodyUntil + 1000));
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'custody_in_course' });
    expect((await eventsOf(t, sent.shippingId)).map((event) => event.action)).toContain('custodyEnd');
    const download = await portalCall(t, token, 'GET', 'documents/1');
    expect(download.statusCode).toBe(403);
    expect(download.json().key).toBe('ERR_DOWNLOAD_NOT_AVAILABLE');
  });
});

describe('identification', () => {
  it('moves through the substates to PENDING_CLOSE and closes as accepted', async () => {
    const sent = await dispatchForTest(t, user, 'Remote onboarding');
    const [token] = sent.tokens as [string];
    const view = (await portalCall(t, token, 'GET', 'shipping')).json();
    expect(view).toMatchObject({ mode: 'identification', identification: { substate: null, otherLimit: 7 } });
    const early = await portalCall(t, token, 'POST', 'identification/captures', { kind: 'SELFIE', content: jpeg() });
    expect(early.statusCode).toBe(409);

    const started = (await portalCall(t, token, 'POST', 'identification/start')).json();
    expect(started.identification.substate).toBe('WELCOME_PAGE_ACCEPTED');
    const incomplete = (await portalCall(t, token, 'POST', 'identification/finish')).json();
    expect(incomplete.identification.substate).toBe('IDCARD_SAVING_IDENTITY_MISSING');

    const bad = await portalCall(t, token, 'POST', 'identification/captures', {
      kind: 'DNI_NIE',
      content: `data:image/jpeg;base64,${Buffer.from('%PDF-1.7 not an image at all').toString('base64')}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'ERR_FILE_TYPE', params: { failuresLeft: 4 } });
    expect((await shippingRow(t, sent.shippingId)).substate).toBe('IDCARD_SAVING_IDENTITY_ERROR');
    const tiny = await portalCall(t, token, 'POST', 'identification/captures', { kind: 'DNI_NIE', content: jpeg(100) });
    expect(tiny.json().key).toBe('ERR_MAX_FILE_SIZE');

    const dni = await portalCall(t, token, 'POST', 'identification/captures', { kind: 'DNI_NIE', content: jpeg() });
    expect(dni.statusCode).toBe(200);
    expect(dni.json().identification.substate).toBe('IDCARD_READING');
    await portalCall(t, token, 'POST', 'identification/captures', { kind: 'SELFIE', content: jpeg(5000) });
    for (let index = 0; index < 7; index += 1) {
      const other = await portalCall(t, token, 'POST', 'identification/captures', {
        kind: 'OTHER',
        content: jpeg(2000 + index),
      });
      expect(other.statusCode).toBe(200);
    }
    const eighth = await portalCall(t, token, 'POST', 'identification/captures', {
      kind: 'OTHER',
      content: jpeg(3000),
    });
    expect(eighth.statusCode).toBe(400);
    expect(eighth.json().key).toBe('ERR_TOO_MANY_ITEMS');

    const video = { content: webmDataUrl(), consent: true, language: 'es-es' };
    expect((await portalCall(t, token, 'POST', 'identification/video', video)).statusCode).toBe(200);
    const finished = (await portalCall(t, token, 'POST', 'identification/finish')).json();
    expect(finished).toMatchObject({ outcome: 'accepted', identification: { substate: 'PENDING_CLOSE' } });
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
    const captures = await t.database.db
      .selectFrom('shipping_documents')
      .select(['capture_kind', 'sha256'])
      .where('shipping_id', '=', String(sent.shippingId))
      .where('kind', '=', 'identity')
      .execute();
    expect(captures).toHaveLength(9);
    const uploaded = (await eventsOf(t, sent.shippingId)).filter((event) => event.action === 'captureUploaded');
    expect(uploaded.map((event) => (event.details as { sha256: string }).sha256).sort()).toEqual(
      captures.map((capture) => capture.sha256).sort(),
    );
  });

  it('closes as exceeded_ocr_tries after five failed captures', async () => {
    const sent = await dispatchForTest(t, user, 'Remote onboarding');
    const [token] = sent.tokens as [string];
    await portalCall(t, token, 'POST', 'identification/start');
    for (let index = 0; index < 5; index += 1) {
      await portalCall(t, token, 'POST', 'identification/captures', { kind: 'PASSPORT', content: jpeg(10) });
    }
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({
      state: 'pending_cert',
      result: 'exceeded_ocr_tries',
    });
    expect((await portalCall(t, token, 'GET', 'shipping')).json().outcome).toBe('captureFailed');
  });
});

describe('certified e-mail', () => {
  it('carries its content in the message: no link, so no recipient page to answer on', async () => {
    const sent = await dispatchForTest(t, user, 'Certified e-mail');
    expect(sent.tokens).toEqual([]);
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select(['status', 'access_token_hash'])
      .where('id', '=', sent.receiverIds[0]!)
      .executeTakeFirstOrThrow();
    expect(receiver).toEqual({ status: 'sent', access_token_hash: null });
    const message = await t.database.db
      .selectFrom('outbox')
      .select('body')
      .where('receiver_id', '=', sent.receiverIds[0]!)
      .where('purpose', '=', 'access')
      .executeTakeFirstOrThrow();
    expect(message.body).not.toContain('/portal/');
    // Read-only is what a certified kind's page would be: there is nothing to answer.
    expect(portalModeOf('certified_email')).toBe('readOnly');
    expect(portalModeOf('certified_sms')).toBe('readOnly');
    expect((await shippingRow(t, sent.shippingId)).state).toBe('sent');
  });
});

describe('expiry and reminders', () => {
  it('places reminders halfway and a day before the deadline', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(reminderTimes(start, new Date('2026-01-11T00:00:00Z')).map((at) => at.toISOString())).toEqual([
      '2026-01-06T00:00:00.000Z',
      '2026-01-10T00:00:00.000Z',
    ]);
    expect(reminderTimes(start, new Date('2026-01-02T00:00:00Z')).map((at) => at.toISOString())).toEqual([
      '2026-01-01T12:00:00.000Z',
    ]);
  });

  it('reminds each unanswered receiver once per reminder, then expires the shipping at its deadline', async () => {
    const start = Date.now();
    const sent = await dispatchForTest(t, user, 'Policy renewal notice');
    const [receiverId] = sent.receiverIds as [string];
    const deadline = (await storedDeadline(sent.shippingId)).getTime();
    // Reminders fall halfway through the response period and a day before its end.
    const period = deadline - start;
    expect(period).toBeGreaterThan(2 * DAY);
    const at = (fraction: number) => new Date(start + fraction * period);
    const reminders = () =>
      t.database.db
        .selectFrom('delivery_messages')
        .select(['idempotency_key', 'body'])
        .where('receiver_id', '=', receiverId)
        .where('purpose', '=', 'reminder')
        .orderBy('id')
        .execute();

    await runPortalExpiry(t.ctx, at(0.2));
    expect(await reminders()).toEqual([]);
    await runPortalExpiry(t.ctx, at(0.52));
    await runPortalExpiry(t.ctx, at(0.54));
    const first = await reminders();
    expect(first.map((row) => row.idempotency_key)).toEqual([`reminder:${receiverId}:1`]);
    // Never opened: the reminder carries a fresh link, and the old one stops working.
    const link = /portal\/#\/r\/([\w-]{43})/.exec(first[0]!.body)?.[1];
    expect(link).toBeDefined();
    expect((await portalCall(t, sent.tokens[0]!, 'GET', 'shipping')).statusCode).toBe(401);

    await runPortalExpiry(t.ctx, new Date(deadline - 0.9 * DAY));
    const both = await reminders();
    expect(both.map((row) => row.idempotency_key)).toEqual([`reminder:${receiverId}:1`, `reminder:${receiverId}:2`]);
    const lastLink = /portal\/#\/r\/([\w-]{43})/.exec(both[1]!.body)?.[1];
    expect((await eventsOf(t, sent.shippingId)).filter((event) => event.action === 'reminded')).toHaveLength(2);

    const counts = await runPortalExpiry(t.ctx, new Date(deadline + 1000));
    expect(counts.expired).toBeGreaterThanOrEqual(1);
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'timeout' });
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select('status')
      .where('id', '=', receiverId)
      .executeTakeFirstOrThrow();
    expect(receiver.status).toBe('expired');
    expect((await portalCall(t, lastLink!, 'GET', 'shipping')).json()).toMatchObject({ outcome: 'expired' });
  });

  it('is worked every minute by the delivery-expiry queue, without retries', async () => {
    const job = createDeliveryJobs(t.ctx).find((entry) => entry.name === DELIVERY_JOBS.expiry.name);
    expect(job).toMatchObject({ cron: '* * * * *', retryLimit: 0 });
    await expect(job?.run?.({})).resolves.toBeUndefined();
  });

  it('does not expire an answered shipping', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    await portalCall(t, sent.tokens[0]!, 'POST', 'acknowledge');
    await runPortalExpiry(t.ctx, new Date((await storedDeadline(sent.shippingId)).getTime() + 1000));
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ result: 'accepted' });
  });
});
