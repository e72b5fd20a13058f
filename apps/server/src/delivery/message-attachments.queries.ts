import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The documents a message carries: the shipping's sent copies (kind `sent`), in their order, when the
 * message is the access message of a certified e-mail; none for any other message.
 */
export function selectMessageAttachments(db: Kysely<Database>, messageId: string) {
  return db
    .selectFrom('delivery_messages as m')
    .innerJoin('shippings as s', 's.id', 'm.shipping_id')
    .innerJoin('shipping_documents as d', 'd.shipping_id', 'm.shipping_id')
    .select(['d.id', 'd.name', 'd.mime_type as mimeType', 'd.sha256'])
    .where('m.id', '=', messageId)
    .where('m.purpose', '=', 'access')
    .where('s.service_kind', '=', 'certified_email')
    .where('d.kind', '=', 'sent')
    .orderBy('d.position')
    .execute();
}
