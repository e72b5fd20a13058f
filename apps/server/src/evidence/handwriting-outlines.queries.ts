import type { Kysely, Transaction } from 'kysely';
import type { THandwritingOutline } from '../db/handwriting-schema.ts';
import type { Database } from '../db/schema.ts';

/** The drawn shape of each receiver's handwritten signature in a shipping, by receiver id. */
export async function selectHandwritingOutlines(
  db: Kysely<Database> | Transaction<Database>,
  shippingId: string,
): Promise<Map<string, { sha256: string; outline: THandwritingOutline }>> {
  const rows = await db
    .selectFrom('receiver_handwritings as h')
    .innerJoin('shipping_receivers as r', 'r.id', 'h.receiver_id')
    .select(['h.receiver_id as receiverId', 'h.sha256', 'h.outline'])
    .where('r.shipping_id', '=', shippingId)
    .execute();
  return new Map(rows.map((row) => [String(row.receiverId), { sha256: row.sha256, outline: row.outline }]));
}
