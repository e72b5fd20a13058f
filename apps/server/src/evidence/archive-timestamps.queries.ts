import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/** The stored PDFs Sello signed, whose document time-stamps the archive job keeps alive. */
export const ARCHIVED_KINDS = ['certificate', 'non_report', 'signed'] as const;

/** Signed PDFs the archive job has not read yet (stored before it ran, or since its last run). */
export function selectUnregisteredDocuments(db: Db, limit: number) {
  return db
    .selectFrom('shipping_documents as d')
    .leftJoin('document_timestamps as t', 't.sha256', 'd.sha256')
    .select('d.sha256')
    .distinct()
    .where('d.kind', 'in', ARCHIVED_KINDS)
    .where('d.mime_type', '=', 'application/pdf')
    .where('t.sha256', 'is', null)
    .limit(limit)
    .execute();
}

/** What the archive job read of a stored PDF, or the archive time-stamp it added (then with the version before). */
export function insertDocumentTimestamp(
  db: Db,
  row: {
    sha256: string;
    stampedAt: Date | null;
    tsaExpiresAt: Date | null;
    previous?: { sha256: string; size: number };
  },
) {
  return db
    .insertInto('document_timestamps')
    .values({
      sha256: row.sha256,
      stamped_at: row.stampedAt,
      tsa_expires_at: row.tsaExpiresAt,
      previous_sha256: row.previous?.sha256 ?? null,
      previous_size: row.previous?.size ?? null,
    })
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .execute();
}

/**
 * Stored signed PDFs (still a shipping's current file) whose last document time-stamp's TSA certificate ends before
 * `until`, or that have no document time-stamp at all; soonest first.
 */
export function selectDueDocuments(db: Db, until: Date, limit: number) {
  return db
    .selectFrom('document_timestamps as t')
    .select(['t.sha256', 't.tsa_expires_at as tsaExpiresAt'])
    .where((eb) => eb.or([eb('t.tsa_expires_at', 'is', null), eb('t.tsa_expires_at', '<', until)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('shipping_documents as d')
          .select('d.id')
          .whereRef('d.sha256', '=', 't.sha256')
          .where('d.kind', 'in', ARCHIVED_KINDS),
      ),
    )
    .orderBy('t.tsa_expires_at', (order) => order.asc().nullsFirst())
    .limit(limit)
    .execute();
}

/** Points the shippings' documents of `from` at the file that extends it. */
export function replaceDocumentFile(db: Db, from: string, to: { sha256: string; size: number }) {
  return db
    .updateTable('shipping_documents')
    .set({ sha256: to.sha256, size_bytes: to.size })
    .where('sha256', '=', from)
    .where('kind', 'in', ARCHIVED_KINDS)
    .execute();
}

/** Closed shippings whose chain head has no time-stamp yet (none at all, or events came after it); oldest first. */
export function selectUnstampedChainHeads(db: Db, limit: number) {
  return db
    .selectFrom('shippings as s')
    .select(['s.id', 's.event_count as eventCount', 's.last_event_hash as headHash'])
    .where('s.state', '=', 'closed')
    .where('s.last_event_hash', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chain_head_timestamps as h')
            .select('h.id')
            .whereRef('h.shipping_id', '=', 's.id')
            .whereRef('h.head_hash', '=', 's.last_event_hash'),
        ),
      ),
    )
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

export function insertChainHeadTimestamp(
  db: Db,
  row: { shippingId: string; eventCount: number; headHash: string; token: Buffer; stampedAt: Date },
) {
  return db
    .insertInto('chain_head_timestamps')
    .values({
      shipping_id: row.shippingId,
      event_count: row.eventCount,
      head_hash: row.headHash,
      token: row.token,
      stamped_at: row.stampedAt,
    })
    .onConflict((conflict) => conflict.columns(['shipping_id', 'head_hash']).doNothing())
    .execute();
}

/** The time-stamps of a shipping's chain heads, newest first. */
export function selectChainHeadTimestamps(db: Db, shippingId: string) {
  return db
    .selectFrom('chain_head_timestamps')
    .select(['event_count as eventCount', 'head_hash as headHash', 'token', 'stamped_at as stampedAt'])
    .where('shipping_id', '=', shippingId)
    .orderBy('id', 'desc')
    .execute();
}
