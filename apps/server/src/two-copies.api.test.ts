import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PREFERENCES } from '@sello/contracts/constants';
import { RECEIVER_TOKEN_HEADER } from '@sello/contracts/portal-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFromOutbox, readPinFromOutbox } from '../test/portal-fixtures.ts';
import { s3Env, startS3Server, type TS3TestServer } from '../test/s3-server.ts';
import { LUCIA, pdfDataUrl, readZip, typeIdOf } from '../test/shipping-fixtures.ts';
import { HttpClient, startRoundRobinProxy, startTwoCopies, type TCopy, type TProxy } from '../test/two-copies.ts';
import { createDemoSealP12 } from './evidence/seal.ts';

// Two copies of the server (two buildApp calls, each listening on its own port, each with its own DATA_DIR),
// one PostgreSQL, one S3-compatible store (s3rver) and a round-robin proxy in front: what the journey
// needs must be where every copy finds it.

const LOGIN_LIMIT = 4;
let s3: TS3TestServer;
let sealDir: string;
let copies: [TCopy, TCopy];
let proxy: TProxy;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  s3 = await startS3Server();
  // The provider seal is shared, as in production (SEAL_P12_PATH): a certificate must not depend on the copy.
  sealDir = await mkdtemp(path.join(os.tmpdir(), 'sello-seal-'));
  const sealPath = path.join(sealDir, 'seal.p12');
  await writeFile(sealPath, createDemoSealP12('Sello Test Provider', 'seal-password'));
  copies = await startTwoCopies({
    ...s3Env(s3),
    JOBS_ENABLED: 'true',
    TRUST_PROXY: 'true',
    LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
    SEAL_P12_PATH: sealPath,
    SEAL_P12_PASSWORD: 'seal-password',
  });
  proxy = await startRoundRobinProxy(copies.map((copy) => copy.url));
}, 90_000);

afterAll(async () => {
  await proxy?.close();
  for (const copy of copies ?? []) await copy.close();
  await s3?.close();
  await rm(sealDir, { recursive: true, force: true });
});

async function signIn(login: string, clientIp: string): Promise<HttpClient> {
  const client = new HttpClient(proxy.url, clientIp);
  const answer = await client.login(login);
  if (answer.status !== 200) throw new Error(`sign-in ${login}: ${answer.status} ${answer.body}`);
  return client;
}

describe('two copies behind a round-robin proxy', () => {
  it('runs a shipping from creation to certificate, and every download answers the same bytes from both copies', async () => {
    const db = copies[0].database.db;
    const sender = await signIn('company.user', '198.51.100.10');
    const manager = await signIn('company.manager', '198.51.100.10');
    const company = await db
      .selectFrom('companies')
      .select('id')
      .where('tax_id', '=', 'B12345674')
      .executeTakeFirstOrThrow();
    const created = await sender.call('POST', 'shippings/sendrequest', {
      companyId: Number(company.id),
      typeId: await typeIdOf(db, 'Deed acceptance'),
      channel: 'email',
      subject: 'Deed for two copies',
      receivers: [LUCIA],
      documents: [
        { name: 'deed.pdf', content: pdfDataUrl('The deed') },
        { name: 'annex.pdf', content: pdfDataUrl('The annex') },
      ],
    });
    expect(created.status).toBe(200);
    const shippingId = created.json().requestId as number;
    const authorised = await manager.call('PUT', 'shippings/shippingauthorize', {
      authorizeShippingList: [shippingId],
    });
    expect(authorised.status).toBe(200);

    // Whichever copy takes the dispatch job sends the access message; the link opens on any copy.
    const receiver = await db
      .selectFrom('shipping_receivers')
      .select('id')
      .where('shipping_id', '=', String(shippingId))
      .executeTakeFirstOrThrow();
    const token = await until('the access message', () => linkFromOutbox(copies[0], receiver.id));
    const portal = new HttpClient(proxy.url, '198.51.100.20');
    const asReceiver = { [RECEIVER_TOKEN_HEADER]: token };
    expect((await portal.call('GET', 'portal/shipping', undefined, asReceiver)).json()).toMatchObject({
      mode: 'sign',
      pinRequired: true,
    });
    expect((await portal.call('POST', 'portal/pin', undefined, asReceiver)).status).toBe(200);
    const pin = await until('the PIN message', () => readPinFromOutbox(copies[0], receiver.id).catch(() => null));
    const accepted = await portal.call('POST', 'portal/accept', { pin }, asReceiver);
    expect(accepted.status).toBe(200);
    expect(accepted.json()).toMatchObject({ outcome: 'accepted' });

    // The certificate job runs on whichever copy fetches it first; the shipping closes with its certificate.
    await until('the certificate', async () => {
      const row = await db
        .selectFrom('shippings')
        .select('state')
        .where('id', '=', String(shippingId))
        .executeTakeFirst();
      return row?.state === 'closed';
    });
    const stored = await db
      .selectFrom('shipping_documents')
      .select(['kind', 'sha256'])
      .where('shipping_id', '=', String(shippingId))
      .orderBy('position')
      .execute();
    expect(stored.map((document) => document.kind)).toEqual(['original', 'original', 'sent', 'sent', 'certificate']);

    for (const copy of copies) {
      // The receiver's documents, straight from each copy.
      for (const position of [1, 2]) {
        const file = await portal.at(copy.url).call('GET', `portal/documents/${position}`, undefined, asReceiver);
        expect(file.status).toBe(200);
        expect(file.body.subarray(0, 4).toString()).toBe('%PDF');
        expect(stored.map((document) => document.sha256)).toContain(sha256(file.body));
      }
      // The sender's whole pack, certificate included, straight from each copy: every file matches its hash.
      const pack = await sender.at(copy.url).call('PUT', 'shippings/shippingdownloadfiles', {
        listOfRequests: [shippingId],
        downloadOptions: ['pack'],
      });
      expect(pack.status).toBe(200);
      const entries = await readZip(pack.body);
      const manifest = JSON.parse(entries.get('manifest.json')?.toString() ?? '{}');
      const files = manifest.shippings[0].files as { path: string; kind: string; sha256: string }[];
      expect(files.map((file) => file.sha256)).toEqual(stored.map((document) => document.sha256));
      for (const file of files) expect(sha256(entries.get(file.path) ?? Buffer.alloc(0))).toBe(file.sha256);
    }

    // The files live in the bucket, not in either copy's folder.
    expect(existsSync(path.join(copies[0].config.dataDir, 'files'))).toBe(false);
    expect(existsSync(path.join(copies[1].config.dataDir, 'files'))).toBe(false);
    const certificate = stored.find((document) => document.kind === 'certificate')?.sha256 ?? '';
    const folder = path.join(s3.directory, s3.bucket, 'files', certificate.slice(0, 2), certificate.slice(2, 4));
    expect(await readdir(folder)).toContain(`${certificate}._S3rver_object`);
    expect(proxy.served.every((count) => count > 0)).toBe(true);
  }, 120_000);

  it('holds the sign-in limit across both copies: one client gets the limit once, not once per copy', async () => {
    const client = new HttpClient(proxy.url, '203.0.113.7');
    const before = [...proxy.served];
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT + 1; i++) {
      // A login nobody has: no account lockout mixes in, only the per-address limit.
      statuses.push((await client.login('nobody.at.all', 'not the password')).status);
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429, 429]);
    // Both copies answered part of the attempts, so neither could have counted them all alone.
    expect(proxy.served.map((count, i) => count - (before[i] ?? 0))).toEqual([3, 3]);
    // Another client address still signs in.
    expect((await new HttpClient(proxy.url, '203.0.113.8').login('company.user')).status).toBe(200);
  });

  it('clears the preference cache of every copy when one copy is asked to', async () => {
    const admin = await signIn('company.admin', '198.51.100.30');
    const onSecond = admin.at(copies[1].url);
    const read = async () =>
      (await onSecond.call('GET', `configuration/getPreference?preference=${PREFERENCES.sessionTime}`)).json().value;
    const before = await read();
    await copies[0].database.db
      .updateTable('preferences')
      .set({ value: '9' })
      .where('name', '=', PREFERENCES.sessionTime)
      .execute();
    expect(await read()).toBe(before);
    expect((await admin.at(copies[0].url).call('GET', 'admin/clearpreferencecache')).status).toBe(200);
    expect(await until('the second copy to read the new value', async () => (await read()) === '9', 5_000)).toBe(true);
  });
});
