// DownloadFile passes the export on as it is written: the first bytes arrive before the file is complete,
// and a client that goes away ends the export inside, giving its database client back to the pool.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TTestApp } from '../../test/test-app.ts';

const COPIES = 20_000;
let t: TTestApp;
let token: string;
let port: number;

beforeAll(async () => {
  t = await createShippingTestApp();
  const user = await signedInClient(t.app, 'company.user');
  const id = await sendShipping(user, t.database.db, 'Notarial notification');
  // Copies of one shipping, enough for an export that takes a while.
  await sql`INSERT INTO shippings (domain_id, company_id, type_id, sender_id, service_kind, channel, subject, state,
              requires_auth, receiver_summary, search_text)
            SELECT domain_id, company_id, type_id, sender_id, service_kind, channel, subject || ' ' || n, state,
              requires_auth, receiver_summary, search_text
            FROM shippings, generate_series(1, ${COPIES}) AS n WHERE id = ${id}`.execute(t.database.db);
  const admin = await signedInClient(t.app, 'domain.admin');
  token = admin.token!;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Posts the export form; hands the response to `onResponse`, which decides when the client stops reading. */
function postExport(onResponse: (response: http.IncomingMessage, request: http.ClientRequest) => void) {
  const body = new URLSearchParams({
    url: 'shippings/shippingsreport',
    jsonData: JSON.stringify({ first: 0, pageSize: 100_000, scope: 'all' }),
    authToken: token,
  }).toString();
  const request = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/rest/services/DownloadFile',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    (response) => onResponse(response, request),
  );
  request.on('error', () => {});
  request.end(body);
}

const checkedOut = () => t.database.pool.totalCount - t.database.pool.idleCount;

describe('DownloadFile', () => {
  it('streams the export: many chunks, no length announced, a ZIP (xlsx) file', async () => {
    const chunks = await new Promise<Buffer[]>((resolve, reject) => {
      postExport((response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-length']).toBeUndefined();
        const received: Buffer[] = [];
        response.on('data', (chunk: Buffer) => received.push(chunk));
        response.once('end', () => resolve(received));
        response.once('error', reject);
      });
    });
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');
  });

  it('ends the export and frees its database client when the client goes away', async () => {
    const firstChunk = await new Promise<number>((resolve) => {
      postExport((response, request) => {
        response.once('data', (chunk: Buffer) => {
          resolve(chunk.length);
          request.destroy();
        });
      });
    });
    expect(firstChunk).toBeGreaterThan(0);
    await expect.poll(checkedOut, { timeout: 5000 }).toBe(0);
  });
});
