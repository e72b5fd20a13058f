import type { TImportRetryRows, TImportRow } from '@sello/contracts/catalogue/imports';
import { LIMITS } from '@sello/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, fieldError } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import { readImportFile, toImportFileFieldError } from '../platform/import-file.ts';
import { ImportFileError } from '../platform/import-read-budget.ts';
import { IMPORT_JOBS } from '../platform/job-catalogue.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { normaliseHeader } from './import-columns.ts';
import { correctFailedRows, resetFailedRows } from './import-rows.queries.ts';
import type { TImportRun } from './import-run.service.ts';
import { isLineHeader } from './import-sheet-words.ts';
import type { TSpooledFile } from './import-upload.ts';
import { updateImportCounts, updateImportState } from './imports.queries.ts';
import { FORMULA_START, IMPORT_MAX_ROWS, type TImportsService, toImportRow } from './imports.service.ts';

/** How a retry came: the failed rows as they were, corrected in the errors file, or corrected on screen. */
type TRetryVia = 'unchanged' | 'file' | 'rows';

/** Retrying an import's failed rows, as they are or corrected by the user. */
export function createImportRetry(deps: {
  db: Kysely<Database>;
  jobs: TJobQueue;
  run: TImportRun;
  imports: TImportsService;
}) {
  const { db, jobs, run } = deps;
  const recordFor = deps.imports.recordFor;

  /**
   * The failed rows are checked again, with the user's corrections when given (the type or the data behind them may
   * also have been fixed). Rows already created are never touched. A finished import stays FINISHED: its retried
   * rows are checked and those now valid created at once; a validated one is checked again (CREATED, then
   * VALIDATED), and one stopped in ERROR starts again. docs/decisions/imports.md, "Retrying failed rows".
   */
  async function retryErrors(
    principal: TPrincipal,
    importId: number,
    corrections: readonly { line: number; cells: Record<string, string> }[],
    via: TRetryVia,
  ): Promise<TImportRow> {
    const record = await recordFor(principal, importId);
    // An import in ERROR may be retried with no failed row: its cause (a document) may have been fixed.
    if (
      !['VALIDATED', 'FINISHED', 'ERROR'].includes(record.state) ||
      (record.errors === 0 && record.state !== 'ERROR')
    ) {
      throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED');
    }
    const finished = record.state === 'FINISHED';
    const count = await db.transaction().execute(async (trx) => {
      if (!(await updateImportState(trx, record.id, [record.state], finished ? 'FINISHED' : 'CREATED'))) {
        throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED');
      }
      const notFailed = await correctFailedRows(trx, record.id, corrections);
      if (notFailed.length > 0) {
        throw new ApiError(400, 'ERR_VALIDATION', { data: 'ERR_IMPORT_LINE_NOT_FAILED' }, { line: notFailed[0]! });
      }
      const reset = await resetFailedRows(trx, record.id);
      await updateImportCounts(trx, record.id, undefined, finished ? undefined : null);
      await recordAudit(trx, principal, {
        domainId: record.domainId,
        entity: 'imports',
        entityId: record.id,
        action: 'retry',
        before: { state: record.state, failedRows: record.errors },
        after: {
          state: finished ? 'FINISHED' : 'CREATED',
          failedRows: 0,
          retriedRows: reset,
          via,
          correctedLines: corrections.map((correction) => correction.line),
        },
      });
      return reset;
    });
    if (count > LIMITS.onlineLimit) await jobs.send(IMPORT_JOBS.run, { importId: record.id });
    else if (finished) await run.retryFinished(record.id);
    else await run.validate(record.id);
    return toImportRow(await recordFor(principal, importId));
  }

  /** The corrections of an errors file (`downloadImportErrors`, fixed): the cells of each failed line it names. */
  async function retryWithFile(principal: TPrincipal, body: { importId: number; data: unknown }): Promise<TImportRow> {
    const file = body.data as TSpooledFile | undefined;
    if (!file?.path) throw fieldError('data', 'ERR_FIELD_REQUIRED');
    const record = await recordFor(principal, body.importId);
    let table: Awaited<ReturnType<typeof readImportFile>>;
    try {
      table = await readImportFile({ path: file.path }, {}, { maxRows: IMPORT_MAX_ROWS });
    } catch (error) {
      if (error instanceof ImportFileError) throw toImportFileFieldError('data', error);
      throw error;
    }
    const lineIndex = table.headers.findIndex((header) => isLineHeader(header));
    if (lineIndex < 0) throw fieldError('data', 'ERR_IMPORT_LINE_COLUMN_MISSING');
    const known = new Set(record.settings.columns.map((column) => column.key));
    const keys = table.headers.map((header) => normaliseHeader(header));
    const corrections = table.rows.map((row) => {
      const line = Number(row.cells[table.columns[lineIndex]!]);
      if (!Number.isSafeInteger(line) || line < 1) {
        throw new ApiError(400, 'ERR_VALIDATION', { data: 'ERR_IMPORT_LINE_NOT_FAILED' }, { line: row.line });
      }
      const cells: Record<string, string> = {};
      table.columns.forEach((column, index) => {
        const key = keys[index]!;
        if (known.has(key) && row.cells[column] !== undefined)
          cells[key] = row.cells[column].replace(FORMULA_START, '');
      });
      return { line, cells };
    });
    if (corrections.length === 0) throw fieldError('data', 'ERR_FILE_EMPTY');
    return retryErrors(principal, body.importId, corrections, 'file');
  }

  /**
   * Failed rows corrected on screen: each row's cells are named by the file's headers (as the detail shows them),
   * which must be the import's; the rest goes as the errors file does.
   */
  async function retryRows(principal: TPrincipal, body: TImportRetryRows): Promise<TImportRow> {
    const record = await recordFor(principal, body.importId);
    const keyOf = new Map<string, string>();
    for (const column of record.settings.columns) {
      if (column.key !== '' && !keyOf.has(column.header)) keyOf.set(column.header, column.key);
    }
    const lines = new Set<number>();
    const corrections = body.rows.map((row, index) => {
      if (lines.has(row.line)) throw fieldError(`rows.${index}.line`, 'ERR_FIELD_INVALID');
      lines.add(row.line);
      const cells: Record<string, string> = {};
      for (const [header, value] of Object.entries(row.cells)) {
        const key = keyOf.get(header);
        if (key === undefined) throw fieldError(`rows.${index}.cells`, 'ERR_FIELD_INVALID');
        cells[key] = value;
      }
      return { line: row.line, cells };
    });
    return retryErrors(principal, body.importId, corrections, 'rows');
  }

  return {
    retryErrors: (principal: TPrincipal, importId: number) => retryErrors(principal, importId, [], 'unchanged'),
    retryWithFile,
    retryRows,
  };
}
