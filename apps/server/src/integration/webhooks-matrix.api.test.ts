import { webhooksApi } from '@sello/contracts/catalogue/integration-webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

/**
 * The session rows of the authorisation matrix for a company's webhooks: every call × its administrator, a domain
 * administrator, a plain user of the company and another tenant's administrator (the key rows are in
 * api-keys-matrix.api.test.ts, which walks the whole catalogue).
 */
type TCaller = 'company.admin' | 'domain.admin' | 'company.user' | 'acme.admin';
const EXPECTED: Record<TCaller, [number, unknown] | number> = {
  'company.admin': 200,
  'domain.admin': 200,
  'company.user': [403, { key: 'ERR_FORBIDDEN' }],
  'acme.admin': [404, { key: 'ERR_NOT_FOUND' }],
};

let t: TTestApp;
let owner: TestClient;
let notaria: number;
const clients = new Map<TCaller, TestClient>();

/** A fresh endpoint of Notaría with one logged delivery, for each call to act on. */
async function freshEndpoint(): Promise<{ endpointId: number; deliveryId: number }> {
  const created = await owner.post('integration/webhooks/new', {
    companyId: notaria,
    url: 'https://93.184.215.14/hooks',
    events: ['shipping.sent'],
  });
  const endpointId = created.json().id as number;
  const db = t.database.db;
  const eventId = `msg_matrix${endpointId}`;
  await db
    .insertInto('webhook_events')
    .values({ id: eventId, company_id: notaria, type: 'shipping.sent', data: '{"shippingId":1}' })
    .execute();
  const { id } = await db
    .insertInto('webhook_deliveries')
    .values({ event_id: eventId, endpoint_id: endpointId, attempt: 1, succeeded: false, latency_ms: 3 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { endpointId, deliveryId: Number(id) };
}

type TRequest = { method: 'GET' | 'POST'; path: string; body?: unknown };
const CASES: Record<keyof typeof webhooksApi, (target: { endpointId: number; deliveryId: number }) => TRequest> = {
  list: () => ({ method: 'GET', path: `integration/webhooks?companyId=${notaria}` }),
  create: () => ({
    method: 'POST',
    path: 'integration/webhooks/new',
    body: { companyId: notaria, url: 'https://93.184.215.14/other', events: ['shipping.closed'] },
  }),
  rotateSecret: ({ endpointId }) => ({
    method: 'POST',
    path: 'integration/webhooks/rotateSecret',
    body: { id: endpointId },
  }),
  setEnabled: ({ endpointId }) => ({
    method: 'POST',
    path: 'integration/webhooks/setEnabled',
    body: { id: endpointId, enabled: false },
  }),
  deliveries: ({ endpointId }) => ({ method: 'GET', path: `integration/webhooks/deliveries?endpointId=${endpointId}` }),
  sendAgain: ({ deliveryId }) => ({ method: 'POST', path: 'integration/webhooks/sendAgain', body: { deliveryId } }),
  remove: ({ endpointId }) => ({ method: 'POST', path: 'integration/webhooks/delete', body: { id: endpointId } }),
};

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_HOSTS: 'false' });
  notaria = await companyIdOf(t.database.db, 'B12345674');
  for (const login of Object.keys(EXPECTED) as TCaller[]) clients.set(login, await signedInClient(t.app, login));
  owner = clients.get('company.admin')!;
});
afterAll(() => t.close());

describe('webhooks authorisation matrix', () => {
  it('has a case for every webhooks call', () => {
    expect(Object.keys(webhooksApi).sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES) as (keyof typeof webhooksApi)[])('%s', async (call) => {
    for (const [login, expected] of Object.entries(EXPECTED) as [TCaller, (typeof EXPECTED)[TCaller]][]) {
      const request = CASES[call](await freshEndpoint());
      const response = await clients.get(login)!.call(request.method, request.path, request.body);
      const label = `${login} → ${request.path}: ${response.body.slice(0, 200)}`;
      if (typeof expected === 'number') expect(response.statusCode, label).toBe(expected);
      else expect([response.statusCode, response.json()], label).toEqual(expected);
    }
  });
});
