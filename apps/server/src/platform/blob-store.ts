import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, rename, rm, stat } from 'node:fs/promises';
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
  /**
   * The stored bytes as a stream; rejects with a `BlobUnavailableError`: `code` `ENOENT` when the file is gone,
   * `EUNAVAILABLE` when the store cannot be read.
   */
  open: (key: string) => Promise<Readable>;
  /** Whether the file is there and readable now; rejects with `EUNAVAILABLE` when the store cannot be asked. */
  has: (key: string) => Promise<boolean>;
  read: (key: string) => Promise<Buffer>;
  /** Deletes the file (nothing happens when it is already gone). */
  remove: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[0-9a-f]{64}$/;

export function checkBlobKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid blob key ${key}`);
  return key;
}

/**
 * What both drivers throw when a stored file cannot be read: `ENOENT` for a key they do not hold (callers test
 * `code === 'ENOENT'`), `EUNAVAILABLE` when the store itself fails (a disk error, S3 down). A request that meets
 * one answers `ERR_FILE_UNAVAILABLE` (platform/error-handler.ts).
 */
export class BlobUnavailableError extends Error {
  readonly code: 'ENOENT' | 'EUNAVAILABLE';
  readonly key: string;

  constructor(code: 'ENOENT' | 'EUNAVAILABLE', key: string, cause?: unknown) {
    super(code === 'ENOENT' ? `blob ${key} not found` : `blob store unavailable reading ${key}`, { cause });
    this.code = code;
    this.key = key;
  }
}

export function blobNotFound(key: string): BlobUnavailableError {
  return new BlobUnavailableError('ENOENT', key);
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
      // Opened here, so that a missing or unreadable file rejects now instead of erroring the stream later.
      const handle = await open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        throw new BlobUnavailableError(error.code === 'ENOENT' ? 'ENOENT' : 'EUNAVAILABLE', key, error);
      });
      return handle.createReadStream();
    },
    async has(key) {
      try {
        await access(pathOf(key), constants.R_OK);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw new BlobUnavailableError('EUNAVAILABLE', key, error);
      }
    },
    async read(key) {
      return readWhole(await this.open(key));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
