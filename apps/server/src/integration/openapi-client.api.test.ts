import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@sello/contracts/endpoint';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { createApiKey } from '../../test/api-key-fixtures.ts';
import { createShippingTestApp, LUCIA, pdfDataUrl, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TTestApp } from '../../test/test-app.ts';

/**
 * An integrator's client, generated from the served OpenAPI document by tools Sello does not use itself
 * (openapi-typescript for the types, openapi-fetch for the calls), against the real server over HTTP, with an API key
 * only: no session, no cookie, no XSRF header.
 */
let t: TTestApp;
let base: string;
let secret: string;
let companyId: number;

beforeAll(async () => {
  t = await createShippingTestApp();
  companyId = await companyIdOf(t.database.db, 'B12345674');
  const admin = await signedInClient(t.app, 'company.admin');
  secret = (await createApiKey(admin, companyId, ['send', 'read'])).secret;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('a client generated from /docs/json', () => {
  it('generates typed paths and operations from the served document', async () => {
    const source = astToString(await openapiTS(new URL(`${base}/docs/json`)));
    expect(source).toContain('"/rest/services/shippings/sendrequest"');
    expect(source).toContain('"shippings.sendRequest"');
    expect(source).toContain('"Idempotency-Key"?: string');
    expect(source).toContain('ApiError');
  });

  it('creates a shipping with a PDF through an API key and reads it back, the document byte for byte', async () => {
    // Typed loosely: the generated types above are not compiled into this test.
    // biome-ignore lint/suspicious/noExplicitAny: the paths type is the generated one, checked above, not imported
    const client = createClient<any>({ baseUrl: base, headers: { authorization: `Bearer ${secret}` } });
    const pdf = pdfDataUrl('Sent by an ERP');
    const body = {
      companyId,
      typeId: await typeIdOf(t.database.db, 'Certified e-mail'),
      channel: 'email',
      reference: 'ERP-1',
      subject: 'From the ERP',
      receivers: [LUCIA],
      documents: [{ name: 'contract.pdf', content: pdf }],
    };
    const sendrequest = `${API_PREFIX}shippings/sendrequest`;
    const created = await client.POST(sendrequest, { body, params: { header: { 'Idempotency-Key': 'erp-1' } } });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const requestId = (created.data as { requestId: number }).requestId;
    expect(requestId).toBeGreaterThan(0);

    const replayed = await client.POST(sendrequest, { body, params: { header: { 'Idempotency-Key': 'erp-1' } } });
    expect([replayed.response.status, replayed.data]).toEqual([200, { requestId }]);
    expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');

    const detail = await client.GET(`${API_PREFIX}shippings/shippingdetail`, { params: { query: { requestId } } });
    expect(detail.response.status, JSON.stringify(detail.error)).toBe(200);
    const shipping = detail.data as {
      subject: string;
      documents: { fileRequest: number; name: string; kind: string }[];
    };
    expect(shipping.subject).toBe('From the ERP');
    const original = shipping.documents.find((document) => document.kind === 'original');
    expect(original?.name).toBe('contract.pdf');

    const file = await client.GET(`${API_PREFIX}shippings/shippingreadoriginalfile`, {
      params: { query: { requestId, fileRequest: original?.fileRequest } },
      parseAs: 'arrayBuffer',
    });
    expect(file.response.status).toBe(200);
    const sent = Buffer.from(pdf.slice(pdf.indexOf(',') + 1), 'base64');
    expect(Buffer.from(file.data as ArrayBuffer).equals(sent)).toBe(true);
  });

  it('answers the documented error body: a missing shipping, and a console-only call', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: typed loosely, as above
    const client = createClient<any>({ baseUrl: base, headers: { authorization: `Bearer ${secret}` } });
    const missing = await client.GET(`${API_PREFIX}shippings/shippingdetail`, {
      params: { query: { requestId: 999_999_999 } },
    });
    expect([missing.response.status, missing.error]).toEqual([404, { key: 'ERR_NOT_FOUND' }]);
    const consoleOnly = await client.GET(`${API_PREFIX}account/users/read`, {});
    expect([consoleOnly.response.status, consoleOnly.error]).toEqual([403, { key: 'ERR_API_KEY_CALL' }]);
    // biome-ignore lint/suspicious/noExplicitAny: typed loosely, as above
    const unknown = createClient<any>({ baseUrl: base, headers: { authorization: 'Bearer sello_not-a-key' } });
    const refused = await unknown.GET(`${API_PREFIX}shippings/shippingdetail`, {
      params: { query: { requestId: 1 } },
    });
    expect([refused.response.status, refused.error]).toEqual([401, { key: 'ERR_API_KEY_INVALID' }]);
  });
});
