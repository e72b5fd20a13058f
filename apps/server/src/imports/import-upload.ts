import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { IMPORT_FILE_MAX_BYTES } from '@sello/contracts/catalogue/imports';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../platform/api-error.ts';

/** The import file of an upload, written to a temporary file as it arrives: never held whole in memory. */
export type TSpooledFile = { filename: string; mimetype: string; path: string; size: number };

const tooLarge = (field: string, maxBytes: number) =>
  new ApiError(400, 'ERR_VALIDATION', { [field]: 'ERR_MAX_FILE_SIZE' }, { size: maxBytes / 1024 });

/** The temporary files a request wrote, removed once it is answered (`removeSpooledFiles`). */
const spooled = new WeakMap<FastifyRequest, string[]>();

/**
 * Writes a file part to a temporary file, counting its bytes as they come. Past `maxBytes` nothing more is written:
 * the rest of the part is read and dropped, up to as much again, so that the answer comes after a whole request and
 * the client reads it (closing a connection with unread bytes resets it, and the client may lose the answer); a
 * part longer than that is refused at once and its connection closed.
 */
export async function spoolPart(
  request: FastifyRequest,
  part: MultipartFile,
  maxBytes = IMPORT_FILE_MAX_BYTES,
): Promise<TSpooledFile> {
  const file = path.join(os.tmpdir(), `sello-import-${randomBytes(12).toString('hex')}`);
  spooled.set(request, [...(spooled.get(request) ?? []), file]);
  let size = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > 2 * maxBytes) callback(tooLarge(part.fieldname, maxBytes));
      else callback(null, size > maxBytes ? undefined : chunk);
    },
  });
  await pipeline(part.file, counting, createWriteStream(file, { mode: 0o600 }));
  // busboy's own limit (the documents') cut the part short.
  if (size > maxBytes || part.file.truncated) throw tooLarge(part.fieldname, maxBytes);
  return { filename: part.filename, mimetype: part.mimetype, path: file, size };
}

/** Removes what `spoolPart` wrote for the request (an `onResponse` hook: answered, refused or failed). */
export async function removeSpooledFiles(request: FastifyRequest): Promise<void> {
  const files = spooled.get(request);
  if (!files) return;
  spooled.delete(request);
  await Promise.all(files.map((file) => rm(file, { force: true })));
}

/** The spooled files of a parsed upload body replaced by their content's SHA-256 (the temporary paths differ per call). */
export async function digestSpooledFiles(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    Object.entries(body).map(async ([name, value]) => {
      const spooledFile = value as Partial<TSpooledFile> | null;
      if (!spooledFile || typeof spooledFile !== 'object' || typeof spooledFile.path !== 'string') return [name, value];
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(spooledFile.path)) hash.update(chunk as Buffer);
      return [name, { filename: spooledFile.filename, sha256: hash.digest('hex') }];
    }),
  );
  return Object.fromEntries(entries);
}
