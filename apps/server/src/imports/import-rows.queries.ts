import { sql } from 'kysely';
import type { Db, Trx } from './imports.queries.ts';

/** Rows waiting for their check, failed with a reason that is not theirs (a document of the import is gone). */
export async function failPendingRows(db: Db, importId: string, key: string): Promise<void> {
  await db
    .updateTable('import_rows')
    .set({ status: 'ERROR', error_field: null, error_key: key })
    .where('import_id', '=', importId)
    .where('status', '=', 'PENDING')
    .execute();
}

/**
 * Corrections of failed rows: each named line's cells take the corrected values. Only rows still failed are
 * changed; the lines that are not are answered (the caller refuses the whole correction then).
 */
export async function correctFailedRows(
  trx: Trx,
  importId: string,
  corrections: readonly { line: number; cells: Record<string, string> }[],
): Promise<number[]> {
  if (corrections.length === 0) return [];
  const result = await sql<{ line: number }>`UPDATE import_rows r SET cells = r.cells || v.cells
    FROM unnest(${corrections.map((c) => c.line)}::int[], ${corrections.map((c) => JSON.stringify(c.cells))}::jsonb[])
      AS v(line, cells)
    WHERE r.import_id = ${importId} AND r.line = v.line AND r.status = 'ERROR'
    RETURNING r.line`.execute(trx);
  const corrected = new Set(result.rows.map((row) => row.line));
  return corrections.map((c) => c.line).filter((line) => !corrected.has(line));
}

/** Failed rows go back to be checked again (retryErrors). */
export async function resetFailedRows(db: Db | Trx, importId: string): Promise<number> {
  const result = await db
    .updateTable('import_rows')
    .set({ status: 'PENDING', error_field: null, error_key: null })
    .where('import_id', '=', importId)
    .where('status', '=', 'ERROR')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
