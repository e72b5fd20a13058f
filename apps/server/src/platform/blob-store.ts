import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type TStoredBlob = { key: string; sha256: string; size: number };

export type TBlobStore = {
  /**
   * Stores bytes (a buffer, or a stream read once and never held whole) and answers their SHA-256,
   * computed here, never taken from the caller.
   */
  put: (content: Buffer | Readable) => Promise<TStoredBlob>;
  /** The stored bytes as a stream; rejects with an error whose `code` is `ENOENT` when the file is gone. */
  open: (key: string) => Promise<Readable>;
  read: (key: string) => Promise<Buffer>;
  /** Deletes the file (nothing happens when it is already gone). */
  remove: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[0-9a-f]{64}$/;

export function checkBlobKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid blob key ${key}`);
  return key;
}

/** What both drivers throw for a key they do not hold: callers test `code === 'ENOENT'`. */
export function blobNotFound(key: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`blob ${key} not found`);
  error.code = 'ENOENT';
  return error;
}

/** A pass-through that hashes and counts what flows through it. */
export function createHashingStream() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, digest: () => ({ sha256: hash.digest('hex'), size }) };
}

export async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Opens `key` and reads its first chunk before answering: a caller that records "the file was served" knows the
 * store answered with bytes, not merely that a stream object exists. The stream answered yields every byte.
 */
export async function openStarted(store: TBlobStore, key: string): Promise<Readable> {
  const source = await store.open(key);
  const chunks = source[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await chunks.next();
  } catch (error) {
    source.destroy();
    throw error;
  }
  return Readable.from(
    (async function* () {
      try {
        if (first.done) return;
        yield first.value;
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
      } finally {
        source.destroy();
      }
    })(),
  );
}

/**
 * Files on the local disk, addressed by their SHA-256: the same bytes are stored once, and a stored
 * file can never be changed without its key (and every hash recorded for it) going wrong.
 */
export function createLocalBlobStore(root: string): TBlobStore {
  const pathOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), checkBlobKey(key));
  const exists = (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );

  return {
    async put(content) {
      // Written to a temporary file while hashed, then renamed under its hash: a reader never sees half a file.
      await mkdir(root, { recursive: true });
      const temporary = path.join(root, `.${randomBytes(8).toString('hex')}.tmp`);
      const hashing = createHashingStream();
      try {
        const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
        await pipeline(source, hashing.stream, createWriteStream(temporary, { mode: 0o640 }));
        const { sha256, size } = hashing.digest();
        const target = pathOf(sha256);
        if (await exists(target)) await rm(temporary, { force: true });
        else {
          await mkdir(path.dirname(target), { recursive: true });
          await rename(temporary, target);
        }
        return { key: sha256, sha256, size };
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async open(key) {
      const file = pathOf(key);
      if (!(await exists(file))) throw blobNotFound(key);
      return createReadStream(file);
    },
    async read(key) {
      return readWhole(await this.open(key));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
