import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function insertCoreHandover(
  db: Kysely<Database>,
  row: { requestHash: string; tokenHash: string; userId: string; shippingGuid: string | null; seconds: number },
) {
  return db
    .insertInto('core_handovers')
    .values({
      request_hash: row.requestHash,
      token_hash: row.tokenHash,
      user_id: row.userId,
      shipping_guid: row.shippingGuid,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.seconds})`,
    })
    .returning('expires_at as expiresAt')
    .executeTakeFirstOrThrow();
}

/** Marks a live, unused hand-over used and answers whose it is; undefined when unknown, used, expired or forged. */
export async function consumeCoreHandover(db: Kysely<Database>, requestHash: string, tokenHash: string) {
  return db
    .updateTable('core_handovers')
    .set({ used_at: sql<Date>`now()` })
    .where('request_hash', '=', requestHash)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id as userId', 'shipping_guid as shippingGuid'])
    .executeTakeFirst();
}

export async function selectShippingIdByGuid(db: Kysely<Database>, guid: string) {
  const row = await db.selectFrom('shippings').select('id').where('guid', '=', guid).executeTakeFirst();
  return row ? Number(row.id) : null;
}
