import type { Insertable, Kysely } from 'kysely';
import type { DeliveryMessagesTable } from '../db/delivery-schema.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

export async function updateReceiverAccess(
  db: Db,
  receiverId: string,
  access: { tokenHash: string; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('shipping_receivers')
    .set({
      access_token_hash: access.tokenHash,
      access_issued_at: access.issuedAt,
      access_expires_at: access.expiresAt,
    })
    .where('id', '=', receiverId)
    .executeTakeFirstOrThrow();
}

export function selectReceiverByAccessHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('shipping_receivers as r')
    .innerJoin('shippings as s', 's.id', 'r.shipping_id')
    .select([
      'r.id as receiverId',
      'r.shipping_id as shippingId',
      's.domain_id as domainId',
      'r.access_expires_at as expiresAt',
      's.deleted_at as shippingDeletedAt',
    ])
    .where('r.access_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The receiver whose page a hand-over at the desk opened, by the digest of the page's own access. */
export function selectReceiverByHandOverSession(db: Db, sessionHash: string) {
  return db
    .selectFrom('receiver_hand_overs as h')
    .innerJoin('shippings as s', 's.id', 'h.shipping_id')
    .select([
      'h.receiver_id as receiverId',
      'h.shipping_id as shippingId',
      's.domain_id as domainId',
      'h.session_expires_at as expiresAt',
      's.deleted_at as shippingDeletedAt',
    ])
    .where('h.session_hash', '=', sessionHash)
    .executeTakeFirst();
}

type TMessageRow = Omit<Insertable<DeliveryMessagesTable>, 'status' | 'provider_ref' | 'error'> & {
  idempotency_key: string;
};

/**
 * Inserts the messages whose idempotency key is new; answers every message's stored row, in the order
 * given, and whether this call created it.
 */
export async function insertMessagesOnce(db: Db, rows: readonly TMessageRow[]) {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('delivery_messages')
    .values(
      rows.map((row) => ({
        ...row,
        status: row.fallback_for != null ? 'held' : row.transport === 'outbox' ? 'sent' : 'queued',
      })),
    )
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning(['id', 'guid', 'status', 'idempotency_key as key'])
    .execute();
  const created = new Set(inserted.map((row) => row.key));
  const missing = rows.map((row) => row.idempotency_key).filter((key) => !created.has(key));
  const existing =
    missing.length === 0
      ? []
      : await db
          .selectFrom('delivery_messages')
          .select(['id', 'guid', 'status', 'idempotency_key as key'])
          .where('idempotency_key', 'in', missing)
          .execute();
  const byKey = new Map([...inserted, ...existing].map((row) => [row.key, row]));
  return rows.map((row) => {
    const stored = byKey.get(row.idempotency_key);
    if (!stored) throw new Error(`message ${row.idempotency_key} neither inserted nor found`);
    return { id: stored.id, guid: stored.guid, status: stored.status, created: created.has(row.idempotency_key) };
  });
}

/**
 * Lets the held fallbacks of a message go (it failed): to the outbox at once, else queued for their
 * adapter. Answers the released ones; a second call finds none.
 */
export function releaseFallbacks(db: Db, messageId: string) {
  return db
    .updateTable('delivery_messages')
    .set((eb) => ({
      status: eb
        .case()
        .when('transport', '=', 'outbox')
        .then('sent' as const)
        .else('queued' as const)
        .end(),
      status_at: new Date(),
      next_attempt_at: new Date(),
    }))
    .where('fallback_for', '=', messageId)
    .where('status', '=', 'held')
    .returning(['id', 'guid', 'channel', 'transport'])
    .execute();
}
