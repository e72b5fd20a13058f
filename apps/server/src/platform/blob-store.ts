import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type TStoredBlob = { key: string; sha256: string; size: number };

export type TBlobStore = {
  /** Stores bytes and answers their SHA-256, computed here, never taken from the caller. */
  put: (content: Buffer) => Promise<TStoredBlob>;
  open: (key: string) => Promise<Readable>;
  read: (key: string) => Promise<Buffer>;
  /** Deletes the file (nothing happens when it is already gone). */
  remove: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Files on the local disk, addressed by their SHA-256: the same bytes are stored once, and a stored
 * file can never be changed without its key (and every hash recorded for it) going wrong.
 */
export function createLocalBlobStore(root: string): TBlobStore {
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid blob key ${key}`);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };

  return {
    async put(content) {
      const sha256 = createHash('sha256').update(content).digest('hex');
      const target = pathOf(sha256);
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(path.dirname(target), { recursive: true });
        // Write then rename, so a reader never sees half a file.
        const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
        await writeFile(temporary, content, { mode: 0o640 });
        await rename(temporary, target).catch(async (error) => {
          await rm(temporary, { force: true });
          throw error;
        });
      }
      return { key: sha256, sha256, size: content.length };
    },
    async open(key) {
      const file = pathOf(key);
      await stat(file);
      return createReadStream(file);
    },
    async read(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.open(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
