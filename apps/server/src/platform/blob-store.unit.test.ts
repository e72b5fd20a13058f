import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './blob-store.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sello-blobs-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local blob store', () => {
  it('stores bytes under their SHA-256 and reads them back', async () => {
    const store = createLocalBlobStore(root);
    const content = Buffer.from('%PDF-1.7 notification of 2026-11-22');
    const stored = await store.put(content);
    expect(stored.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(stored).toMatchObject({ key: stored.sha256, size: content.length });
    expect(Buffer.compare(await store.read(stored.key), content)).toBe(0);
  });

  it('keeps one copy of identical content', async () => {
    const store = createLocalBlobStore(root);
    const first = await store.put(Buffer.from('same bytes'));
    const second = await store.put(Buffer.from('same bytes'));
    expect(second.key).toBe(first.key);
    const files = await readdir(path.join(root, first.key.slice(0, 2), first.key.slice(2, 4)));
    expect(files.filter((name) => name.startsWith(first.key))).toEqual([first.key]);
  });

  it('refuses keys that are not a SHA-256, so no path can escape the store', async () => {
    const store = createLocalBlobStore(root);
    await expect(store.open('../../etc/passwd')).rejects.toThrow(/invalid blob key/);
  });

  it('lets a tampered file be noticed: its bytes no longer hash to its key', async () => {
    const store = createLocalBlobStore(root);
    const stored = await store.put(Buffer.from('original evidence'));
    await writeFile(path.join(root, stored.key.slice(0, 2), stored.key.slice(2, 4), stored.key), 'altered');
    const actual = createHash('sha256')
      .update(await store.read(stored.key))
      .digest('hex');
    expect(actual).not.toBe(stored.key);
  });
});
