import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { insertShippingDocuments, type TNewDocument } from '../shippings/shipping-documents.queries.ts';
import { selectStoredDocuments } from './evidence.queries.ts';

/**
 * Records the documents as sent (kind `sent`): the original bytes, byte for byte. The same blob backs
 * both rows (the store is addressed by SHA-256), so the copy costs no space and its hash proves that
 * what the receiver got is exactly what the sender submitted; a stamped copy would be different bytes
 * and prove less. Idempotent: a shipping with sent copies is left as it is. Call it inside the
 * transaction that holds the shippings' locks. Answers how many copies it recorded.
 */
export async function prepareSentCopies(
  deps: { blobs: TBlobStore },
  trx: Transaction<Database>,
  shippingIds: readonly string[],
): Promise<number> {
  if (shippingIds.length === 0) return 0;
  const documents = await selectStoredDocuments(trx, shippingIds);
  const copies: (TNewDocument & { shippingId: string })[] = [];
  for (const shippingId of shippingIds) {
    const own = documents.filter((document) => document.shippingId === shippingId);
    if (own.some((document) => document.kind === 'sent')) continue;
    const first = Math.max(0, ...own.map((document) => document.position)) + 1;
    const originals = own.filter((document) => document.kind === 'original');
    for (const [index, original] of originals.entries()) {
      // The copy must be the bytes on file, not merely the row: a missing or altered file is not sent.
      await deps.blobs.open(original.sha256).then((stream) => stream.destroy());
      copies.push({
        shippingId,
        position: first + index,
        kind: 'sent',
        name: original.name,
        mimeType: original.mimeType,
        sizeBytes: Number(original.sizeBytes),
        category: original.category,
        sha256: original.sha256,
      });
    }
  }
  await insertShippingDocuments(trx, copies);
  return copies.length;
}
