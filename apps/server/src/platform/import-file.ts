/** One data row of an import file: its line in the file (the header is line 1) and its cells by column. */
export type TImportRow = { line: number; cells: Record<string, string> };

/** `headers` are the header row as written, `columns` the same normalised. */
export type TImportFile = { headers: string[]; columns: string[]; rows: TImportRow[] };

export class ImportFileError extends Error {
  readonly key: 'ERR_FILE_TYPE' | 'ERR_FILE_EMPTY';

  constructor(key: 'ERR_FILE_TYPE' | 'ERR_FILE_EMPTY') {
    super(key);
    this.key = key;
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
): Promise<TImportFile> {
  if (bytes.length === 0) throw new ImportFileError('ERR_FILE_EMPTY');
  if (startsWith(bytes, OLE_SIGNATURE)) throw new ImportFileError('ERR_FILE_TYPE');
  const lines = startsWith(bytes, ZIP_SIGNATURE) ? await readXlsxLines(bytes) : readCsvLines(bytes);
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

/** The first sheet, read as a stream (the workbook is never built whole in memory). */
async function readXlsxLines(bytes: Buffer): Promise<TLine[]> {
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
        for (let column = 1; column < values.length; column++) cells.push(cellText(values[column]));
        lines.push({ line: row.number, cells });
      }
      break;
    }
  } catch {
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

function readCsvLines(bytes: Buffer): TLine[] {
  const text = decodeText(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].reduce((best, candidate) =>
    count(firstLine, candidate) > count(firstLine, best) ? candidate : best,
  );
  return parseCsv(text, delimiter);
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
