import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import {
  insertDocumentTimestamp,
  replaceDocumentFile,
  selectDueDocuments,
  selectUnregisteredDocuments,
} from './archive-timestamps.queries.ts';
import { addDocumentTimestamp, timestampValidationData } from './document-timestamp.ts';
import { readDocumentTimestamps } from './timestamp-token.ts';
import type { TTimestamper } from './timestamps.ts';
import { addDss } from './validation-data.ts';

// PAdES B-LTA over the years: before the TSA certificate of a file's last document time-stamp ends, an archive
// time-stamp (ETSI EN 319 142-1 §5.5) adds that time-stamp's validation data in a DSS, then a new document
// time-stamp over the whole; the new file replaces the old one for its shipping, and the old one is kept.

export type TArchiveDeps = { db: Kysely<Database>; blobs: TBlobStore; stamp: TTimestamper };

const DAY = 86_400_000;
const BATCH = 50;
const REGISTER_BATCHES_PER_RUN = 10;

/** The last document time-stamp of a stored PDF: when it was made and when its TSA certificate ends. */
function lastTimestampOf(pdf: Buffer) {
  return readDocumentTimestamps(pdf).at(-1) ?? null;
}

/** Reads the signed PDFs the job has not seen yet and notes their last document time-stamp. */
async function registerDocuments(deps: TArchiveDeps): Promise<number> {
  const rows = await selectUnregisteredDocuments(deps.db, BATCH * 4);
  for (const { sha256 } of rows) {
    const last = lastTimestampOf(await deps.blobs.read(sha256));
    await insertDocumentTimestamp(deps.db, {
      sha256,
      stampedAt: last?.info.genTime ?? null,
      tsaExpiresAt: last?.tsaExpiresAt ?? null,
    });
  }
  return rows.length;
}

/**
 * Adds an archive time-stamp to the stored PDF `sha256`: the validation data of its last time-stamp in a DSS, then a
 * new document time-stamp. Answers the new file's hash. The new file is stored before any row changes; the rows
 * then change in one transaction, so the shipping names either the old file or the new one, both in the store.
 */
export async function addArchiveTimestamp(deps: TArchiveDeps, sha256: string, now = new Date()): Promise<string> {
  const pdf = await deps.blobs.read(sha256);
  const last = lastTimestampOf(pdf);
  const data = last ? await timestampValidationData(deps.stamp, last.token, now) : null;
  const withDss = data && data.certificates.length + data.crls.length + data.ocsps.length > 0 ? addDss(pdf, data) : pdf;
  const renewed = await addDocumentTimestamp(withDss, deps.stamp);
  const stored = await deps.blobs.put(renewed.pdf);
  const added = readDocumentTimestamps(renewed.pdf).at(-1)!;
  await deps.db.transaction().execute(async (trx) => {
    await insertDocumentTimestamp(trx, {
      sha256: stored.sha256,
      stampedAt: added.info.genTime,
      tsaExpiresAt: added.tsaExpiresAt,
      previous: { sha256, size: pdf.length },
    });
    await replaceDocumentFile(trx, sha256, { sha256: stored.sha256, size: stored.size });
  });
  return stored.sha256;
}

/**
 * The archive job: notes the last document time-stamp of newly stored signed PDFs, then renews those whose TSA
 * certificate ends within `renewDays` (or that have none). A TSA that does not answer stops the run (it throws);
 * the files done before stay done.
 */
export async function renewArchiveTimestamps(
  deps: TArchiveDeps,
  renewDays: number,
  now = new Date(),
): Promise<{ registered: number; renewed: number }> {
  // Bounded per run, so the first run on an install with many files reads them over several hours.
  let registered = 0;
  for (let batch = 0; batch < REGISTER_BATCHES_PER_RUN; batch++) {
    const count = await registerDocuments(deps);
    registered += count;
    if (count === 0) break;
  }
  let renewed = 0;
  const due = await selectDueDocuments(deps.db, new Date(now.getTime() + renewDays * DAY), BATCH);
  for (const { sha256 } of due) {
    await addArchiveTimestamp(deps, sha256, now);
    renewed += 1;
  }
  return { registered, renewed };
}
