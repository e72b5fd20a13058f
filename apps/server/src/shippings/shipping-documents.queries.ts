import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type TNewDocument = {
  position: number;
  kind: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  category: string;
  sha256: string;
};

export function insertDocuments(trx: Trx, shippingId: string, documents: readonly TNewDocument[]) {
  return insertShippingDocuments(
    trx,
    documents.map((document) => ({ ...document, shippingId })),
  );
}

/** Documents of any number of shippings, in one statement. */
export async function insertShippingDocuments(
  trx: Trx,
  documents: readonly (TNewDocument & { shippingId: string })[],
): Promise<void> {
  if (documents.length === 0) return;
  await trx
    .insertInto('shipping_documents')
    .values(
      documents.map((document) => ({
        shipping_id: document.shippingId,
        position: document.position,
        kind: document.kind,
        name: document.name,
        mime_type: document.mimeType,
        size_bytes: document.sizeBytes,
        category: document.category,
        sha256: document.sha256,
      })),
    )
    .execute();
}

export function selectDocuments(db: Db, shippingIds: readonly string[], kinds?: readonly string[]) {
  return db
    .selectFrom('shipping_documents')
    .select([
      'shipping_id as shippingId',
      'position',
      'kind',
      'name',
      'mime_type as mimeType',
      'size_bytes as sizeBytes',
      'category',
      'sha256',
      'created_at as createdAt',
    ])
    .where('shipping_id', 'in', shippingIds)
    .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds!))
    .orderBy('shipping_id')
    .orderBy('position')
    .execute();
}
export type TDocumentRecord = Awaited<ReturnType<typeof selectDocuments>>[number];

export function selectDocument(db: Db, shippingId: string, position: number) {
  return db
    .selectFrom('shipping_documents')
    .select(['position', 'kind', 'name', 'mime_type as mimeType', 'size_bytes as sizeBytes', 'sha256'])
    .where('shipping_id', '=', shippingId)
    .where('position', '=', position)
    .executeTakeFirst();
}

export function selectDocumentOfKind(db: Db, shippingId: string, kind: string) {
  return db
    .selectFrom('shipping_documents')
    .select(['position', 'kind', 'name', 'mime_type as mimeType', 'size_bytes as sizeBytes', 'sha256'])
    .where('shipping_id', '=', shippingId)
    .where('kind', '=', kind)
    .orderBy('position', 'desc')
    .executeTakeFirst();
}
