import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

/** An import file: bytes already in memory (a JSON call's base64), or a file on disk (a multipart upload spooled). */
export type TImportSource = Buffer | { path: string };

/** Bytes handed to a parser at a time: small enough that parsing one never holds the event loop for long. */
const CHUNK_BYTES = 64 * 1024;

function* chunksOf(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
}

/** The source as a stream of chunks; every call starts again from the first byte. */
export function openImportSource(source: TImportSource): Readable {
  if (Buffer.isBuffer(source)) return Readable.from(chunksOf(source), { objectMode: false });
  return createReadStream(source.path, { highWaterMark: CHUNK_BYTES });
}

/** The first bytes of the source (fewer when it is shorter). */
export async function readImportHead(source: TImportSource, bytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source.subarray(0, bytes);
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = createReadStream(source.path, { start: 0, end: bytes - 1 });
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks, length);
}
