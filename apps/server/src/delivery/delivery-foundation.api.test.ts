import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { recipientLink } from '../platform/recipient-link.ts';
import { hashMessageContent, recordMessages } from './delivery-messages.ts';
import { findReceiverAccess, issueReceiverAccess } from './receiver-access.ts';

let t: TTestApp;
let user: TestClient;
let shippingId: number;
let receiverId: string;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  shippingId = await sendShipping(user, t.database.db, 'Notarial notification');
  const receiver = await t.database.db
    .selectFrom('shipping_receivers')
    .select('id')
    .where('shipping_id', '=', String(shippingId))
    .executeTakeFirstOrThrow();
  receiverId = receiver.id;
});
afterAll(() => t.close());

describe('receiver access links', () => {
  it('opens the receiver with its token until it expires, and stores only a hash', async () => {
    const now = new Date();
    const token = await issueReceiverAccess(t.database.db, receiverId, new Date(now.getTime() + HOUR), now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const access = await findReceiverAccess(t.database.db, token, now);
    expect(access).toMatchObject({ receiverId, shippingId: String(shippingId) });
    const stored = await t.database.db
      .selectFrom('shipping_receivers')
      .select('access_token_hash')
      .where('id', '=', receiverId)
      .executeTakeFirstOrThrow();
    expect(stored.access_token_hash).not.toContain(token);
    expect(await findReceiverAccess(t.database.db, token, new Date(now.getTime() + 2 * HOUR))).toBeNull();
  });

  it('a new link replaces the old one; unknown and malformed tokens open nothing', async () => {
    const expiresAt = new Date(Date.now() + HOUR);
    const first = await issueReceiverAccess(t.database.db, receiverId, expiresAt);
    const second = await issueReceiverAccess(t.database.db, receiverId, expiresAt);
    expect(await findReceiverAccess(t.database.db, first)).toBeNull();
    expect(await findReceiverAccess(t.database.db, second)).not.toBeNull();
    expect(await findReceiverAccess(t.database.db, 'x'.repeat(43))).toBeNull();
    expect(await findReceiverAccess(t.database.db, "' OR 1=1 --")).toBeNull();
  });

  it('a deleted shipping opens no more', async () => {
    // Waiting for authorisation, so it may be deleted.
    const pending = await sendShipping(user, t.database.db, 'Deed acceptance');
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select('id')
      .where('shipping_id', '=', String(pending))
      .executeTakeFirstOrThrow();
    const token = await issueReceiverAccess(t.database.db, receiver.id, new Date(Date.now() + HOUR));
    const admin = await signedInClient(t.app, 'company.admin');
    expect((await admin.delete(`shippings/delete/${pending}`)).statusCode).toBe(200);
    expect(await findReceiverAccess(t.database.db, token)).toBeNull();
    expect((await admin.put(`shippings/recover/${pending}`)).statusCode).toBe(200);
    expect(await findReceiverAccess(t.database.db, token)).not.toBeNull();
  });

  it('builds the recipient page link under the console URL', () => {
    expect(recipientLink('https://sello.example/', 'abc')).toBe('https://sello.example/portal/#/r/abc');
    expect(recipientLink('https://sello.example', 'abc')).toBe('https://sello.example/portal/#/r/abc');
  });
});

describe('delivery messages', () => {
  const message = () => ({
    shippingId: String(shippingId),
    receiverId,
    purpose: 'access' as const,
    channel: 'email',
    transport: 'outbox' as const,
    recipient: 'lucia@example.es',
    subject: 'Notice',
    body: 'Open https://sello.example/portal/#/r/abc',
    idempotencyKey: `access:${receiverId}:1`,
  });

  it('records a message once per idempotency key, with the hash of its content, in the outbox', async () => {
    const [first] = await recordMessages(t.database.db, [message()]);
    const [again] = await recordMessages(t.database.db, [{ ...message(), body: 'something else' }]);
    expect(first).toMatchObject({ created: true, status: 'sent' });
    expect(again).toMatchObject({ created: false, id: first!.id, guid: first!.guid });
    const outbox = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('shipping_id', '=', String(shippingId))
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ body: message().body, recipient: 'lucia@example.es', purpose: 'access' });
    const row = await t.database.db
      .selectFrom('delivery_messages')
      .select('content_sha256')
      .where('id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(row.content_sha256).toBe(hashMessageContent('Notice', message().body));
  });

  it('keeps messages for a provider queued and out of the outbox', async () => {
    const [queued] = await recordMessages(t.database.db, [
      { ...message(), transport: 'smtp', idempotencyKey: `access:${receiverId}:2` },
    ]);
    expect(queued).toMatchObject({ created: true, status: 'queued' });
    const outbox = await t.database.db.selectFrom('outbox').select('id').where('id', '=', queued!.id).execute();
    expect(outbox).toEqual([]);
  });
});
