import { CATALOGUE } from '@sello/contracts/catalogue';
import { toRouterPath } from '@sello/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app.ts';

/**
 * Catalogue entries the server does not answer yet, each waiting for the issue that builds it. This list only
 * shrinks: a new entry must come with its handler.
 */
const NOT_YET_HANDLED: readonly string[] = [];

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the catalogue and the server', () => {
  const missing = () =>
    CATALOGUE.filter((endpoint) => !t.app.hasRoute({ method: endpoint.method, url: toRouterPath(endpoint.path) })).map(
      (endpoint) => endpoint.id,
    );

  it('has a handler for every catalogue entry but the listed ones', () => {
    expect(missing().sort()).toEqual([...NOT_YET_HANDLED].sort());
  });

  it('lists only entries that exist', () => {
    const ids = new Set(CATALOGUE.map((endpoint) => endpoint.id));
    expect(NOT_YET_HANDLED.filter((id) => !ids.has(id))).toEqual([]);
  });
});
