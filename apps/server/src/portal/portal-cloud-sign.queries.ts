import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Who a one-time certificate is issued to: the receiver's name and identity document as the shipping holds them. */
export function selectSignerIdentity(trx: Transaction<Database>, receiverId: string) {
  return trx
    .selectFrom('shipping_receivers')
    .select(['name', 'document_type as documentType', 'document_number as documentNumber'])
    .where('id', '=', receiverId)
    .executeTakeFirstOrThrow();
}
