import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../../test/pdf-text.ts';
import { dispatchForTest, eventsOf, portalCall } from '../../test/portal-fixtures.ts';
import { startProviderStub } from '../../test/provider-stub.ts';
import { createShippingTestApp, LUCIA } from '../../test/shipping-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { sendMessage } from '../delivery/dispatch-send.ts';
import { certifyShipping } from '../evidence/certificate-worker.ts';
import { createSealLoader } from '../evidence/seal.ts';
import { createTimestamper } from '../evidence/timestamps.ts';
import { signBody } from '../platform/signed-body.ts';

// PIN signatures on the channel the type's method names, against the real SMTP sink and the HTTP
// provider contract (SMS, WhatsApp, voice), read back from the event chain and the certificate.

const SECRET = 'callback-secret-for-tests-0123456789';
const TYPE = 'Deed acceptance';

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
    VOICE_PROVIDER_URL: provider.url,
    VOICE_PROVIDER_TOKEN: 'voice-token',
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

/** A shipping of the type, signed with `signMethod`, dispatched; its access e-mail's link token. */
async function shippingSignedWith(signMethod: string) {
  await t.database.db.updateTable('shipping_types').set({ sign_method: signMethod }).where('name', '=', TYPE).execute();
  // Sent by SMS, so the access link is read from the SMS provider's request.
  const before = provider.requests.length;
  const sent = await dispatchForTest(t, user, TYPE, { body: { channel: 'sms', receivers: [LUCIA] } });
  const receiverId = sent.receiverIds[0]!;
  await sendQueued(sent.shippingId);
  const access = provider.requests.slice(before).find((request) => String(request.body.text).includes('/portal/#/r/'));
  const token = /\/portal\/#\/r\/([A-Za-z0-9_-]{43})/.exec(String(access?.body.text))?.[1];
  if (!token) throw new Error('no access link reached the SMS provider');
  return { shippingId: sent.shippingId, receiverId, token };
}

/** Runs the send job of every queued message of the shipping (what the job queue would do). */
async function sendQueued(shippingId: number) {
  const queued = await t.database.db
    .selectFrom('delivery_messages')
    .select('id')
    .where('shipping_id', '=', String(shippingId))
    .where('status', '=', 'queued')
    .orderBy('id')
    .execute();
  for (const message of queued) await sendMessage(deps(), message.id);
}

function pinMessages(receiverId: string) {
  return t.database.db
    .selectFrom('delivery_messages')
    .select(['id', 'guid', 'channel', 'transport', 'status', 'fallback_for'])
    .where('receiver_id', '=', receiverId)
    .where('purpose', '=', 'pin')
    .orderBy('id')
    .execute();
}

function providerCallback(channel: string, body: unknown) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/rest/services/delivery/callback/${channel}`,
    headers: { 'content-type': 'application/json', 'x-sello-signature': signBody(SECRET, raw) },
    payload: raw,
  });
}

const pinIn = (text: string) => {
  const digits = /(\d)[ ,.]*(\d)[ ,.]*(\d)[ ,.]*(\d)[ ,.]*(\d)[ ,.]*(\d)/.exec(text.replace(/=\r?\n/g, ''));
  if (!digits) throw new Error(`no PIN in ${text}`);
  return digits.slice(1).join('');
};

/** Accepts with the PIN and answers the acceptance's event details. */
async function acceptWith(sent: { shippingId: number; token: string }, pin: string) {
  const accepted = await portalCall(t, sent.token, 'POST', 'accept', { pin });
  expect(accepted.json()).toMatchObject({ outcome: 'accepted' });
  const events = await eventsOf(t, sent.shippingId);
  return events.find((event) => event.action === 'accept')!.details as Record<string, unknown>;
}

/** Issues the certificate and answers its text as pdftotext reads it. */
async function certificateText(shippingId: number): Promise<string> {
  const certified = await certifyShipping(
    {
      ...t.ctx,
      db: t.database.db,
      loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
      stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
    },
    String(shippingId),
  );
  expect(certified).toBe('certified');
  const certificate = await t.database.db
    .selectFrom('shipping_documents')
    .select('sha256')
    .where('shipping_id', '=', String(shippingId))
    .where('kind', '=', 'certificate')
    .executeTakeFirstOrThrow();
  return readPdfText(await t.ctx.blobs.read(certificate.sha256), false).replace(/\s+/g, ' ');
}

describe('PIN on the channel the type names', () => {
  it('PIN_EMAIL mails the PIN through SMTP (not by SMS); chain and certificate name the method, channel and address', async () => {
    const sent = await shippingSignedWith('PIN_EMAIL');
    const smsBefore = provider.requests.length;
    const requested = await portalCall(t, sent.token, 'POST', 'pin');
    expect(requested.json()).toMatchObject({ channel: 'email', sentTo: 'l•••@example.es', fallbackChannel: null });
    const mailsBefore = smtp.received.length;
    await sendQueued(sent.shippingId);
    const mail = smtp.received.slice(mailsBefore).find((received) => received.to.includes(LUCIA.email));
    expect(mail).toBeDefined();
    expect(provider.requests.length).toBe(smsBefore);

    const details = await acceptWith(
      sent,
      pinIn(
        mail!.raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n'),
      ),
    );
    expect(details).toMatchObject({ signMethod: 'PIN_EMAIL', pinChannel: 'email', pinSentTo: 'l•••@example.es' });
    const text = await certificateText(sent.shippingId);
    expect(text).toMatch(
      /Firma: PIN por correo electrónico; canal del PIN: correo electrónico; enviado a l•••@example\.es; \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/,
    );
  });

  it('WHATSAPP_SMS: WhatsApp reporting failure releases the SMS with the same PIN; SMS is recorded, not WhatsApp', async () => {
    const sent = await shippingSignedWith('WHATSAPP_SMS');
    const requested = await portalCall(t, sent.token, 'POST', 'pin');
    expect(requested.json()).toMatchObject({ channel: 'whatsapp', sentTo: '•••••••••678', fallbackChannel: 'sms' });
    const before = provider.requests.length;
    await sendQueued(sent.shippingId);
    // Only WhatsApp left; the SMS waits, held.
    expect(provider.requests.slice(before).map((request) => request.headers.authorization)).toEqual([
      'Bearer wa-token',
    ]);
    const whatsappPin = pinIn(String(provider.requests[before]!.body.text));
    const [whatsapp, sms] = await pinMessages(sent.receiverId);
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', status: 'sent', fallback_for: null });
    expect(sms).toMatchObject({ channel: 'sms', transport: 'sms_http', status: 'held', fallback_for: whatsapp!.id });

    const report = await providerCallback('whatsapp', {
      reference: whatsapp!.guid,
      status: 'failed',
      detail: 'undeliverable',
    });
    expect(report.statusCode).toBe(200);
    expect((await pinMessages(sent.receiverId))[1]).toMatchObject({ status: 'queued' });
    await sendQueued(sent.shippingId);
    const smsRequest = provider.requests.at(-1)!;
    expect(smsRequest.headers.authorization).toBe('Bearer sms-token');
    expect(smsRequest.body.to).toBe('+34612345678');
    expect(pinIn(String(smsRequest.body.text))).toBe(whatsappPin);
    const failed = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'messageFailed');
    expect(failed?.details).toMatchObject({ channel: 'whatsapp', fallbackMessage: sms!.guid, fallbackChannel: 'sms' });

    const details = await acceptWith(sent, whatsappPin);
    expect(details).toMatchObject({ signMethod: 'WHATSAPP_SMS', pinChannel: 'sms', pinSentTo: '•••••••••678' });
    const text = await certificateText(sent.shippingId);
    expect(text).toContain('canal del PIN: SMS; enviado a •••••••••678');
    expect(text).not.toContain('canal del PIN: WhatsApp');
  });

  it('WHATSAPP_SMS: WhatsApp delivering keeps the SMS from ever leaving; WhatsApp is recorded', async () => {
    const sent = await shippingSignedWith('WHATSAPP_SMS');
    await portalCall(t, sent.token, 'POST', 'pin');
    const before = provider.requests.length;
    await sendQueued(sent.shippingId);
    const pin = pinIn(String(provider.requests[before]!.body.text));
    const [whatsapp] = await pinMessages(sent.receiverId);
    await providerCallback('whatsapp', { reference: whatsapp!.guid, status: 'delivered' });
    await sendQueued(sent.shippingId);
    expect(provider.requests.length).toBe(before + 1);
    expect((await pinMessages(sent.receiverId))[1]).toMatchObject({ channel: 'sms', status: 'held' });

    const details = await acceptWith(sent, pin);
    expect(details).toMatchObject({ signMethod: 'WHATSAPP_SMS', pinChannel: 'whatsapp' });
    expect(await certificateText(sent.shippingId)).toContain('canal del PIN: WhatsApp; enviado a •••••••••678');
  });

  it('WHATSAPP_VOICE: WhatsApp refusing the number calls the voice provider, which reads the digits', async () => {
    const sent = await shippingSignedWith('WHATSAPP_VOICE');
    const requested = await portalCall(t, sent.token, 'POST', 'pin');
    expect(requested.json()).toMatchObject({ channel: 'whatsapp', fallbackChannel: 'voice' });
    provider.answer = 400;
    try {
      await sendQueued(sent.shippingId);
    } finally {
      provider.answer = 200;
    }
    const before = provider.requests.length;
    await sendQueued(sent.shippingId);
    const [, voice] = await pinMessages(sent.receiverId);
    const call = provider.requests[before]!;
    expect(call.headers.authorization).toBe('Bearer voice-token');
    expect(call.body).toMatchObject({
      to: '+34612345678',
      language: 'es-es',
      reference: voice!.guid,
      callbackUrl: 'http://localhost:8080/rest/services/delivery/callback/voice',
    });
    expect(String(call.body.text)).toMatch(/^Su PIN de Sello es: (\d, ){5}\d\. Repito: (\d, ){5}\d\.$/);

    const details = await acceptWith(sent, pinIn(String(call.body.text)));
    expect(details).toMatchObject({ signMethod: 'WHATSAPP_VOICE', pinChannel: 'voice' });
    expect(await certificateText(sent.shippingId)).toContain('canal del PIN: llamada de voz');
  });

  it('refuses a PIN the receiver has no contact for (PIN_EMAIL without an e-mail) with its key', async () => {
    await t.database.db
      .updateTable('shipping_types')
      .set({ sign_method: 'PIN_EMAIL' })
      .where('name', '=', TYPE)
      .execute();
    const sent = await dispatchForTest(t, user, TYPE, {
      body: { channel: 'sms', receivers: [{ ...LUCIA, email: undefined }] },
    });
    await sendQueued(sent.shippingId);
    const access = provider.requests.at(-1)!;
    const token = /\/portal\/#\/r\/([A-Za-z0-9_-]{43})/.exec(String(access.body.text))![1]!;
    const requested = await portalCall(t, token, 'POST', 'pin');
    expect(requested.statusCode).toBe(409);
    expect(requested.json().key).toBe('ERR_PIN_UNAVAILABLE');
  });
});
