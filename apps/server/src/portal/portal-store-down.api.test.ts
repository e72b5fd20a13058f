import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateBase64, issueReceiverCertificate, makeTestCa, signAttributes } from '../../test/pki-fixtures.ts';
import { dispatchForTest, eventsOf, portalCall, readPinFromOutbox } from '../../test/portal-fixtures.ts';
import { s3Env, startS3Server, type TS3TestServer } from '../../test/s3-server.ts';
import { createShippingTestApp } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { webmDataUrl } from '../../test/video-fixtures.ts';
import { jpeg } from './portal.test-setup.ts';

// Evidence never records what did not happen: every recipient verb that reads or writes a stored file, with the
// blob store (a real S3 server) failing, answers a clean error key and leaves the shipping's chain as it was.

let s3: TS3TestServer;
let t: TTestApp;
let user: TestClient;
let s3Closed = false;

const ca = makeTestCa();
const lucia = issueReceiverCertificate(ca, { name: 'LUCIA FERNANDEZ', serialNumber: 'IDCES-12345678Z' });

/**
 * Two signatures with the receiver's own certificate (PKI), made ready while the store works: one shipping opened
 * (to prepare once the store is down), one with its documents prepared (to accept once the store is down).
 */
type TPkiSetup = Awaited<ReturnType<typeof preparePkiSignatures>>;
let pki: TPkiSetup;

async function preparePkiSignatures() {
  await t.database.db
    .updateTable('shipping_types')
    .set({ sign_method: 'PKI' })
    .where('name', '=', 'Deed acceptance')
    .execute();
  const toPrepare = await dispatchForTest(t, user, 'Deed acceptance');
  const toAccept = await dispatchForTest(t, user, 'Deed acceptance');
  // A third, signed later with a one-time certificate (PKI_CLOUD) once the PKI checks are done.
  const cloud = await dispatchForTest(t, user, 'Deed acceptance');
  const [prepareToken] = toPrepare.tokens as [string];
  const [acceptToken] = toAccept.tokens as [string];
  const [cloudToken] = cloud.tokens as [string];
  for (const token of [prepareToken, acceptToken, cloudToken]) {
    expect((await portalCall(t, token, 'GET', 'shipping')).statusCode).toBe(200);
  }
  const prepared = await portalCall(t, acceptToken, 'POST', 'pki/prepare', { certificate: certificateBase64(lucia) });
  expect(prepared.statusCode).toBe(200);
  const { prepareId, documents } = prepared.json() as {
    prepareId: string;
    documents: { position: number; signedAttributes: string }[];
  };
  return { toPrepare, toAccept, cloud, prepareToken, acceptToken, cloudToken, prepareId, documents };
}

async function preparationCount() {
  return (await t.database.db.selectFrom('pki_preparations').select('id').execute()).length;
}

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createShippingTestApp(s3Env(s3));
  user = await signedInClient(t.app, 'company.user');
  pki = await preparePkiSignatures();
}, 120_000);
afterAll(async () => {
  await t.close();
  if (!s3Closed) await s3.close();
});

async function documentsOf(shippingId: number) {
  return t.database.db
    .selectFrom('shipping_documents')
    .select(['kind', 'sha256'])
    .where('shipping_id', '=', String(shippingId))
    .execute();
}

function expectUnavailable(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ key: 'ERR_FILE_UNAVAILABLE' });
}

describe('recipient verbs with the blob store failing', () => {
  it('a download of a file the store lost records no download', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    const [token] = sent.tokens as [string];
    expect((await portalCall(t, token, 'GET', 'shipping')).statusCode).toBe(200);
    const [document] = (await documentsOf(sent.shippingId)).filter((row) => row.kind !== 'video');
    const bytes = await t.ctx.blobs.read(document!.sha256);
    await t.ctx.blobs.remove(document!.sha256);
    const before = await eventsOf(t, sent.shippingId);
    expectUnavailable(await portalCall(t, token, 'GET', 'documents/1'));
    expect(await eventsOf(t, sent.shippingId)).toEqual(before);

    await t.ctx.blobs.put(bytes);
    const served = await portalCall(t, token, 'GET', 'documents/1');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const after = await eventsOf(t, sent.shippingId);
    expect(after.slice(before.length).map((event) => event.action)).toEqual(['downloaded']);
  });

  it('with the store down, download, capture and video answer ERR_FILE_UNAVAILABLE and write no event', async () => {
    const notice = await dispatchForTest(t, user, 'Notarial notification');
    const onboarding = await dispatchForTest(t, user, 'Remote onboarding');
    const [noticeToken] = notice.tokens as [string];
    const [onboardingToken] = onboarding.tokens as [string];
    expect((await portalCall(t, noticeToken, 'GET', 'shipping')).statusCode).toBe(200);
    expect((await portalCall(t, onboardingToken, 'POST', 'identification/start')).statusCode).toBe(200);
    const noticeBefore = await eventsOf(t, notice.shippingId);
    const onboardingBefore = await eventsOf(t, onboarding.shippingId);
    const storedBefore = await documentsOf(onboarding.shippingId);

    await s3.close();
    s3Closed = true;

    expectUnavailable(await portalCall(t, noticeToken, 'GET', 'documents/1'));
    expectUnavailable(
      await portalCall(t, onboardingToken, 'POST', 'identification/captures', { kind: 'DNI_NIE', content: jpeg() }),
    );
    expectUnavailable(
      await portalCall(t, onboardingToken, 'POST', 'identification/video', {
        content: webmDataUrl(),
        consent: true,
        language: 'es-es',
      }),
    );
    expect(await eventsOf(t, notice.shippingId)).toEqual(noticeBefore);
    expect(await eventsOf(t, onboarding.shippingId)).toEqual(onboardingBefore);
    expect(await documentsOf(onboarding.shippingId)).toEqual(storedBefore);
    // A verb that needs no stored file still answers, and what it records happened.
    expect((await portalCall(t, noticeToken, 'GET', 'shipping')).statusCode).toBe(200);
  });

  it('with the store down, a signature with the receiver own certificate or a one-time certificate answers ERR_FILE_UNAVAILABLE and records nothing', async () => {
    const before = {
      prepare: await eventsOf(t, pki.toPrepare.shippingId),
      accept: await eventsOf(t, pki.toAccept.shippingId),
      documents: await documentsOf(pki.toAccept.shippingId),
      preparations: await preparationCount(),
    };
    // Runs after the test above: the store is down.
    expect(s3Closed).toBe(true);
    // Preparing reads the documents; accepting stores the signed copies.
    expectUnavailable(
      await portalCall(t, pki.prepareToken, 'POST', 'pki/prepare', { certificate: certificateBase64(lucia) }),
    );
    expectUnavailable(
      await portalCall(t, pki.acceptToken, 'POST', 'pki/accept', {
        prepareId: pki.prepareId,
        signatures: pki.documents.map((document) => ({
          position: document.position,
          signature: signAttributes(lucia, document.signedAttributes),
        })),
      }),
    );
    expect(await eventsOf(t, pki.toPrepare.shippingId)).toEqual(before.prepare);
    expect(await eventsOf(t, pki.toAccept.shippingId)).toEqual(before.accept);
    expect(await documentsOf(pki.toAccept.shippingId)).toEqual(before.documents);
    // The preparation is kept: the receiver signs again once the store is back.
    expect(await preparationCount()).toBe(before.preparations);
    // A verb that needs no stored file still answers, and records what happened.
    const rejected = await portalCall(t, pki.prepareToken, 'POST', 'reject', { reason: 'Not mine' });
    expect(rejected.statusCode).toBe(200);
    const after = await eventsOf(t, pki.toPrepare.shippingId);
    expect(after.slice(before.prepare.length).map((event) => event.action)).toEqual(['reject']);

    // PKI_CLOUD: the PIN is sent (no file needed, recorded), then the signature reads and stores files: refused whole.
    await t.database.db
      .updateTable('shipping_types')
      .set({ sign_method: 'PKI_CLOUD' })
      .where('name', '=', 'Deed acceptance')
      .execute();
    expect((await portalCall(t, pki.cloudToken, 'POST', 'pin')).statusCode).toBe(200);
    const cloudBefore = await eventsOf(t, pki.cloud.shippingId);
    const pin = await readPinFromOutbox(t, pki.cloud.receiverIds[0]!);
    expectUnavailable(await portalCall(t, pki.cloudToken, 'POST', 'accept', { pin }));
    expect(await eventsOf(t, pki.cloud.shippingId)).toEqual(cloudBefore);
    expect((await documentsOf(pki.cloud.shippingId)).map((row) => row.kind)).not.toContain('signed');
  }, 120_000);
});
