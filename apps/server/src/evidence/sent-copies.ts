import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { insertDocuments } from '../shippings/shippings.queries.ts';
import { nextDocumentPosition, selectStoredDocuments } from './evidence.queries.ts';

/**
 * Records the documents as sent (kind `sent`): the original bytes, byte for byte. The same blob backs
 * both rows (the store is addressed by SHA-256), so the copy costs no space and its hash proves that
 * what the receiver got is exactly what the sender submitted; a stamped copy would be different bytes
 * and prove less. Idempotent: a shipping with sent copies is left as it is. Call it inside the
 * transaction that holds the shipping's lock.
 */
export async function prepareSentCopies(
  deps: { blobs: TBlobStore },
  trx: Transaction<Database>,
  shippingId: string,
): Promise<number> {
  const documents = await selectStoredDocuments(trx, [shippingId]);
  if (documents.some((document) => document.kind === 'sent')) return 0;
  const originals = documents.filter((document) => document.kind === 'original');
  // The copy must be the bytes on file, not merely the row: a missing or altered file is not sent.
  for (const original of originals) await deps.blobs.open(original.sha256).then((stream) => stream.destroy());
  const first = await nextDocumentPosition(trx, shippingId);
  await insertDocuments(
    trx,
    shippingId,
    originals.map((original, index) => ({
      position: first + index,
      kind: 'sent',
      name: original.name,
      mimeType: original.mimeType,
      sizeBytes: Number(original.sizeBytes),
      category: original.category,
      sha256: original.sha256,
    })),
  );
  return originals.length;
}
