import { API_GROUPS } from '@sello/contracts/catalogue';
import { HEADERS } from '@sello/contracts/constants';
import type { TEndpoint } from '@sello/contracts/endpoint';
import { describe, expect, it } from 'vitest';
import { CASES } from './administration-matrix-cases.test-setup.ts';
import {
  answerText,
  CALLERS,
  type Code,
  clients,
  expectedStatus,
  MARKERS,
  METRICS_TOKEN,
  setUpMatrixTestApp,
  snapshot,
  t,
  UNTARGETED,
} from './administration-matrix-setup.ts';

setUpMatrixTestApp();

const endpoints = Object.entries(API_GROUPS.administration as Record<string, TEndpoint>);

describe('administration authorisation matrix', () => {
  it('has a case for every administration endpoint', () => {
    expect(endpoints.map(([key]) => key).filter((key) => !CASES[key])).toEqual([]);
  });

  it.each(endpoints)('%s', async (key) => {
    const testCase = CASES[key]!;
    const untargeted = UNTARGETED.has(key);
    for (const caller of CALLERS) {
      for (const target of ['own', 'other'] as const) {
        if (untargeted && target === 'other') continue;
        const code: Code = target === 'own' ? caller.home : caller.home === 'DEMO' ? 'ACME' : 'DEMO';
        const request = await testCase.build(code);
        const before = await snapshot(request.record);
        const client = clients.get(caller.login)!;
        const response = await client.call(request.method, `administration/${request.path}`, request.body);
        const expected = expectedStatus(key, testCase.rule, caller, target);
        const label = `${caller.login} → ${target} (${request.method} ${request.path}): ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBe(expected);
        if (expected !== 200) {
          expect(response.json(), label).toEqual({ key: expected === 403 ? 'ERR_FORBIDDEN' : 'ERR_NOT_FOUND' });
          expect(await snapshot(request.record), `${label}: changed by a refused call`).toEqual(before);
        }
        if (caller.kind !== 'super') {
          const otherCode: Code = caller.home === 'DEMO' ? 'ACME' : 'DEMO';
          const text = await answerText(response);
          const leaked = MARKERS[otherCode].filter((marker) => text.includes(marker));
          expect(leaked, `${label}: leaks data of ${otherCode}`).toEqual([]);
        }
      }
    }
  });
});

describe('OpenAPI document', () => {
  it('describes the administration calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/rest/services/administration/users/importUsers');
  });
});

describe('GET /metrics, outside the catalogue', () => {
  it("is refused to every caller's session, the super admin's too; only the metrics token opens it", async () => {
    for (const caller of CALLERS) {
      const client = clients.get(caller.login)!;
      const headers = { [HEADERS.authToken]: client.token!, cookie: client.cookieHeader('/metrics') };
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect([response.statusCode, response.json()], caller.login).toEqual([401, { key: 'ERR_METRICS_TOKEN_INVALID' }]);
    }
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
  });
});
