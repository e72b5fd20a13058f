import { ApiError } from './api-error.ts';
import { readZipDirectory } from './zip-directory.ts';

/** One data row of an import file: its line in the file (the header is line 1) and its cells by column. */
export type TImportRow = { line: number; cells: Record<string, string> };

/** `headers` are the header row as written, `columns` the same normalised. */
export type TImportFile = { headers: string[]; columns: string[]; rows: TImportRow[] };

type TImportFileErrorKey =
  | 'ERR_FILE_TYPE'
  | 'ERR_FILE_EMPTY'
  | 'ERR_TOO_MANY_ROWS'
  | 'ERR_TOO_MANY_CELLS'
  | 'ERR_FILE_TOO_COMPLEX';

export class ImportFileError extends Error {
  readonly key: TImportFileErrorKey;
  /** The limit a file went over, for the message (`{{max}}`). */
  readonly max?: number;

  constructor(key: TImportFileErrorKey, max?: number) {
    super(key);
    this.key = key;
    if (max !== undefined) this.max = max;
  }
}

/** The answer to a file refused by the reader: a field error of `field`, with the limit when one was passed. */
export function toImportFileFieldError(field: string, error: ImportFileError): ApiError {
  return new ApiError(
    400,
    'ERR_VALIDATION',
    { [field]: error.key },
    error.max === undefined ? undefined : { max: error.max },
  );
}

/**
 * What one upload may cost the server. A spreadsheet is parsed on the event loop that serves every tenant, so a
 * file is read within a number of data rows, of cells (every cell the rows hold, empty or not) and of wall time,
 * and the reader gives the loop back between batches of rows.
 */
export type TReadLimits = {
  maxRows: number;
  maxCells: number;
  maxMs: number;
  /**
   * Uncompressed bytes of an .xlsx's shared-strings table, as its zip directory declares them. The table is parsed
   * whole before the first row, out of reach of the time limit: 16 MiB holds 500,000 distinct strings of about
   * 32 bytes each; about a second of parsing on a loaded 2-core machine.
   */
  maxSharedStringsBytes: number;
  /** Uncompressed bytes of the first sheet: 500,000 cells at about 256 bytes each (shared strings make cells small). */
  maxSheetBytes: number;
};

export const IMPORT_READ_LIMITS: TReadLimits = {
  maxRows: 100_000,
  maxCells: 1_500_000,
  maxMs: 10_000,
  maxSharedStringsBytes: 16 * 1024 * 1024,
  maxSheetBytes: 128 * 1024 * 1024,
};
/** Rows read between two turns of the event loop. */
const ROWS_PER_TURN = 200;

/** Counts rows and cells as they are read and stops the read at the first limit passed. */
class ReadBudget {
  readonly #limits: TReadLimits;
  readonly #started = Date.now();
  #rows = 0;
  #cells = 0;

  constructor(limits: TReadLimits) {
    this.#limits = limits;
  }

  /** Called per line of the file; every ROWS_PER_TURN lines it yields to the event loop. */
  async count(cells: number): Promise<void> {
    this.#rows += 1;
    this.#cells += cells;
    // The header row is line 1 and is not a data row.
    if (this.#rows - 1 > this.#limits.maxRows) throw new ImportFileError('ERR_TOO_MANY_ROWS', this.#limits.maxRows);
    if (this.#cells > this.#limits.maxCells) throw new ImportFileError('ERR_TOO_MANY_CELLS', this.#limits.maxCells);
    if (this.#rows % ROWS_PER_TURN === 0) {
      if (Date.now() - this.#started > this.#limits.maxMs) throw new ImportFileError('ERR_FILE_TOO_COMPLEX');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

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
 * Reads a CSV (UTF-8 or Windows-1252; comma, semicolon or tab separated, quotes as in RFC 4180) or an Excel .xlsx file
 * into rows keyed by column. Blank rows are skipped but keep their line numbers. The legacy binary
 * .xls format is refused. Column names are normalised (see `normaliseColumn`).
 */
export async function readImportFile(
  bytes: Buffer,
  aliases: Readonly<Record<string, string>> = {},
  limits: Partial<TReadLimits> = {},
): Promise<TImportFile> {
  if (bytes.length === 0) throw new ImportFileError('ERR_FILE_EMPTY');
  if (startsWith(bytes, OLE_SIGNATURE)) throw new ImportFileError('ERR_FILE_TYPE');
  const allLimits = { ...IMPORT_READ_LIMITS, ...limits };
  const budget = new ReadBudget(allLimits);
  const isZip = startsWith(bytes, ZIP_SIGNATURE);
  if (isZip) checkXlsxSizes(bytes, allLimits);
  const lines = isZip ? await readXlsxLines(bytes, budget) : await readCsvLines(bytes, budget);
  const headerIndex = lines.findIndex((line) => line.cells.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw new ImportFileError('ERR_FILE_EMPTY');
  const headers = lines[headerIndex]!.cells.map((cell) => cell.trim());
  const columns = headers.map((cell) => normaliseColumn(cell, aliases));
  const rows: TImportRow[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    if (line.cells.every((cell) => cell.trim() === '')) continue;
    const cells: Record<string, string> = {};
    columns.forEach((column, index) => {
      if (column !== '') cells[column] = (line.cells[index] ?? '').trim();
    });
    rows.push({ line: line.line, cells });
  }
  return { headers, columns, rows };
}

type TLine = { line: number; cells: string[] };

/** Excel cells as text; dates as ISO days, so they read the same whatever the sheet's locale. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const rich = value as { text?: string; result?: unknown; richText?: { text: string }[] };
    if (rich.richText) return rich.richText.map((part) => part.text).join('');
    if (rich.text !== undefined) return String(rich.text);
    if (rich.result !== undefined) return cellText(rich.result);
    return '';
  }
  return String(value);
}

/**
 * Refuses, before any parsing, an .xlsx whose shared strings or first sheet inflate past the limits: a few MB of
 * zip can declare hundreds of MB of repeated XML.
 */
function checkXlsxSizes(bytes: Buffer, limits: TReadLimits): void {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new ImportFileError('ERR_FILE_TYPE');
  const sharedStrings = entries.find((entry) => entry.name === 'xl/sharedStrings.xml');
  if (sharedStrings && sharedStrings.uncompressedSize > limits.maxSharedStringsBytes)
    throw new ImportFileError('ERR_FILE_TOO_COMPLEX');
  // The reader takes the first sheet the zip holds.
  const firstSheet = entries.find((entry) => /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name));
  if (firstSheet && firstSheet.uncompressedSize > limits.maxSheetBytes)
    throw new ImportFileError('ERR_FILE_TOO_COMPLEX');
}

/** The first sheet, read as a stream (the workbook is never built whole in memory). */
async function readXlsxLines(bytes: Buffer, budget: ReadBudget): Promise<TLine[]> {
  // Loaded on first use: exceljs adds about 40 MB to the resident memory of every server process.
  const { default: ExcelJS } = await import('exceljs');
  const { Readable } = await import('node:stream');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const lines: TLine[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        await budget.count(Math.max(values.length - 1, 0));
        for (let column = 1; column < values.length; column++) cells.push(cellText(values[column]));
        lines.push({ line: row.number, cells });
      }
      break;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('ERR_FILE_TYPE');
  }
  return lines;
}

/** Signatures of files that are never a spreadsheet, whatever their name says. */
const BINARY_SIGNATURES = [
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46],
];

/**
 * Text as spreadsheets write it: UTF-8 (with or without BOM), else Windows-1252. Control characters
 * other than tab and line breaks mean the file is not text.
 */
function decodeText(bytes: Buffer): string {
  if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature))) throw new ImportFileError('ERR_FILE_TYPE');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw new ImportFileError('ERR_FILE_TYPE');
  return text.replace(/^\uFEFF/, '');
}

async function readCsvLines(bytes: Buffer, budget: ReadBudget): Promise<TLine[]> {
  const text = decodeText(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].reduce((best, candidate) =>
    count(firstLine, candidate) > count(firstLine, best) ? candidate : best,
  );
  const lines = parseCsv(text, delimiter);
  for (const line of lines) await budget.count(line.cells.length);
  return lines;
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** RFC 4180 CSV: quoted fields may hold the delimiter, quotes ("") and line breaks. */
export function parseCsv(text: string, delimiter: string): TLine[] {
  const lines: TLine[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      cells.push(cell);
      lines.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line++;
      recordLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    lines.push({ line: recordLine, cells });
  }
  return lines;
}
