import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

/**
 * `shippings/cancel/{id}` × every seeded role × a queued shipping of Notaría Central (DEMO) and one of
 * the other domain (ACME): who may cancel (the sender's company, with edit mode: spec §6 EDIT), and a
 * refused call changes nothing.
 */
const EXPECTED: Record<string, { own: number; other: number }> = {
  'super.admin': { own: 200, other: 200 },
  'domain.admin': { own: 200, other: 404 },
  'company.admin': { own: 200, other: 404 },
  'company.manager': { own: 200, other: 404 },
  'company.user': { own: 200, other: 404 },
  // The sandbox account belongs to Notaría Central too.
  'sandbox.user': { own: 200, other: 404 },
  'acme.admin': { own: 404, other: 200 },
};

let t: TTestApp;
let demoSender: TestClient;
let acmeSender: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  demoSender = await signedInClient(t.app, 'company.user');
  acmeSender = await signedInClient(t.app, 'acme.admin');
});
afterAll(() => t.close());

async function snapshot(id: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['state', 'result', 'event_count'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

async function acmeShipping(): Promise<number> {
  const type = await t.database.db
    .selectFrom('shipping_types as t')
    .innerJoin('domains as d', 'd.id', 't.domain_id')
    .select('t.id')
    .where('d.code', '=', 'ACME')
    .where('t.service_kind', '=', 'notification')
    .where('t.requires_auth', '=', false)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const company = await t.database.db
    .selectFrom('companies')
    .select('id')
    .where('tax_id', '=', 'B87654323')
    .executeTakeFirstOrThrow();
  const response = await acmeSender.post('shippings/sendrequest', {
    companyId: Number(company.id),
    typeId: Number(type.id),
    channel: 'email',
    subject: 'Acme notice',
    receivers: [{ name: 'Ana', email: 'ana@example.es' }],
    documents: [
      { name: 'a.pdf', content: `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF').toString('base64')}` },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().requestId;
}

describe('shippings/cancel/{id} matrix', () => {
  for (const [login, expected] of Object.entries(EXPECTED)) {
    it(`${login}: own ${expected.own}, other domain ${expected.other}`, async () => {
      const client = await signedInClient(t.app, login);
      for (const [where, id] of [
        ['own', await sendShipping(demoSender, t.database.db, 'Notarial notification')],
        ['other', await acmeShipping()],
      ] as const) {
        const before = await snapshot(id);
        const response = await client.put(`shippings/cancel/${id}`);
        expect(response.statusCode, `${login} ${where}: ${response.body}`).toBe(expected[where]);
        if (response.statusCode === 200) {
          expect(await snapshot(id)).toMatchObject({ state: 'closed', result: 'cancelled_by_sender' });
        } else {
          expect(typeof response.json().key).toBe('string');
          expect(await snapshot(id)).toEqual(before);
        }
      }
    });
  }

  it('without a session (nor XSRF cookie): refused with a key and nothing changes', async () => {
    const id = await sendShipping(demoSender, t.database.db, 'Notarial notification');
    const before = await snapshot(id);
    const response = await t.app.inject({ method: 'PUT', url: `/rest/services/shippings/cancel/${id}` });
    expect([401, 403]).toContain(response.statusCode);
    expect(typeof response.json().key).toBe('string');
    expect(await snapshot(id)).toEqual(before);
  });
});
