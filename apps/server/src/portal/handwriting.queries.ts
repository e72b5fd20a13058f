import type { Transaction } from 'kysely';
import type { THandwritingOutline } from '../db/handwriting-schema.ts';
import type { Database } from '../db/schema.ts';

export async function insertHandwriting(
  trx: Transaction<Database>,
  row: {
    receiverId: string;
    sealed: Buffer;
    keyId: string;
    sha256: string;
    outline: THandwritingOutline;
    pointCount: number;
    strokeCount: number;
    createdAt: Date;
  },
): Promise<void> {
  await trx
    .insertInto('receiver_handwritings')
    .values({
      receiver_id: row.receiverId,
      sealed: row.sealed,
      key_id: row.keyId,
      sha256: row.sha256,
      outline: JSON.stringify(row.outline),
      point_count: row.pointCount,
      stroke_count: row.strokeCount,
      created_at: row.createdAt,
    })
    .execute();
}
