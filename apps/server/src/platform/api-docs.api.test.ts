import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

const LIMIT = 6;
let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ DOCS_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});
afterAll(() => t.close());

const get = (url: string, ip = '203.0.113.7') => t.app.inject({ method: 'GET', url, remoteAddress: ip });

describe('/docs', () => {
  it('answers the same OpenAPI document on every call, built once at start-up', async () => {
    const first = await get('/docs/json');
    const second = await get('/docs/json');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(first.json()).toEqual(t.app.swagger());
    expect(Object.keys(first.json().paths)).toContain('/rest/services/shippings/sendrequest');

    // Built once at start-up: a request that built or serialised it again would hold the event loop.
    const build = t.app.swagger;
    t.app.swagger = (() => {
      throw new Error('the document was built again');
    }) as typeof build;
    try {
      const third = await get('/docs/json');
      expect(third.statusCode).toBe(200);
      expect(third.body).toBe(first.body);
    } finally {
      t.app.swagger = build;
    }
  });

  it('answers 429 with a key past the per-IP limit, for the document and the UI alike', async () => {
    const ip = '198.51.100.23';
    const statuses: number[] = [];
    for (let call = 0; call < LIMIT; call++)
      statuses.push((await get(call % 2 ? '/docs/json' : '/docs', ip)).statusCode);
    expect(statuses.every((status) => status < 400)).toBe(true);
    for (const url of ['/docs/json', '/docs', '/docs/yaml']) {
      const refused = await get(url, ip);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({ key: 'ERR_TOO_MANY_REQUESTS' });
    }
    // Another client keeps its own count.
    expect((await get('/docs/json', '192.0.2.99')).statusCode).toBe(200);
  });
});
