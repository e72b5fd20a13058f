import { ApiError } from './api-error.ts';
import { readCsvLines } from './import-csv.ts';
import { isOpenDocument, readOdsLines } from './import-ods.ts';
import { IMPORT_READ_LIMITS, ImportFileError, ReadBudget, type TLine, type TReadLimits } from './import-read-budget.ts';
import { readImportHead, type TImportSource } from './import-source.ts';
import { readXlsxLines } from './import-xlsx.ts';

/** One data row of an import file: its line in the file (the header is line 1) and its cells by column. */
export type TImportRow = { line: number; cells: Record<string, string> };

/** `headers` are the header row as written, `columns` the same normalised. */
export type TImportFile = { headers: string[]; columns: string[]; rows: TImportRow[] };

/** The answer to a file refused by the reader: a field error of `field`, with the limit when one was passed. */
export function toImportFileFieldError(field: string, error: ImportFileError): ApiError {
  let params: Record<string, string | number> | undefined;
  if (error.key === 'ERR_FILE_TYPE') params = { types: IMPORT_FILE_TYPES };
  else if (error.max !== undefined) params = { max: error.max };
  return new ApiError(400, 'ERR_VALIDATION', { [field]: error.key }, params);
}

/** What the reader reads, for the message of a file it refuses (`{{types}}`). */
export const IMPORT_FILE_TYPES = 'CSV, Excel (.xlsx), LibreOffice (.ods)';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/** Column names are matched without case, spaces, underscores or dashes, then through `aliases`. */
function normaliseColumn(name: string, aliases: Readonly<Record<string, string>>): string {
  const compact = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  return aliases[compact] ?? compact;
}

/**
 * Turns lines into rows as they are read, so that only the rows are held: the first line with a cell is the header,
 * blank lines are skipped (the rows keep their line numbers).
 */
function createRowSink(aliases: Readonly<Record<string, string>>) {
  let file: TImportFile | null = null;
  return {
    add(line: TLine): void {
      if (line.cells.every((cell) => cell.trim() === '')) return;
      if (!file) {
        const headers = line.cells.map((cell) => cell.trim());
        file = { headers, columns: headers.map((cell) => normaliseColumn(cell, aliases)), rows: [] };
        return;
      }
      const cells: Record<string, string> = {};
      file.columns.forEach((column, index) => {
        if (column !== '') cells[column] = (line.cells[index] ?? '').trim();
      });
      file.rows.push({ line: line.line, cells });
    },
    reset(): void {
      file = null;
    },
    file: (): TImportFile | null => file,
  };
}

/**
 * Reads a CSV (UTF-8 or Windows-1252; comma, semicolon or tab separated, quotes as in RFC 4180), an Excel .xlsx
 * or a LibreOffice .ods file into rows keyed by column, as a stream within `limits` (see `TReadLimits`). Blank rows are skipped but keep
 * their line numbers. The legacy binary .xls format is refused with its own key. Column names are normalised (see `normaliseColumn`).
 */
export async function readImportFile(
  source: TImportSource,
  aliases: Readonly<Record<string, string>> = {},
  limits: Partial<TReadLimits> = {},
): Promise<TImportFile> {
  const head = await readImportHead(source, 4);
  if (head.length === 0) throw new ImportFileError('ERR_FILE_EMPTY');
  if (startsWith(head, OLE_SIGNATURE)) throw new ImportFileError('ERR_FILE_TYPE_XLS');
  const budget = new ReadBudget({ ...IMPORT_READ_LIMITS, ...limits });
  const sink = createRowSink(aliases);
  if (startsWith(head, ZIP_SIGNATURE)) {
    if (await isOpenDocument(source)) await readOdsLines(source, budget, sink);
    else await readXlsxLines(source, budget, sink);
  } else await readCsvLines(source, budget, sink);
  const file = sink.file();
  if (!file) throw new ImportFileError('ERR_FILE_EMPTY');
  return file;
}
