import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HEADERS } from '@sello/contracts/constants';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { ApiKeyClient, createApiKey } from '../../test/api-key-fixtures.ts';
import { createShippingTestApp, LUCIA, pdfDataUrl, readZip, typeIdOf } from '../../test/shipping-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';

type TReceived = { headers: IncomingHttpHeaders; body: string; answered: number };

/** A company's own HTTP receiver: logs every post, answers 200, or 503 while it is "down". */
async function startReceiver() {
  const received: TReceived[] = [];
  const state = { down: false };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = state.down ? 503 : 200;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString(), answered });
      response.writeHead(answered, { 'content-type': 'text/plain' });
      response.end(state.down ? 'maintenance window' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/sello`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const typeOf = (post: TReceived) => JSON.parse(post.body).type as string;

async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let t: TTestApp;
let admin: TestClient;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let companyId: number;

beforeAll(async () => {
  receiver = await startReceiver();
  sink = await startSmtpSink();
  // Short back-off instead of minutes: 1 s, then 2 s; a delivery is given up after 4 attempts.
  t = await createShippingTestApp({
    JOBS_ENABLED: 'true',
    SMTP_URL: sink.url,
    PUBLIC_URL: 'https://sello.example',
    WEBHOOK_RETRY_BASE_SECONDS: '1',
    WEBHOOK_RETRY_MAX_SECONDS: '2',
    WEBHOOK_MAX_ATTEMPTS: '4',
    WEBHOOK_TIMEOUT_MS: '2000',
  });
  admin = await signedInClient(t.app, 'company.admin');
  companyId = await companyIdOf(t.database.db, 'B12345674');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await sink?.close();
});

describe('webhook delivery to a company’s own system', () => {
  it('signs every event, retries while the receiver is down with the same ids, and the key fetches the certificate', async () => {
    const endpoint = await admin.post('integration/webhooks/new', {
      companyId,
      url: receiver.url,
      events: [
        'shipping.created',
        'shipping.sent',
        'shipping.accepted',
        'shipping.closed',
        'shipping.certificate_ready',
      ],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const { id: endpointId, secret } = endpoint.json();
    const key = new ApiKeyClient(t.app, (await createApiKey(admin, companyId)).secret);

    const body = {
      companyId,
      typeId: await typeIdOf(t.database.db, 'Certified e-mail'),
      channel: 'email',
      subject: 'Contract 2026/114',
      receivers: [LUCIA],
      documents: [{ name: 'contract.pdf', content: pdfDataUrl('Contract 2026/114') }],
    };
    const send = () => key.call('POST', 'shippings/sendrequest', body, { [HEADERS.idempotencyKey]: 'erp-114' });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.json()).toEqual(first.json());
    const shippingId = Number(first.json().requestId);
    const shippings = await t.database.db
      .selectFrom('shippings')
      .select('id')
      .where('subject', '=', body.subject)
      .execute();
    expect(shippings).toHaveLength(1);

    const sent = await waitFor('shipping.sent', () =>
      receiver.received.find((post) => typeOf(post) === 'shipping.sent'),
    );
    const created = receiver.received.filter((post) => typeOf(post) === 'shipping.created');
    expect(created).toHaveLength(1);
    const payload = JSON.parse(sent.body);
    expect(payload.data).toMatchObject({
      shippingId,
      companyId,
      state: 'sent',
      links: {
        shipping: `https://sello.example/rest/services/shippings/shippingdetail?requestId=${shippingId}`,
      },
    });
    // Ids, states and links only: the document's content never travels.
    expect(sent.body).not.toContain('JVBERi0');
    expect(sent.body).not.toContain(LUCIA.email);

    // The receiver goes down: the acceptance is answered 503 and tried again, same id, until it is back.
    receiver.state.down = true;
    await t.database.db.transaction().execute(async (trx) => {
      const shipping = (await lockShipping(trx, null, String(shippingId)))!;
      await applyTransition(trx, t.ctx.jobs, shipping, 'accept', null);
    });
    await waitFor('two refused attempts', () => receiver.received.filter((post) => post.answered === 503).length >= 2);
    receiver.state.down = false;
    const accepted = await waitFor('the acceptance taken', () => {
      const posts = receiver.received.filter((post) => typeOf(post) === 'shipping.accepted');
      return posts.at(-1)?.answered === 200 && posts;
    });
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    expect(new Set(accepted.map((post) => post.headers['webhook-id'])).size).toBe(1);
    expect(accepted.slice(0, -1).every((post) => post.answered === 503)).toBe(true);

    const closing = await waitFor('closed and certificate ready', () => {
      const types = receiver.received.filter((post) => post.answered === 200).map(typeOf);
      return types.includes('shipping.closed') && types.includes('shipping.certificate_ready') && types;
    });
    expect(closing).toEqual(expect.arrayContaining(['shipping.created', 'shipping.sent', 'shipping.accepted']));

    // Every post, retries included, carries a signature the reference implementation accepts.
    const verifier = new Webhook(secret);
    for (const post of receiver.received) {
      expect(() => verifier.verify(post.body, post.headers as Record<string, string>)).not.toThrow();
    }

    // The delivery log: the acceptance's attempts in order, the refused ones with their status and answer.
    const log = await admin.get(`integration/webhooks/deliveries?endpointId=${endpointId}`);
    expect(log.statusCode).toBe(200);
    const acceptedId = accepted[0]!.headers['webhook-id'];
    const attempts = (log.json() as { eventId: string; attempt: number; responseStatus: number | null }[])
      .filter((row) => row.eventId === acceptedId)
      .reverse();
    expect(attempts.map((row) => row.attempt)).toEqual(attempts.map((_, index) => index + 1));
    expect(attempts[0]).toMatchObject({ responseStatus: 503, succeeded: false, responseExcerpt: 'maintenance window' });
    expect(attempts.at(-1)).toMatchObject({ responseStatus: 200, succeeded: true });

    // "Send again": the same event once more, with its id.
    const last = log.json()[0];
    const before = receiver.received.length;
    expect((await admin.post('integration/webhooks/sendAgain', { deliveryId: last.id })).statusCode).toBe(200);
    const resent = await waitFor(
      'the event sent again',
      () => receiver.received.length > before && receiver.received.at(-1),
    );
    expect(resent.headers['webhook-id']).toBe(last.eventId);

    // The certificate, through the API with the key.
    const archive = await key.call('PUT', 'shippings/shippingdownloadfiles', {
      listOfRequests: [shippingId],
      downloadOptions: ['certificate'],
    });
    expect(archive.statusCode, archive.body.slice(0, 200)).toBe(200);
    const entries = await readZip(archive.rawPayload);
    const pdf = [...entries.values()].find((file) => file.subarray(0, 5).toString() === '%PDF-');
    expect(pdf).toBeDefined();
  }, 180_000);

  it('disables an endpoint that fails every attempt and tells the company’s administrators by mail', async () => {
    const gone = await startReceiver();
    await gone.close();
    const endpoint = await admin.post('integration/webhooks/new', {
      companyId,
      url: gone.url,
      events: ['shipping.created'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const { id: endpointId } = endpoint.json();
    const key = new ApiKeyClient(t.app, (await createApiKey(admin, companyId)).secret);
    const sent = await key.post('shippings/sendrequest', {
      companyId,
      typeId: await typeIdOf(t.database.db, 'Certified e-mail'),
      channel: 'email',
      subject: 'Nobody listens',
      receivers: [LUCIA],
      documents: [{ name: 'a.pdf', content: pdfDataUrl('Nobody listens') }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const listed = await waitFor('the endpoint disabled', async () => {
      const endpoints = (await admin.get(`integration/webhooks?companyId=${companyId}`)).json();
      return endpoints.find((row: { id: number; enabled: boolean }) => row.id === endpointId && !row.enabled);
    });
    expect(listed.enabled).toBe(false);
    const log = (await admin.get(`integration/webhooks/deliveries?endpointId=${endpointId}`)).json();
    expect(log.map((row: { attempt: number }) => row.attempt)).toEqual([4, 3, 2, 1]);
    expect(log[0].responseStatus).toBeNull();
    // Each administrator reads it in their language: the demo's company administrator uses Spanish.
    const mail = await waitFor('the mail', () =>
      sink.received.find((m) => m.raw.includes(gone.url) && m.to.includes('company.admin@sello.local')),
    );
    const body = mail.raw.replace(/=\r\n/g, '');
    expect(body).toContain('y se ha desactivado');
    expect(body).not.toContain('has been disabled');
    // Sending again to a disabled endpoint is refused until it is enabled.
    const refused = await admin.post('integration/webhooks/sendAgain', { deliveryId: log[0].id });
    expect([refused.statusCode, refused.json()]).toEqual([409, { key: 'ERR_WEBHOOK_DISABLED' }]);
    const enabled = await admin.post('integration/webhooks/setEnabled', { id: endpointId, enabled: true });
    expect(enabled.json().enabled).toBe(true);
  }, 180_000);
});
