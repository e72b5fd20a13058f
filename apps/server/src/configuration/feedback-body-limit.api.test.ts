import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

/** A report without a session is read only to FEEDBACK_ANONYMOUS_BODY_LIMIT_KB; a signed-in one keeps 12 MiB. */

const KIB = 1024;
const MIB = 1024 * KIB;
const CHUNK = Buffer.alloc(64 * KIB, 0x61);
/** Past this many bytes pushed without an answer, the server was reading the body. */
const GIVE_UP = 8 * MIB;

type TOutcome = { status: number; body: string; written: number };

/** Streams an anonymous feedback body (declared or chunked) until the server answers. */
function sendBody(port: number, headers: string, chunked: boolean): Promise<TOutcome> {
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
        if (written >= GIVE_UP) return finish();
        written += CHUNK.length;
        const frame = chunked
          ? Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')])
          : CHUNK;
        if (!socket.write(frame)) return socket.once('drain', pump);
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
        `POST ${API_PREFIX}configuration/sendFeedback HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: application/json\r\nCookie: XSRF-TOKEN=probe\r\nX-XSRF-TOKEN: probe\r\n${headers}\r\n`,
      );
      setTimeout(pump, 50);
    });
  });
}

/** A report whose PDF attachment makes the body about `size` bytes. */
function reportOfSize(size: number) {
  const pdf = Buffer.alloc(Math.floor((size * 3) / 4), 0x20);
  pdf.write('%PDF-1.4\n');
  return {
    name: 'Ana',
    email: 'ana@example.com',
    subject: 'Screenshot',
    msg: 'See the attachment',
    file: {
      name: 'page.pdf',
      type: 'application/pdf',
      content: `data:application/pdf;base64,${pdf.toString('base64')}`,
    },
  };
}

let t: TTestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ FEEDBACK_RATE_LIMIT_PER_MINUTE: '1000', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

describe('configuration/sendFeedback body limit without a session', () => {
  it('refuses a declared 12 MiB anonymous report with 413 ERR_MAX_FILE_SIZE before reading its body', async () => {
    const outcome = await sendBody(port, `Content-Length: ${12 * MIB - 1}\r\n`, false);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toEqual({ key: 'ERR_MAX_FILE_SIZE' });
    expect(outcome.written).toBeLessThan(4 * MIB);
  });

  it('cuts off a chunked anonymous report once it passes the limit', async () => {
    const outcome = await sendBody(port, 'Transfer-Encoding: chunked\r\n', true);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toEqual({ key: 'ERR_MAX_FILE_SIZE' });
    expect(outcome.written).toBeLessThan(GIVE_UP);
  });

  it('accepts an anonymous report under the limit, and a signed-in one of 1 MiB', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('configuration/sendFeedback', reportOfSize(200 * KIB))).statusCode).toBe(200);
    const refused = await anonymous.post('configuration/sendFeedback', reportOfSize(MIB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ key: 'ERR_MAX_FILE_SIZE' });
    const user = await signedInClient(t.app, 'company.user');
    const accepted = await user.post('configuration/sendFeedback', reportOfSize(MIB));
    expect(accepted.statusCode).toBe(200);
  });
});
