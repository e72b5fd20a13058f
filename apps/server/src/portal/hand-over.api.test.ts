import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPdfText } from '../../test/pdf-text.ts';
import { dispatchForTest, eventsOf, portalCall } from '../../test/portal-fixtures.ts';
import { createShippingTestApp, LUCIA, TIAGO } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { certifyShipping } from '../evidence/certificate-worker.ts';
import { createSealLoader } from '../evidence/seal.ts';
import { createTimestamper } from '../evidence/timestamps.ts';
import { hashToken } from '../platform/tokens.ts';

// A receiver's page handed over at the desk (on-screen shippings): a one-time access the sender mints, spent by the
// page when it opens; the `handedOver` event is written then and only then, once.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

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

const onScreen = (client = user) =>
  dispatchForTest(t, client, 'Notarial notification', { body: { channel: 'onscreen' } });

const handOver = (shippingId: number, method: 'kiosk' | 'qr', client = user, position = 1) =>
  client.post('shippings/handOver', { requestId: shippingId, position, method });

const tokenOf = (url: string) => /\/portal\/#\/(?:kiosk|h)\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1] ?? '';

const open = (token: string) => portalCall(t, token, 'POST', 'handOver/open');

async function handedOverEvents(shippingId: number) {
  return (await eventsOf(t, shippingId)).filter((event) => event.action === 'handedOver');
}

function receiverRow(shippingId: number) {
  return t.database.db
    .selectFrom('shipping_receivers')
    .select(['id', 'status', 'access_token_hash as tokenHash', 'access_expires_at as accessExpiresAt'])
    .where('shipping_id', '=', String(shippingId))
    .executeTakeFirstOrThrow();
}

describe('shippings/handOver and portal/handOver/open', () => {
  it('mints a one-time kiosk access; opening it records the hand-over once and the page can act', async () => {
    const sent = await onScreen();
    const detail = await user.get(`shippings/shippingdetail?requestId=${sent.shippingId}`);
    expect(detail.json().handOver).toEqual([1]);
    const before = await receiverRow(sent.shippingId);

    const minted = await handOver(sent.shippingId, 'kiosk');
    expect(minted.statusCode, minted.body).toBe(200);
    const answer = minted.json();
    expect(answer).toMatchObject({ method: 'kiosk', receiverName: 'Lucía Fernández', qr: null });
    expect(answer.url).toMatch(/\/portal\/#\/kiosk\/[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(answer.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // The receiver's own link is neither shown nor changed.
    const token = tokenOf(answer.url);
    expect(hashToken(token)).not.toBe(before.tokenHash);
    expect(await receiverRow(sent.shippingId)).toEqual(before);
    // Minting is audited; the hand-over itself is not evidence until the page opens.
    const audit = await t.database.db
      .selectFrom('audit_records')
      .select(['action', 'actor_name as actorName'])
      .where('entity', '=', 'receiver_hand_overs')
      .where('actor_name', '=', 'company.user')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(await handedOverEvents(sent.shippingId)).toEqual([]);

    const opened = await open(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const page = opened.json();
    expect(page).toMatchObject({ kiosk: true, view: { receiverName: 'Lucía Fernández', mode: 'acknowledge' } });
    expect(page.token).not.toBe(token);
    const events = await eventsOf(t, sent.shippingId);
    const handed = events.filter((event) => event.action === 'handedOver');
    expect(handed).toHaveLength(1);
    expect(handed[0]!.details).toEqual({
      receiverId: sent.receiverIds[0],
      method: 'kiosk',
      by: expect.any(String),
      role: 'cust_ctr_user',
    });
    // The hand-over comes first, then the opening it caused.
    const actions = events.map((event) => event.action);
    expect(actions.indexOf('handedOver')).toBeLessThan(actions.lastIndexOf('opened'));
    const actor = await t.database.db
      .selectFrom('shipping_events as e')
      .innerJoin('users as u', 'u.id', 'e.actor_user_id')
      .select(['u.username'])
      .where('e.shipping_id', '=', String(sent.shippingId))
      .where('e.action', '=', 'handedOver')
      .executeTakeFirstOrThrow();
    expect(actor.username).toBe('company.user');

    // Opened a second time: refused, nothing written.
    const again = await open(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().key).toBe('ERR_LINK_INVALID');
    expect(await handedOverEvents(sent.shippingId)).toHaveLength(1);

    // The page goes on with its own access: the receiver acknowledges.
    expect((await portalCall(t, page.token, 'GET', 'shipping')).statusCode).toBe(200);
    const acknowledged = await portalCall(t, page.token, 'POST', 'acknowledge');
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json().outcome).toBe('acknowledged');
    // The receiver has answered and the shipping closed: nothing left to hand over.
    expect((await user.get(`shippings/shippingdetail?requestId=${sent.shippingId}`)).json().handOver).toEqual([]);
    expect((await handOver(sent.shippingId, 'qr')).json().key).toBe('ERR_HANDOVER_NOT_AVAILABLE');

    // The event in the shipping's events and on its certificate, in the sender's language.
    const timeline = (await user.get(`shippings/shippingdetail?requestId=${sent.shippingId}`)).json().events;
    expect(timeline.map((event: { action: string }) => event.action)).toContain('handedOver');
    const deps = {
      db: t.database.db,
      blobs: t.ctx.blobs,
      jobs: t.ctx.jobs,
      config: t.ctx.config,
      loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
      stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
    };
    // The server's own certificate job may have been quicker: either way the certificate is stored.
    expect(['certified', 'certifiedExisting', 'skipped']).toContain(
      await certifyShipping(deps, String(sent.shippingId)),
    );
    const certificate = await user.post(`shippings/shippingDownloadPtRequest?requestId=${sent.shippingId}`);
    expect(certificate.statusCode).toBe(200);
    const text = readPdfText(certificate.rawPayload, false).replace(/\s+/g, ' ');
    expect(text).toContain('Entregado en mano en el mostrador');
    expect(text).toContain('en vista de quiosco en su pantalla, a Lucía Fernández (Destinatario)');
  });

  it('answers a QR code of a one-time link; minted but never opened, nothing is recorded', async () => {
    const sent = await onScreen();
    const minted = await handOver(sent.shippingId, 'qr');
    expect(minted.statusCode, minted.body).toBe(200);
    const answer = minted.json();
    expect(answer.url).toMatch(/\/portal\/#\/h\/[A-Za-z0-9_-]{43}$/);
    // The rows are the QR code of that link, as any generator makes it.
    const { modules } = QRCode.create(answer.url, { errorCorrectionLevel: 'M' });
    expect(answer.qr).toHaveLength(modules.size);
    expect(answer.qr.join('')).toBe([...modules.data].map((dark) => (dark ? '1' : '0')).join(''));
    expect(await handedOverEvents(sent.shippingId)).toEqual([]);
    expect((await receiverRow(sent.shippingId)).status).toBe('sent');

    // A newer hand-over replaces one not opened yet.
    const newer = (await handOver(sent.shippingId, 'qr')).json();
    expect((await open(tokenOf(answer.url))).statusCode).toBe(401);
    const opened = await open(tokenOf(newer.url));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().kiosk).toBe(false);
    expect((await handedOverEvents(sent.shippingId)).map((event) => event.details.method)).toEqual(['qr']);
  });

  it('refuses a receiver who has answered while another still may act', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification', {
      body: { channel: 'onscreen', receivers: [LUCIA, TIAGO] },
    });
    const page = (await open(tokenOf((await handOver(sent.shippingId, 'kiosk')).json().url))).json().token;
    expect((await portalCall(t, page, 'POST', 'acknowledge')).statusCode).toBe(200);
    expect((await user.get(`shippings/shippingdetail?requestId=${sent.shippingId}`)).json().handOver).toEqual([2]);
    const answered = await handOver(sent.shippingId, 'qr');
    expect(answered.statusCode).toBe(409);
    expect(answered.json().key).toBe('ERR_ALREADY_ANSWERED');
    expect((await handOver(sent.shippingId, 'qr', user, 2)).statusCode).toBe(200);
  });

  it('refuses an access past its expiry, and a page past its own time, writing nothing', async () => {
    const sent = await onScreen();
    const token = tokenOf((await handOver(sent.shippingId, 'qr')).json().url);
    await t.database.db
      .updateTable('receiver_hand_overs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const late = await open(token);
    expect(late.statusCode).toBe(401);
    expect(late.json().key).toBe('ERR_LINK_INVALID');
    expect(await handedOverEvents(sent.shippingId)).toEqual([]);
    expect((await receiverRow(sent.shippingId)).status).toBe('sent');

    const page = (await open(tokenOf((await handOver(sent.shippingId, 'kiosk')).json().url))).json().token;
    await t.database.db
      .updateTable('receiver_hand_overs')
      .set({ session_expires_at: new Date(Date.now() - 1000) })
      .where('session_hash', '=', hashToken(page))
      .execute();
    expect((await portalCall(t, page, 'GET', 'shipping')).statusCode).toBe(401);
  });

  it('refuses what cannot be handed over: another channel, an unknown receiver, an unknown access', async () => {
    const byMail = await dispatchForTest(t, user, 'Notarial notification');
    expect((await user.get(`shippings/shippingdetail?requestId=${byMail.shippingId}`)).json().handOver).toEqual([]);
    const mail = await handOver(byMail.shippingId, 'kiosk');
    expect(mail.statusCode).toBe(409);
    expect(mail.json().key).toBe('ERR_HANDOVER_NOT_AVAILABLE');
    const sent = await onScreen();
    expect((await handOver(sent.shippingId, 'kiosk', user, 2)).statusCode).toBe(404);
    const bad = await user.post('shippings/handOver', { requestId: sent.shippingId, position: 1, method: 'sms' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe('ERR_VALIDATION');
    expect((await open('x'.repeat(43))).statusCode).toBe(401);
    expect((await portalCall(t, null, 'POST', 'handOver/open')).statusCode).toBe(401);
    const count = await t.database.db
      .selectFrom('receiver_hand_overs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shipping_id', 'in', [String(byMail.shippingId), String(sent.shippingId)])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('answers 404 to a user of another company and of another domain, as the detail does', async () => {
    const seguros = await dispatchForTest(t, domainAdmin, 'ID card capture', {
      body: { documents: [], channel: 'onscreen' },
    });
    expect((await user.get(`shippings/shippingdetail?requestId=${seguros.shippingId}`)).statusCode).toBe(404);
    expect((await handOver(seguros.shippingId, 'kiosk', user)).statusCode).toBe(404);
    expect((await handOver(seguros.shippingId, 'kiosk', acmeAdmin)).statusCode).toBe(404);
    expect((await handOver(seguros.shippingId, 'kiosk', domainAdmin)).statusCode).toBe(200);
  });
});

/** `shippings/handOver` × every seeded role × an on-screen shipping of Notaría Central (DEMO). */
const EXPECTED: Record<string, number> = {
  'super.admin': 200,
  'domain.admin': 200,
  'company.admin': 200,
  'company.manager': 200,
  'company.user': 200,
  'sandbox.user': 200,
  'acme.admin': 404,
};

describe('authorisation matrix of the hand-over', () => {
  it('answers each role as the detail reaches the shipping through its company', async () => {
    const sent = await onScreen();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rest/services/shippings/handOver',
      payload: { requestId: sent.shippingId, position: 1, method: 'qr' },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    const answers: Record<string, number> = {};
    for (const login of Object.keys(EXPECTED)) {
      const client = await signedInClient(t.app, login);
      answers[login] = (await handOver(sent.shippingId, 'qr', client)).statusCode;
    }
    expect(answers).toEqual(EXPECTED);
  });
});
