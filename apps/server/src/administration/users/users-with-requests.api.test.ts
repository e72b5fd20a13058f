import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../../test/admin-fixtures.ts';
import { createShippingTestApp, pdfDataUrl } from '../../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let domainAdmin: TestClient;
let notaria: number;
let seguros: number;
let acmeCompany: number;

beforeAll(async () => {
  t = await createShippingTestApp();
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  seguros = await companyIdOf(t.database.db, 'A76543214');
  acmeCompany = await companyIdOf(t.database.db, 'B87654323');
});
afterAll(() => t.close());

/** The live users the database says sent live shippings from the companies: what the answer must be. */
async function sendersOf(companies: number[]): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('users as u')
    .innerJoin('shippings as s', 's.sender_id', 'u.id')
    .select('u.username')
    .distinct()
    .where('s.company_id', 'in', companies.map(String))
    .where('s.deleted_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.username).sort();
}

async function asked(client: TestClient, companies: number[]): Promise<string[]> {
  const response = await client.get(`administration/users/usersWithRequestsByCompanies?companies=${companies}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json()
    .map((item: { description: string }) => item.description)
    .sort();
}

/** Sends a notification from the company as `client` (a domain-wide notification type needing no authorisation). */
async function sendFrom(client: TestClient, companyId: number): Promise<number> {
  const type = await t.database.db
    .selectFrom('shipping_types')
    .select('id')
    .where('company_id', 'is', null)
    .where('deleted_at', 'is', null)
    .where('service_kind', '=', 'notification')
    .where('requires_auth', '=', false)
    .executeTakeFirstOrThrow();
  const response = await client.post('shippings/sendrequest', {
    companyId,
    typeId: Number(type.id),
    channel: 'email',
    subject: 'Sent for the senders filter',
    receivers: [{ name: 'Lucía Fernández', email: 'lucia@example.es' }],
    documents: [{ name: 'a.pdf', content: pdfDataUrl('senders') }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().requestId;
}

describe('usersWithRequestsByCompanies', () => {
  it('answers the users who sent shippings from those companies, not every member', async () => {
    const members = await t.database.db
      .selectFrom('user_companies as uc')
      .innerJoin('users as u', 'u.id', 'uc.user_id')
      .select('u.username')
      .where('uc.company_id', '=', String(seguros))
      .execute();
    expect(members.map((row) => row.username)).toContain('domain.admin');
    const before = await asked(domainAdmin, [seguros]);
    expect(before).toEqual(await sendersOf([seguros]));
    expect(before).not.toContain('domain.admin');

    const id = await sendFrom(domainAdmin, seguros);
    const after = await asked(domainAdmin, [seguros]);
    expect(after).toContain('domain.admin');
    expect(after).toEqual(await sendersOf([seguros]));
    expect(await asked(domainAdmin, [notaria, seguros])).toEqual(await sendersOf([notaria, seguros]));

    // A deleted shipping no longer makes its sender one (cancelled first: a queued one is not deletable).
    expect((await domainAdmin.put(`shippings/cancel/${id}`)).statusCode).toBe(200);
    expect((await domainAdmin.delete(`shippings/delete/${id}`)).statusCode).toBe(200);
    expect(await asked(domainAdmin, [seguros])).not.toContain('domain.admin');
  });

  it('answers only companies the caller may see (404 otherwise) and refuses malformed ids', async () => {
    const manager = await signedInClient(t.app, 'company.manager');
    expect(await asked(manager, [notaria])).toEqual(await sendersOf([notaria]));
    for (const [client, companies] of [
      [manager, `${seguros}`],
      [manager, `${acmeCompany}`],
      [domainAdmin, `${notaria},${acmeCompany}`],
    ] as const) {
      const response = await client.get(`administration/users/usersWithRequestsByCompanies?companies=${companies}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ key: 'ERR_NOT_FOUND' });
    }
    expect((await domainAdmin.get('administration/users/usersWithRequestsByCompanies?companies=abc')).statusCode).toBe(
      400,
    );
  });
});
