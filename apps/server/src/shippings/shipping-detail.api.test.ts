import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let user: TestClient;
let manager: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  manager = await signedInClient(t.app, 'company.manager');
});
afterAll(() => t.close());

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The shipping's parts as its tables hold them, each in the detail's order and shape. */
async function partsFromTables(id: number) {
  const db = t.database.db;
  const shippingId = String(id);
  const receivers = await db
    .selectFrom('shipping_receivers')
    .selectAll()
    .where('shipping_id', '=', shippingId)
    .orderBy('position')
    .execute();
  const documents = await db
    .selectFrom('shipping_documents')
    .selectAll()
    .where('shipping_id', '=', shippingId)
    .orderBy('position')
    .execute();
  const events = await db
    .selectFrom('shipping_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .select(['e.seq', 'e.at', 'e.actor_user_id', 'u.name', 'e.action', 'e.reason', 'e.prev_hash', 'e.hash'])
    .where('e.shipping_id', '=', shippingId)
    .orderBy('e.seq')
    .execute();
  const authorisations = await db
    .selectFrom('shipping_authorisations')
    .selectAll()
    .where('shipping_id', '=', shippingId)
    .orderBy('round')
    .orderBy('id')
    .execute();
  return {
    receivers: receivers.map((row) => ({
      position: row.position,
      name: row.name,
      email: row.email,
      documentNumber: row.document_number,
      status: row.status,
      statusAt: iso(row.status_at),
    })),
    documents: documents.map((row) => ({
      fileRequest: row.position,
      name: row.name,
      kind: row.kind,
      mimeType: row.mime_type,
      sizeBytes: Number(row.size_bytes),
      sha256: row.sha256,
      createdAt: iso(row.created_at),
    })),
    events: events.map((row) => ({
      seq: row.seq,
      at: iso(row.at),
      actorUserId: row.actor_user_id === null ? null : Number(row.actor_user_id),
      action: row.action,
      reason: row.reason,
      prevHash: row.prev_hash,
      hash: row.hash,
    })),
    authorisations: authorisations.map((row) => ({
      id: Number(row.id),
      round: row.round,
      decision: row.decision,
      decidedById: row.decided_by === null ? null : Number(row.decided_by),
      decidedAt: iso(row.decided_at),
      comment: row.comment,
      deadlineAt: iso(row.deadline_at),
    })),
  };
}

describe('shippings/shippingdetail', () => {
  it('answers the receivers, documents, events and authorisations as their tables hold them, in order', async () => {
    const id = await sendShipping(user, t.database.db, 'Joint deed acceptance', {
      documents: [
        { name: 'first.pdf', content: 'data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK' },
        { name: 'second.pdf', content: 'data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK' },
      ],
    });
    await manager.put('shippings/shippingauthorize', { authorizeShippingList: [id], comment: 'Fine' });
    const response = await manager.get(`shippings/shippingdetail?requestId=${id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    const expected = await partsFromTables(id);
    expect(expected.receivers).toHaveLength(2);
    expect(expected.documents.length).toBeGreaterThanOrEqual(2);
    expect(expected.events.length).toBeGreaterThanOrEqual(2);
    expect(expected.authorisations.length).toBeGreaterThanOrEqual(1);
    expect(expected.authorisations.some((row) => row.decidedAt !== null)).toBe(true);
    expect(detail.receivers).toEqual(expected.receivers.map((row) => expect.objectContaining(row)));
    expect(detail.documents).toEqual(expected.documents.map((row) => expect.objectContaining(row)));
    expect(detail.events).toEqual(expected.events.map((row) => expect.objectContaining(row)));
    expect(detail.authorisations).toEqual(expected.authorisations.map((row) => expect.objectContaining(row)));
    expect(detail.events.at(-1)).toMatchObject({ action: 'authorize', actor: 'Marta Lopes', reason: 'Fine' });
  });

  it('answers empty lists for a shipping without authorisations', async () => {
    const id = await sendShipping(user, t.database.db, 'Notarial notification');
    const detail = (await user.get(`shippings/shippingdetail?requestId=${id}`)).json();
    expect(detail.authorisations).toEqual([]);
    expect(detail.receivers).toHaveLength(1);
  });
});
