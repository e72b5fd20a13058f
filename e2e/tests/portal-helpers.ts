import { expect } from '@playwright/test';
import { waitForRecipientLink } from './delivery-helpers.ts';
import { apiSignIn, type Language, withDatabase } from './helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** An e-mail address of this test run's own, so the link a test reads from the mail server is its own. */
export function addressFor(name: string, subject: string): string {
  return `${name}.${subject.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.es`;
}

export function tokenOf(link: string): string {
  return /\/portal\/#\/r\/([A-Za-z0-9_-]{43})$/.exec(link)![1]!;
}

/**
 * Creates a shipping of `typeName` through the API as the sender, and has the authorisers authorise
 * it through the API (the manager, then an administrator of the Legal group when the type names it),
 * leaving it to the server's own dispatch and send workers. Answers its id and receivers in order.
 */
export async function sendAndAuthorise(typeName: string, body: Record<string, unknown>) {
  const ids = await withDatabase(async (client) => {
    const type = await client.query<{ id: string }>('SELECT id FROM shipping_types WHERE name = $1', [typeName]);
    const company = await client.query<{ id: string }>("SELECT id FROM companies WHERE tax_id = 'B12345674'");
    return { typeId: Number(type.rows[0]!.id), companyId: Number(company.rows[0]!.id) };
  });
  const { api } = await apiSignIn('company.user');
  const response = await api.post('/rest/services/shippings/sendrequest', {
    data: {
      ...ids,
      channel: 'email',
      documents: [{ name: 'deed.pdf', content: `data:application/pdf;base64,${PDF.toString('base64')}` }],
      ...body,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { requestId } = (await response.json()) as { requestId: number };
  await api.dispose();

  for (const login of ['company.manager', 'company.admin']) {
    const { state } = (await shippingState(requestId))!;
    if (state !== 'pending_auth' && state !== 'auths_pending_user') break;
    const authoriser = await apiSignIn(login);
    const authorised = await authoriser.api.put('/rest/services/shippings/shippingauthorize', {
      data: { authorizeShippingList: [requestId] },
    });
    expect(authorised.status(), await authorised.text()).toBe(200);
    expect(((await authorised.json()) as { succeeded: number[] }).succeeded).toEqual([requestId]);
    await authoriser.api.dispose();
  }
  const receiverIds = await withDatabase(async (client) => {
    const rows = await client.query<{ id: string }>(
      'SELECT id FROM shipping_receivers WHERE shipping_id = $1 ORDER BY position',
      [requestId],
    );
    return rows.rows.map((row) => row.id);
  });
  return { shippingId: requestId, receiverIds };
}

/**
 * Creates an acceptance through the API, has the manager authorise it, and waits for the server's own
 * dispatch and send workers to e-mail the receiver its link (to the test mail server). Answers the
 * receiver and its link token.
 */
export async function sendAcceptance(language: Language, subject: string) {
  const email = addressFor('lucia', subject);
  const { shippingId, receiverIds } = await sendAndAuthorise('Deed acceptance', {
    subject,
    receivers: [{ name: 'Lucía Fernández', email, mobile: '612 345 678', language }],
  });
  return { shippingId, receiverId: receiverIds[0]!, token: tokenOf(await waitForRecipientLink(email)) };
}

export async function pinFromOutbox(receiverId: string): Promise<string> {
  const body = await withDatabase(async (client) => {
    const rows = await client.query<{ body: string }>(
      "SELECT body FROM outbox WHERE receiver_id = $1 AND purpose = 'pin' ORDER BY id DESC LIMIT 1",
      [receiverId],
    );
    return rows.rows[0]?.body ?? '';
  });
  const pin = /\b(\d{6})\b/.exec(body)?.[1];
  expect(pin, `PIN message: ${body}`).toBeDefined();
  return pin!;
}

/** An answered shipping waits for its certificate, or has it already: the certificate worker runs at once. */
export const ANSWERED = /^(pending_cert|closed)$/;

export async function shippingState(shippingId: number) {
  return withDatabase(async (client) => {
    const rows = await client.query<{ state: string; result: string | null }>(
      'SELECT state, result FROM shippings WHERE id = $1',
      [shippingId],
    );
    return rows.rows[0];
  });
}
