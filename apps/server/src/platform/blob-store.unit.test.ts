import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TS3TestServer } from '../../test/s3-server.ts';
import { createLocalBlobStore, type TBlobStore } from './blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** A stream of `size` pseudo-random bytes made chunk by chunk, never held whole, and their hash. */
function generated(size: number, chunkSize = 1024 * 1024) {
  const hash = createHash('sha256');
  let left = size;
  const stream = new Readable({
    read() {
      if (left === 0) return this.push(null);
      const chunk = randomBytes(Math.min(chunkSize, left));
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  let digest: string | null = null;
  return { stream, digest: () => (digest ??= hash.digest('hex')) };
}

async function hashOf(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

type TDriver = {
  name: string;
  create: () => Promise<TBlobStore>;
  /** Changes the stored bytes behind the store's back, as someone with access to the disk or bucket could. */
  tamper: (key: string, bytes: Buffer) => Promise<void>;
};

let root: string;
let s3: TS3TestServer;
let s3Store: TBlobStore;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sello-blobs-'));
  s3 = await startS3Server();
  s3Store = createS3BlobStore({
    bucket: s3.bucket,
    prefix: 'files/',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
}, 30_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await s3?.close();
});

const drivers: TDriver[] = [
  {
    name: 'local disk',
    create: async () => createLocalBlobStore(root),
    tamper: (key, bytes) => writeFile(path.join(root, key.slice(0, 2), key.slice(2, 4), key), bytes),
  },
  {
    name: 'S3 (s3rver)',
    create: async () => s3Store,
    // s3rver keeps an object's bytes in `<dir>/<bucket>/<key>._S3rver_object`.
    tamper: (key, bytes) =>
      writeFile(
        path.join(s3.directory, s3.bucket, 'files', key.slice(0, 2), key.slice(2, 4), `${key}._S3rver_object`),
        bytes,
      ),
  },
];

describe.each(drivers)('blob store contract: $name', (driver) => {
  it('stores bytes under their SHA-256 and reads them back', async () => {
    const store = await driver.create();
    const content = Buffer.from(`%PDF-1.7 notification of 2026-11-22 ${driver.name}`);
    const stored = await store.put(content);
    expect(stored).toEqual({ key: sha256(content), sha256: sha256(content), size: content.length });
    expect(Buffer.compare(await store.read(stored.key), content)).toBe(0);
    expect(await hashOf(await store.open(stored.key))).toEqual({ sha256: stored.sha256, size: content.length });
  });

  it('stores a stream larger than one upload part without holding it, under the hash of what flowed', async () => {
    const store = await driver.create();
    const size = 20 * 1024 * 1024 + 12_345;
    const source = generated(size);
    const stored = await store.put(source.stream);
    expect(stored).toEqual({ key: source.digest(), sha256: source.digest(), size });
    expect(await hashOf(await store.open(stored.key))).toEqual({ sha256: stored.sha256, size });
  }, 60_000);

  it('keeps one copy of identical content, whether it came as bytes or as a stream', async () => {
    const store = await driver.create();
    const content = Buffer.from(`same bytes ${driver.name}`);
    const first = await store.put(content);
    const second = await store.put(Readable.from([content.subarray(0, 4), content.subarray(4)]));
    expect(second).toEqual(first);
    expect(Buffer.compare(await store.read(first.key), content)).toBe(0);
  });

  it('fails a put whose source stream fails, instead of hanging or answering a hash', async () => {
    const store = await driver.create();
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(failing)).rejects.toThrow(/client went away/);
  });

  it('answers ENOENT for a file it does not hold, and forgets a removed one', async () => {
    const store = await driver.create();
    const stored = await store.put(Buffer.from(`short-lived ${driver.name}`));
    await store.remove(stored.key);
    await expect(store.open(stored.key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.remove(stored.key)).resolves.toBeUndefined();
    await expect(store.open('0'.repeat(64))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('tells whether it holds a file before anything is read', async () => {
    const store = await driver.create();
    const stored = await store.put(Buffer.from(`checked ${driver.name}`));
    expect(await store.has(stored.key)).toBe(true);
    await store.remove(stored.key);
    expect(await store.has(stored.key)).toBe(false);
  });

  it('refuses keys that are not a SHA-256, so no path or object name can escape the store', async () => {
    const store = await driver.create();
    await expect(store.open('../../etc/passwd')).rejects.toThrow(/invalid blob key/);
    await expect(store.remove('files/../x')).rejects.toThrow(/invalid blob key/);
  });

  it('lets a tampered file be noticed: its bytes no longer hash to its key', async () => {
    const store = await driver.create();
    const stored = await store.put(Buffer.from(`original evidence ${driver.name}`));
    await driver.tamper(stored.key, Buffer.from('altered'));
    expect(sha256(await store.read(stored.key))).not.toBe(stored.key);
  });
});

describe('local blob store layout', () => {
  it('leaves no temporary file behind and keeps a file under its two-level hash folder', async () => {
    const store = createLocalBlobStore(root);
    const stored = await store.put(Buffer.from('layout check'));
    const files = await readdir(path.join(root, stored.key.slice(0, 2), stored.key.slice(2, 4)));
    expect(files.filter((name) => name.startsWith(stored.key))).toEqual([stored.key]);
    expect((await readdir(root)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
