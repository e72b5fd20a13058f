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

type TMessageRow = Omit<Insertable<DeliveryMessagesTable>, 'status' | 'provider_ref' | 'error'>;

/** Inserts the message unless one with its idempotency key exists; answers the stored row either way. */
export async function insertMessageOnce(db: Db, row: TMessageRow) {
  const inserted = await db
    .insertInto('delivery_messages')
    .values({ ...row, status: row.transport === 'outbox' ? 'sent' : 'queued' })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning(['id', 'guid', 'status'])
    .executeTakeFirst();
  if (inserted) return { ...inserted, created: true };
  const existing = await db
    .selectFrom('delivery_messages')
    .select(['id', 'guid', 'status'])
    .where('idempotency_key', '=', row.idempotency_key)
    .executeTakeFirstOrThrow();
  return { ...existing, created: false };
}
