type TImportFileErrorKey =
  | 'ERR_FILE_TYPE'
  | 'ERR_FILE_TYPE_XLS'
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

/** One line of a file as read: its number (the header is line 1) and its cells in column order. */
export type TLine = { line: number; cells: string[] };

/** Takes the lines a reader reads, one at a time; `reset` forgets them (a second pass reads the file again). */
export type TLineSink = { add: (line: TLine) => void; reset: () => void };

/**
 * What one upload may cost the server. A spreadsheet is parsed on the event loop that serves every tenant, so a
 * file is read as a stream within a number of data rows, of cells (every cell the rows hold, empty or not), of
 * characters per CSV record and of wall time, and the reader gives the loop back between batches of rows.
 */
export type TReadLimits = {
  maxRows: number;
  maxCells: number;
  maxMs: number;
  /** Characters of one CSV record (all its cells): an unclosed quote would otherwise swallow the whole file. */
  maxRecordChars: number;
  /**
   * Bytes `xl/sharedStrings.xml` inflates to, counted while inflating (the zip's own figures are not trusted).
   * exceljs parses the table whole before the first row, out of reach of the row and cell limits: 16 MiB holds
   * 500,000 distinct strings of about 32 bytes each; about a second of parsing on a loaded 2-core machine.
   */
  maxSharedStringsBytes: number;
  /** Bytes any other entry of an .xlsx inflates to: 500,000 cells at about 256 bytes each. */
  maxSheetBytes: number;
};

export const IMPORT_READ_LIMITS: TReadLimits = {
  maxRows: 100_000,
  maxCells: 1_500_000,
  maxMs: 10_000,
  maxRecordChars: 1024 * 1024,
  maxSharedStringsBytes: 16 * 1024 * 1024,
  maxSheetBytes: 128 * 1024 * 1024,
};
/** Rows read between two turns of the event loop. */
const ROWS_PER_TURN = 200;

/** Counts rows and cells as they are read and stops the read at the first limit passed. */
export class ReadBudget {
  readonly limits: TReadLimits;
  readonly #started: number;
  #rows = 0;
  #cells = 0;

  /** `started`: when reading the file began (a second pass over it keeps the first pass's clock). */
  constructor(limits: TReadLimits, started = Date.now()) {
    this.limits = limits;
    this.#started = started;
  }

  get started(): number {
    return this.#started;
  }

  /** Called per line of the file; every ROWS_PER_TURN lines it yields to the event loop. */
  async count(cells: number): Promise<void> {
    this.#rows += 1;
    this.#cells += cells;
    // The header row is line 1 and is not a data row.
    if (this.#rows - 1 > this.limits.maxRows) throw new ImportFileError('ERR_TOO_MANY_ROWS', this.limits.maxRows);
    if (this.#cells > this.limits.maxCells) throw new ImportFileError('ERR_TOO_MANY_CELLS', this.limits.maxCells);
    if (this.#rows % ROWS_PER_TURN === 0) {
      this.checkTime();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Refuses the file once reading it has taken longer than the time budget. */
  checkTime(): void {
    if (Date.now() - this.#started > this.limits.maxMs) throw new ImportFileError('ERR_FILE_TOO_COMPLEX');
  }
}
