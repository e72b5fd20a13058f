import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../../test/pdf-text.ts';
import { portalCall } from '../../test/portal-fixtures.ts';
import { postalShippingWithLetters } from '../../test/postal-fixtures.ts';
import { createShippingTestApp, readChain } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { certifyShipping } from '../evidence/certificate-worker.ts';
import { createSealLoader } from '../evidence/seal.ts';
import { createTimestamper } from '../evidence/timestamps.ts';

// A postal receiver who opens the online copy the letter offers does not break the courier's result.

let t: TTestApp;
let sender: TestClient;
let domainAdmin: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  sender = await signedInClient(t.app, 'company.user');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

async function handedToCourier() {
  const { shippingId, references } = await postalShippingWithLetters(sender, t);
  const batch = await domainAdmin.post('postal/batches', {});
  expect(batch.statusCode, batch.body).toBe(200);
  expect((await domainAdmin.put(`postal/batches/${batch.json().id}/printed`)).statusCode).toBe(200);
  expect((await domainAdmin.put(`postal/batches/${batch.json().id}/handed`)).statusCode).toBe(200);
  const message = await t.database.db
    .selectFrom('delivery_messages')
    .select('body')
    .where('shipping_id', '=', String(shippingId))
    .where('purpose', '=', 'access')
    .executeTakeFirstOrThrow();
  const token = /\/portal\/#\/r\/([A-Za-z0-9_-]{43})/.exec(message.body)?.[1];
  if (!token) throw new Error(`no online link in the letter: ${message.body}`);
  return { shippingId, reference: references[0]!, token };
}

async function certificateText(shippingId: number) {
  const deps = {
    ...t.ctx,
    db: t.database.db,
    loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
    stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
  };
  expect(await certifyShipping(deps, String(shippingId))).toBe('certified');
  const certificate = await t.database.db
    .selectFrom('shipping_documents')
    .select('sha256')
    .where('shipping_id', '=', String(shippingId))
    .where('kind', '=', 'certificate')
    .executeTakeFirstOrThrow();
  return readPdfText(await t.ctx.blobs.read(certificate.sha256), false).replace(/\s+/g, ' ');
}

describe('a postal receiver who opens the online copy', () => {
  it.each([
    ['delivered', 'accepted'],
    ['failed', 'error'],
  ])('still gets the courier result %s recorded; the certificate has both facts', async (result, shippingResult) => {
    const { shippingId, reference, token } = await handedToCourier();
    expect((await portalCall(t, token, 'GET', 'shipping')).statusCode).toBe(200);
    const answer = await domainAdmin.post('postal/results', { reference, result, date: today(), courierRef: 'CR-9' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ letterStatus: result, shippingState: 'pending_cert_postal' });
    const actions = (await readChain(t.database.db, shippingId)).map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining(['deliver', result === 'delivered' ? 'courierDelivered' : 'courierFailed']),
    );
    const row = await t.database.db
      .selectFrom('shippings')
      .select(['state', 'result'])
      .where('id', '=', String(shippingId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'pending_cert_postal', result: shippingResult });
    const text = await certificateText(shippingId);
    expect(text).toContain('Abierto por el destinatario');
    expect(text).toContain(result === 'delivered' ? 'Entregado por el mensajero' : 'Fallo del mensajero');
    expect(text).toContain('Referencia del mensajero: CR-9');
    // The courier's date reads as a date in the reader's language, not as a JavaScript date string.
    expect(text).toMatch(new RegExp(`Fecha de entrega: \\d{1,2} \\S+ ${today().slice(0, 4)}`));
    expect(text).not.toMatch(/GMT|Coordinated Universal Time/);
  });

  it('and acknowledges it online before the courier answers: the courier result is still recorded, as evidence', async () => {
    const { shippingId, reference, token } = await handedToCourier();
    const acknowledged = await portalCall(t, token, 'POST', 'acknowledge');
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const answer = await domainAdmin.post('postal/results', {
      reference,
      result: 'delivered',
      date: today(),
      courierRef: 'CR-10',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ letterStatus: 'delivered', shippingState: 'pending_cert' });
    const chain = await readChain(t.database.db, shippingId);
    expect(chain.at(-1)).toMatchObject({
      action: 'courierResult',
      details: { result: 'delivered', courierRef: 'CR-10' },
    });
    const text = await certificateText(shippingId);
    expect(text).toContain('Abierto por el destinatario');
    expect(text).toContain('Referencia del mensajero: CR-10');
    expect(text).toContain('Estado de la carta: Entregada');
  });
});
