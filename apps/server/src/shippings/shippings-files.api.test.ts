import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, postDownloadFile } from '../../test/admin-fixtures.ts';
import { createShippingTestApp, dataUrl, LUCIA, readZip, sendShipping, TIAGO } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { demoPdf } from '../demo/demo-pdf.ts';
import { createLocalBlobStore } from '../platform/blob-store.ts';

let t: TTestApp;
let user: TestClient;
let admin: TestClient;
let manager: TestClient;
let acmeAdmin: TestClient;
const ids = { notice: 0, waiting: 0, express: 0, joint: 0, video: 0, acme: 0 };
const deed = demoPdf('Deed of sale');
const annex = demoPdf('Annex');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  admin = await signedInClient(t.app, 'company.admin');
  manager = await signedInClient(t.app, 'company.manager');
  acmeAdmin = await signedInClient(t.app, 'acme.admin');
  const db = t.database.db;
  ids.notice = await sendShipping(user, db, 'Notarial notification', {
    documents: [
      { name: 'deed of sale – ñ.pdf', content: dataUrl('application/pdf', deed) },
      { name: 'annex.pdf', content: dataUrl('application/pdf', annex) },
    ],
  });
  ids.waiting = await sendShipping(user, db, 'Deed acceptance');
  ids.express = await sendShipping(user, db, 'Claim settlement acceptance', { channel: 'sms', message: 'Accept it' });
  ids.joint = await sendShipping(user, db, 'Joint deed acceptance', { receivers: [LUCIA, TIAGO] });
  ids.video = await sendShipping(user, db, 'Remote onboarding', { documents: [] });
  ids.acme = await sendShipping(acmeAdmin, db, 'Carrier contract notification', {
    companyId: await companyIdOf(db, 'B87654323'),
  });
});
afterAll(() => t.close());

/** Stores a file as the delivery side will (certificate, video) and answers its number in the shipping. */
async function addProducedFile(shippingId: number, kind: string, name: string, mime: string, bytes: Buffer) {
  const stored = await createLocalBlobStore(path.join(t.config.dataDir, 'files')).put(bytes);
  const last = await t.database.db
    .selectFrom('shipping_documents')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('shipping_id', '=', String(shippingId))
    .executeTakeFirst();
  const position = Number(last?.position ?? 0) + 1;
  await t.database.db
    .insertInto('shipping_documents')
    .values({
      shipping_id: shippingId,
      position,
      kind,
      name,
      mime_type: mime,
      size_bytes: bytes.length,
      sha256: stored.sha256,
    })
    .execute();
  return position;
}

describe('shipping documents', () => {
  it('reads an original file inline, with its hash', async () => {
    const response = await user.get(`shippings/shippingreadoriginalfile?requestId=${ids.notice}&fileRequest=1`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(deed)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="deed of sale _ _.pdf"; filename*=UTF-8''${encodeURIComponent('deed of sale – ñ.pdf')}`,
    );
    expect(response.headers['x-content-sha256']).toBe(sha256(deed));
    expect(
      (await user.get(`shippings/shippingreadoriginalfile?requestId=${ids.notice}&fileRequest=9`)).statusCode,
    ).toBe(404);
    expect(
      (await acmeAdmin.get(`shippings/shippingreadoriginalfile?requestId=${ids.notice}&fileRequest=1`)).statusCode,
    ).toBe(404);
  });

  it('downloads a document as an attachment, also through the DownloadFile form', async () => {
    const response = await user.post('shippings/shippingdownloadfile', { requestId: ids.notice, fileRequest: 2 });
    expect(response.rawPayload.equals(annex)).toBe(true);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="annex.pdf"/);
    const form = await postDownloadFile(
      t.app,
      'shippings/shippingdownloadfile',
      { requestId: ids.notice, fileRequest: 1 },
      user.token!,
    );
    expect(form.rawPayload.equals(deed)).toBe(true);
    expect(
      (await acmeAdmin.post('shippings/shippingdownloadfile', { requestId: ids.notice, fileRequest: 1 })).statusCode,
    ).toBe(404);
  });

  it('lets authorisers download the documents of a shipping waiting for authorisation', async () => {
    const response = await manager.post('shippings/shippingdownloadauthfile', {
      requestId: ids.waiting,
      fileRequest: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const notWaiting = await user.post('shippings/shippingdownloadauthfile', { requestId: ids.notice, fileRequest: 1 });
    expect(notWaiting.statusCode).toBe(409);
    expect(notWaiting.json()).toEqual({ key: 'ERR_NOT_PENDING_AUTH' });
  });

  it('answers the evidence document only once it exists', async () => {
    const missing = await user.post(`shippings/shippingDownloadPtRequest?requestId=${ids.notice}`);
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ key: 'ERR_NO_EVIDENCE' });
    const certificate = demoPdf('Certificate');
    await addProducedFile(ids.joint, 'certificate', 'certificate.pdf', 'application/pdf', certificate);
    const found = await user.post(`shippings/shippingDownloadPtRequest?requestId=${ids.joint}`);
    expect(found.rawPayload.equals(certificate)).toBe(true);
    expect((await acmeAdmin.post(`shippings/shippingDownloadPtRequest?requestId=${ids.joint}`)).statusCode).toBe(404);
  });
});

describe('documentation download', () => {
  it('counts the files a download would hold, and the NUM_DOWNLOAD limit', async () => {
    const count = await user.put('shippings/numberDownloadFiles', {
      listOfRequests: [ids.notice, ids.waiting],
      downloadOptions: ['original'],
    });
    expect(count.json()).toEqual({ count: 3, shippings: 2, limit: 50 });
    const certificates = await user.put('shippings/numberDownloadFiles', {
      listOfRequests: [ids.notice, ids.waiting],
      downloadOptions: ['certificate', 'courier'],
    });
    expect(certificates.json().count).toBe(0);
    const hidden = await user.put('shippings/numberDownloadFiles', {
      listOfRequests: [ids.acme],
      downloadOptions: ['pack'],
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('zips the originals with a manifest of their SHA-256 and each event chain head', async () => {
    const response = await user.put('shippings/shippingdownloadfiles', {
      listOfRequests: [ids.notice, ids.waiting],
      downloadOptions: ['original'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = await readZip(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        `${ids.notice}/original/1-deed of sale – ñ.pdf`,
        `${ids.notice}/original/2-annex.pdf`,
        `${ids.waiting}/original/1-document.pdf`,
        'SHA256SUMS',
        'manifest.json',
      ].sort(),
    );
    expect(entries.get(`${ids.notice}/original/1-deed of sale – ñ.pdf`)!.equals(deed)).toBe(true);
    const sums = entries.get('SHA256SUMS')!.toString().trim().split('\n');
    for (const line of sums) {
      const [hash, file] = line.split('  ') as [string, string];
      expect(sha256(entries.get(file)!), file).toBe(hash);
    }
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    const detail = (await user.get(`shippings/shippingdetail?requestId=${ids.notice}`)).json();
    expect(manifest.shippings[0]).toMatchObject({
      requestId: ids.notice,
      guid: detail.guid,
      events: detail.events.length,
      lastEventHash: detail.events.at(-1).hash,
      files: [
        expect.objectContaining({ fileRequest: 1, sha256: sha256(deed) }),
        expect.objectContaining({ sha256: sha256(annex) }),
      ],
    });
  });

  it('answers a clear key for options none of the shippings has, and takes what exists for pack', async () => {
    const unavailable = await user.put('shippings/shippingdownloadfiles', {
      listOfRequests: [ids.notice],
      downloadOptions: ['original', 'certificate', 'courier'],
    });
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json()).toEqual({
      key: 'ERR_DOWNLOAD_NOT_AVAILABLE',
      params: { options: 'certificate,courier' },
    });
    const pack = await user.put('shippings/shippingdownloadfiles', {
      listOfRequests: [ids.joint],
      downloadOptions: ['pack'],
    });
    const entries = await readZip(pack.rawPayload);
    expect([...entries.keys()].filter((name) => name.startsWith(`${ids.joint}/`)).sort()).toEqual([
      `${ids.joint}/certificate/2-certificate.pdf`,
      `${ids.joint}/original/1-document.pdf`,
    ]);
    const empty = await user.put('shippings/shippingdownloadfiles', {
      listOfRequests: [ids.video],
      downloadOptions: ['pack'],
    });
    expect(empty.json()).toEqual({ key: 'ERR_DOWNLOAD_NOT_AVAILABLE', params: { options: 'pack' } });
    const mixed = await user.put('shippings/shippingdownloadfiles', {
      listOfRequests: [ids.notice],
      downloadOptions: ['pack', 'sent'],
    });
    expect(mixed.statusCode).toBe(400);
  });

  it('refuses shippings the user does not see and more shippings than NUM_DOWNLOAD', async () => {
    const hidden = await user.put('shippings/shippingdownloadfiles', {
      listOfRequests: [ids.notice, ids.acme],
      downloadOptions: ['original'],
    });
    expect(hidden.statusCode).toBe(404);
    await t.database.db.updateTable('preferences').set({ value: '1' }).where('name', '=', 'NUM_DOWNLOAD').execute();
    await admin.get('admin/clearpreferencecache');
    try {
      const tooMany = await user.put('shippings/shippingdownloadfiles', {
        listOfRequests: [ids.notice, ids.waiting],
        downloadOptions: ['original'],
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({
        key: 'ERR_DOWNLOAD_LIMIT',
        fields: { listOfRequests: 'ERR_DOWNLOAD_LIMIT' },
        params: { limit: 1 },
      });
    } finally {
      await t.database.db.updateTable('preferences').set({ value: '50' }).where('name', '=', 'NUM_DOWNLOAD').execute();
      await admin.get('admin/clearpreferencecache');
    }
  });
});

describe('signatures, access and recordings', () => {
  it('lists the receivers signing status of signing services only', async () => {
    const joint = await user.get(`shippings/signatures/${ids.joint}`);
    const pending = { pinChannel: null, pinNumber: null, attempt: null, reason: null, evidence: null };
    expect(joint.json()).toEqual([
      { position: 1, signer: LUCIA.name, method: 'pin', state: 'pending', signedAt: null, ...pending },
      { position: 2, signer: TIAGO.name, method: 'pin', state: 'pending', signedAt: null, ...pending },
    ]);
    expect((await user.get(`shippings/signatures/${ids.express}`)).json()[0].method).toBe('click');
    const notice = await user.get(`shippings/signatures/${ids.notice}`);
    expect(notice.statusCode).toBe(409);
    expect(notice.json()).toEqual({ key: 'ERR_NO_SIGNATURES' });
  });

  it('sends the access communication again only once the shipping has been sent', async () => {
    const response = await user.put(`shippings/sendAccessComunication/${ids.notice}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ key: 'ERR_NOT_SENT' });
    expect((await acmeAdmin.put(`shippings/sendAccessComunication/${ids.notice}`)).statusCode).toBe(404);
  });

  it('answers a one-time sign-in link to a shipping its user sees (federation/core-handover.api.test.ts)', async () => {
    const response = await user.get(`shippings/shippingSamlAccess?requestId=${ids.notice}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^\/#\/saml\/samlCoreLogin\/[^/]+\/[^/]+\/[0-9a-f-]{36}$/);
    expect((await acmeAdmin.get(`shippings/shippingSamlAccess?requestId=${ids.notice}`)).statusCode).toBe(404);
  });

  it('links the recording of a video identification once it exists', async () => {
    const missing = await user.get(`shippings/shippingUrlVideoDownload?requestId=${ids.video}`);
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ key: 'ERR_NO_VIDEO' });
    const video = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
    const position = await addProducedFile(ids.video, 'video', 'session.mp4', 'video/mp4', video);
    const found = (await user.get(`shippings/shippingUrlVideoDownload?requestId=${ids.video}`)).json();
    expect(found).toEqual({
      url: `/rest/services/shippings/shippingreadoriginalfile?requestId=${ids.video}&fileRequest=${position}`,
    });
    const bytes = await user.get(found.url.replace('/rest/services/', ''));
    expect(bytes.rawPayload.equals(video)).toBe(true);
  });

  it('lists the authorisations of a shipping', async () => {
    const response = await user.get(`shippings/shippingauths?requestId=${ids.joint}`);
    expect(response.json()).toEqual([
      expect.objectContaining({ round: 1, authoriserKind: 'user', authoriserName: 'Marta Lopes', decision: 'pending' }),
      expect.objectContaining({ round: 1, authoriserKind: 'group', authoriserName: 'Legal', decision: 'pending' }),
    ]);
    expect((await acmeAdmin.get(`shippings/shippingauths?requestId=${ids.joint}`)).statusCode).toBe(404);
  });
});
