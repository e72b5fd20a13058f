import { CATALOGUE } from '@sello/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TOperation = { operationId?: string; security?: Record<string, string[]>[] };

describe('the OpenAPI document for integrators', () => {
  it('names a bearer scheme for API keys and the session header, an operationId per call and who may call it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(document.components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'header', name: 'auth-token' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    const operations = Object.values(document.paths as Record<string, Record<string, TOperation>>).flatMap((path) =>
      Object.values(path),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(CATALOGUE.map((endpoint) => endpoint.id).sort());
    const byId = new Map(operations.map((operation) => [operation.operationId, operation.security]));
    expect(byId.get('shippings.sendRequest')).toEqual([{ session: [] }, { apiKey: ['send'] }]);
    expect(byId.get('administration.usersRead')).toEqual([{ session: [] }]);
    expect(byId.get('security.login')).toEqual([]);
  });
});
