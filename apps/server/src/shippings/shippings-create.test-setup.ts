import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { createShippingTestApp, pdfDataUrl, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

export let t: TTestApp;
export let user: TestClient;
export let admin: TestClient;
export let notaria: number;
export let seguros: number;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const lucia = {
  name: 'Lucía Fernández',
  email: 'lucia@example.es',
  mobile: '612 345 678',
  documentType: 'DNI',
  documentNumber: '12345678Z',
};
export const tiago = { name: 'Tiago Almeida', email: 'tiago@example.pt', mobile: '+351 912 345 678' };
export const postal = {
  streetType: 'CALLE',
  street: 'Mayor',
  streetNumber: '5',
  postalCode: '28013',
  city: 'Madrid',
  country: 'ES',
};

export async function send(client: TestClient, body: Record<string, unknown>) {
  return client.post('shippings/sendrequest', {
    companyId: notaria,
    channel: 'email',
    subject: 'Notice',
    receivers: [lucia],
    ...body,
  });
}

export async function notification(body: Record<string, unknown> = {}) {
  return send(user, {
    typeId: await typeIdOf(t.database.db, 'Notarial notification'),
    documents: [{ name: 'notice.pdf', content: pdfDataUrl('Notice') }],
    ...body,
  });
}

export async function tableCounts() {
  const count = async (table: 'shippings' | 'shipping_receivers' | 'shipping_documents' | 'shipping_events') =>
    Number((await t.database.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return {
    shippings: await count('shippings'),
    receivers: await count('shipping_receivers'),
    documents: await count('shipping_documents'),
    events: await count('shipping_events'),
  };
}

/** Registers the suite's set-up and tear-down; call it at the top of each test file. */
export function setUpShippingsCreateTestApp(): void {
  beforeAll(async () => {
    t = await createShippingTestApp();
    user = await signedInClient(t.app, 'company.user');
    admin = await signedInClient(t.app, 'company.admin');
    notaria = await companyIdOf(t.database.db, 'B12345674');
    seguros = await companyIdOf(t.database.db, 'A76543214');
  });
  afterAll(() => t.close());
}
