import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The receiver at `position` of a shipping, with what deciding a hand-over needs. */
export function selectHandOverTarget(db: Db, shippingId: string, position: number) {
  return db
    .selectFrom('shipping_receivers as r')
    .innerJoin('shippings as s', 's.id', 'r.shipping_id')
    .select(['r.id as receiverId', 'r.name', 'r.status', 's.channel', 's.state', 's.domain_id as domainId'])
    .where('r.shipping_id', '=', shippingId)
    .where('r.position', '=', position)
    .executeTakeFirst();
}

/** Hand-overs of a receiver not opened yet stop working: only the newest one minted may be opened. */
export async function expireUnopenedHandOvers(db: Db, receiverId: string, now: Date): Promise<void> {
  await db
    .updateTable('receiver_hand_overs')
    .set({ expires_at: now })
    .where('receiver_id', '=', receiverId)
    .where('opened_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function insertHandOver(
  db: Db,
  row: {
    shippingId: string;
    receiverId: string;
    method: string;
    tokenHash: string;
    createdBy: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const inserted = await db
    .insertInto('receiver_hand_overs')
    .values({
      shipping_id: row.shippingId,
      receiver_id: row.receiverId,
      method: row.method,
      token_hash: row.tokenHash,
      created_by: row.createdBy,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A hand-over by the digest of its one-time token, with who minted it (name and roles, for the evidence). */
export function selectHandOverByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('receiver_hand_overs as h')
    .innerJoin('users as u', 'u.id', 'h.created_by')
    .select([
      'h.id',
      'h.shipping_id as shippingId',
      'h.receiver_id as receiverId',
      'h.method',
      'h.expires_at as expiresAt',
      'h.opened_at as openedAt',
      'h.created_by as createdBy',
      'u.name as actorName',
      'u.roles as actorRoles',
    ])
    .where('h.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Spends a hand-over's one-time token: answers whether this call did (not opened before, not expired). Two calls
 * racing for the same token: the row lock lets one through.
 */
export async function claimHandOver(
  db: Db,
  id: string,
  session: { hash: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .updateTable('receiver_hand_overs')
    .set({ opened_at: now, session_hash: session.hash, session_expires_at: session.expiresAt })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}
