// A stored file the store cannot give back (gone from the local disk, an S3 object deleted, S3 down) fails the
// request that wanted it with ERR_FILE_UNAVAILABLE, and only that request: the server keeps answering.
import { rm, truncate } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Env, startS3Server, type TS3TestServer } from '../../test/s3-server.ts';
import { createShippingTestApp, readZip, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { createS3Client } from '../platform/s3-blob-store.ts';

type TSetup = { t: TTestApp; user: TestClient; base: string; first: number; second: number };

async function setUp(env: Record<string, string> = {}): Promise<TSetup> {
  const t = await createShippingTestApp(env);
  const user = await signedInClient(t.app, 'company.user');
  const first = await sendShipping(user, t.database.db, 'Notarial notification');
  const second = await sendShipping(user, t.database.db, 'Deed acceptance');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { t, user, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, first, second };
}

async function documentHash(s: TSetup, shippingId: number): Promise<string> {
  const row = await s.t.database.db
    .selectFrom('shipping_documents')
    .select('sha256')
    .where('shipping_id', '=', String(shippingId))
    .where('position', '=', 1)
    .executeTakeFirstOrThrow();
  return row.sha256;
}

async function expectServerUp(s: TSetup) {
  const health = await fetch(`${s.base}/healthz`);
  expect(health.status).toBe(200);
  // And still serves a call that reads the database and a stored file.
  const other = await s.user.get(`shippings/shippingreadoriginalfile?requestId=${s.second}&fileRequest=1`);
  expect(other.statusCode).toBe(200);
}

const readDocument = (s: TSetup, id: number) =>
  s.user.get(`shippings/shippingreadoriginalfile?requestId=${id}&fileRequest=1`);
const downloadPack = (s: TSetup, ids: number[]) =>
  s.user.put('shippings/shippingdownloadfiles', { listOfRequests: ids, downloadOptions: ['original'] });

describe('local store', () => {
  let s: TSetup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.t.close());

  const fileOf = (sha256: string) =>
    path.join(s.t.config.dataDir, 'files', sha256.slice(0, 2), sha256.slice(2, 4), sha256);

  it('a file changed under the pack cuts that download short; the server stays up', async () => {
    const sha256 = await documentHash(s, s.first);
    // Shorter than its record says: readable, so it passes the check, and fails once the pack is under way.
    await truncate(fileOf(sha256), 10);
    const response = await fetch(`${s.base}/rest/services/shippings/shippingdownloadfiles`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'auth-token': s.user.token!,
        'x-xsrf-token': s.user.xsrf,
        cookie: `XSRF-TOKEN=${s.user.xsrf}`,
      },
      body: JSON.stringify({ listOfRequests: [s.first, s.second], downloadOptions: ['original'] }),
    });
    expect(response.status).toBe(200);
    // Never a pack that looks whole without the file.
    await expect(response.arrayBuffer().then((bytes) => readZip(Buffer.from(bytes)))).rejects.toThrow();
    await expectServerUp(s);
  });

  it('a file missing from the disk: the document and the pack answer 404 ERR_FILE_UNAVAILABLE', async () => {
    const sha256 = await documentHash(s, s.first);
    await rm(fileOf(sha256));
    const document = await readDocument(s, s.first);
    expect(document.statusCode).toBe(404);
    expect(document.json()).toEqual({ key: 'ERR_FILE_UNAVAILABLE' });
    const pack = await downloadPack(s, [s.first, s.second]);
    expect(pack.statusCode).toBe(404);
    expect(pack.json()).toEqual({
      key: 'ERR_FILE_UNAVAILABLE',
      params: { files: `${s.first}/original/1-document.pdf` },
    });
    await expectServerUp(s);
  });

  it('an export file missing from the disk answers 404 ERR_FILE_UNAVAILABLE', async () => {
    const started = (await s.user.post('shippings/shippingsreport', { scope: 'own', asynchronous: true })).json();
    await expect
      .poll(async () => (await s.user.post('shippings/shippingsreport', { jobId: started.jobId })).statusCode, {
        timeout: 20_000,
      })
      .toBe(200);
    await rm(path.join(s.t.config.dataDir, 'exports'), { recursive: true });
    const gone = await s.user.post('shippings/shippingsreport', { jobId: started.jobId });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ key: 'ERR_FILE_UNAVAILABLE' });
    await expectServerUp(s);
  });
});

describe('S3 store', () => {
  let s3: TS3TestServer;
  let s: TSetup;
  beforeAll(async () => {
    s3 = await startS3Server();
    s = await setUp(s3Env(s3));
  });
  afterAll(async () => {
    await s.t.close();
    await s3.close().catch(() => {});
  });

  it('an object deleted from the bucket: the document and the pack answer 404 ERR_FILE_UNAVAILABLE', async () => {
    const sha256 = await documentHash(s, s.first);
    const client = createS3Client({
      bucket: s3.bucket,
      prefix: '',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    await client.send(
      new DeleteObjectCommand({
        Bucket: s3.bucket,
        Key: `files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`,
      }),
    );
    client.destroy();
    expect((await readDocument(s, s.first)).json()).toEqual({ key: 'ERR_FILE_UNAVAILABLE' });
    const pack = await downloadPack(s, [s.first, s.second]);
    expect(pack.statusCode).toBe(404);
    expect(pack.json().params).toEqual({ files: `${s.first}/original/1-document.pdf` });
    await expectServerUp(s);
  });

  it('the store down: documents and packs answer 503 ERR_FILE_UNAVAILABLE; the server stays up', async () => {
    await s3.close();
    const document = await readDocument(s, s.second);
    expect(document.statusCode).toBe(503);
    expect(document.json()).toEqual({ key: 'ERR_FILE_UNAVAILABLE' });
    const pack = await downloadPack(s, [s.second]);
    expect(pack.statusCode).toBe(503);
    expect(pack.json()).toEqual({
      key: 'ERR_FILE_UNAVAILABLE',
      params: { files: `${s.second}/original/1-document.pdf` },
    });
    expect((await fetch(`${s.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${s.base}/readyz`)).status).toBe(200);
  });
});
