/** One data row of an import file: its line in the file (the header is line 1) and its cells by column. */
export type TImportRow = { line: number; cells: Record<string, string> };

export type TImportFile = { columns: string[]; rows: TImportRow[] };

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
 * Reads a CSV (UTF-8, comma or semicolon separated, quotes as in RFC 4180) or an Excel .xlsx file
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
  const columns = lines[headerIndex]!.cells.map((cell) => normaliseColumn(cell, aliases));
  const rows: TImportRow[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    if (line.cells.every((cell) => cell.trim() === '')) continue;
    const cells: Record<string, string> = {};
    columns.forEach((column, index) => {
      if (column !== '') cells[column] = (line.cells[index] ?? '').trim();
    });
    rows.push({ line: line.line, cells });
  }
  return { columns, rows };
}

type TLine = { line: number; cells: string[] };

async function readXlsxLines(bytes: Buffer): Promise<TLine[]> {
  // Loaded on first use: exceljs adds about 40 MB to the resident memory of every server process.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ImportFileError('ERR_FILE_TYPE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileError('ERR_FILE_EMPTY');
  const lines: TLine[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(row.getCell(column).text ?? '');
    lines.push({ line: row.number, cells });
  });
  return lines;
}

function readCsvLines(bytes: Buffer): TLine[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError('ERR_FILE_TYPE');
  }
  if (text.includes('\u0000')) throw new ImportFileError('ERR_FILE_TYPE');
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = count(firstLine, ';') > count(firstLine, ',') ? ';' : ',';
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
