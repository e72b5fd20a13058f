import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

/** A file part generated as it is sent: large uploads are never built in memory, nor written anywhere. */
export type TStreamedFile = {
  field: string;
  name: string;
  type: string;
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>;
};

/** The status and body of a raw HTTP/1.1 answer, once it is whole (its Content-Length read), else null. */
function parseAnswer(raw: Buffer, closed: boolean): { status: number; body: string } | null {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = raw.toString('latin1', 0, headEnd);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  const body = raw.subarray(headEnd + 4);
  if (length === undefined ? !closed : body.length < Number(length)) return null;
  return { status, body: body.subarray(0, length === undefined ? body.length : Number(length)).toString('utf8') };
}

/**
 * Posts a multipart body (text `fields`, then `file`) chunk by chunk (chunked transfer encoding) with back-pressure,
 * as a browser sends a large file, over a raw socket: a server may answer before the body is all sent (a refused
 * upload) and close the connection, and the answer it sent is what counts.
 */
export function postStreamedUpload(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file: TStreamedFile,
): Promise<{ status: number; body: string; sentBytes: number }> {
  const boundary = `----sello${randomBytes(12).toString('hex')}`;
  const textParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  const target = new URL(url);
  const requestHead = [
    `POST ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    'Transfer-Encoding: chunked',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    const received: Buffer[] = [];
    let sentBytes = 0;
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      const answer = parseAnswer(Buffer.concat(received), closed);
      if (!answer && !closed) return;
      done = true;
      socket.destroy();
      if (answer) resolve({ ...answer, sentBytes });
      else reject(new Error(`no answer after ${sentBytes} bytes sent`));
    };
    socket.on('data', (data: Buffer) => {
      received.push(data);
      finish(false);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    const write = (chunk: Buffer | string) =>
      new Promise<void>((written) => {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        sentBytes += bytes.length;
        const frame = Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
        // A loopback socket often takes a whole chunk at once: yield anyway, or the sender starves its own loop.
        if (socket.write(frame)) setImmediate(written);
        else socket.once('drain', written);
      });
    socket.on('connect', async () => {
      try {
        socket.write(requestHead);
        await write(textParts.join('') + fileHead);
        for await (const chunk of file.chunks) {
          if (done || socket.destroyed) return;
          await write(chunk);
        }
        if (done || socket.destroyed) return;
        await write(`\r\n--${boundary}--\r\n`);
        socket.write('0\r\n\r\n');
      } catch (error) {
        if (!done) reject(error);
      }
    });
  });
}

/** A Spanish shipping CSV of about `bytes` bytes (short rows: far more than the 100,000-row limit), in 1 MiB chunks. */
export function* csvOfSize(bytes: number): Generator<Buffer> {
  let sent = 0;
  let row = 0;
  let chunk = '\uFEFFReferencia;Asunto;Nombre;Correo electrónico\r\n';
  while (sent < bytes) {
    while (chunk.length < 1024 * 1024) {
      row++;
      chunk += `R-${row};Notificación;Persona ${row};persona${row}@example.es\r\n`;
    }
    const buffer = Buffer.from(chunk);
    sent += buffer.length;
    chunk = '';
    yield buffer;
  }
}

/** A process's resident memory now (VmRSS), in bytes. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}
