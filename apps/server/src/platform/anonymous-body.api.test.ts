import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { RECEIVER_TOKEN_HEADER } from '@sello/contracts/portal-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TTestApp } from '../../test/test-app.ts';

const MIB = 1024 * 1024;
const DECLARED = 190 * MIB;
/** What a client may push before the answer: the kernel's socket buffers, never the declared body. */
const READ_LIMIT = 32 * MIB;
const CHUNK = Buffer.alloc(MIB, 0x61);

type TOutcome = { status: number; body: string; written: number };

/**
 * Sends a request that declares a 190 MiB body and streams it until the server answers; gives up (and the
 * test fails) once more than READ_LIMIT bytes went through, which means the server was reading the body.
 */
function sendLargeBody(port: number, path: string, contentType: string, extraHeaders = ''): Promise<TOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let written = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (!match) return reject(new Error(`no answer after ${written} bytes`));
      resolve({ status: Number(match[1]), body: answer.slice(answer.indexOf('\r\n\r\n') + 4), written });
    };
    const pump = () => {
      while (!done && answer === '') {
        if (written >= READ_LIMIT) return finish();
        written += CHUNK.length;
        if (!socket.write(CHUNK)) return socket.once('drain', pump);
      }
    };
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      if (answer.includes('\r\n\r\n') && /\}\s*$/.test(answer)) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      socket.write(
        `POST ${API_PREFIX}${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n` +
          `Content-Length: ${DECLARED}\r\nCookie: XSRF-TOKEN=probe\r\nX-XSRF-TOKEN: probe\r\n${extraHeaders}\r\n`,
      );
      pump();
    });
  });
}

let t: TTestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

describe('an anonymous request is refused before its body is read', () => {
  it('answers 401 ERR_TKN_INVALID to 16 parallel 190 MiB anonymous uploads, reading each only to a small limit, with bounded memory', async () => {
    const uploads: [string, string][] = [
      ['shippings/sendrequest', 'application/json'],
      ['shipping/import/import', 'multipart/form-data; boundary=x'],
      ['administration/users/importUsers?domainid=1', 'application/json'],
      ['postal/results', 'application/json'],
    ];
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        const [path, type] = uploads[i % uploads.length] as [string, string];
        return sendLargeBody(port, path, type);
      }),
    );
    clearInterval(sampler);
    const growthMiB = Math.round((peak - before) / MIB);
    console.info(`16 x 190 MiB anonymous uploads: RSS growth ${growthMiB} MiB, peak ${Math.round(peak / MIB)} MiB`);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe(401);
      expect(JSON.parse(outcome.body)).toEqual({ key: 'ERR_TKN_INVALID' });
      expect(outcome.written).toBeLessThan(READ_LIMIT);
    }
    expect(growthMiB).toBeLessThan(128);
  }, 60_000);

  it('answers a recipient capture with an unknown link 401 ERR_LINK_INVALID before reading its body', async () => {
    const outcome = await sendLargeBody(
      port,
      'portal/identification/captures',
      'application/json',
      `${RECEIVER_TOKEN_HEADER}: ${'x'.repeat(43)}\r\n`,
    );
    expect(outcome.status).toBe(401);
    expect(JSON.parse(outcome.body)).toEqual({ key: 'ERR_LINK_INVALID' });
    expect(outcome.written).toBeLessThan(READ_LIMIT);
  });

  it('still reads the body of a signed-in sender: a malformed shipping answers its validation keys', async () => {
    const sender = await signedInClient(t.app, 'company.user');
    const response = await sender.post('shippings/sendrequest', { subject: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: expect.any(Object) });
  });
});
