import type { Entry } from 'unzipper';
import { ImportFileError, type ReadBudget, type TLineSink } from './import-read-budget.ts';
import { openImportSource, type TImportSource } from './import-source.ts';

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
 * Inflates every entry of the zip, counting the bytes that come out, and refuses the file at the first entry past
 * its bound: a few hundred KB of zip can inflate to hundreds of MB of repeated XML, whatever sizes its headers and
 * directory declare. The entries are read by the same parser (unzipper, from its local headers) that exceljs uses
 * next, so the file it reads is the file counted here. Nothing is kept; zlib works off the event loop.
 */
async function checkInflatedSizes(source: TImportSource, budget: ReadBudget): Promise<void> {
  const { default: unzipper } = await import('unzipper');
  const { limits } = budget;
  const input = openImportSource(source);
  const zip = unzipper.Parse({ forceStream: true });
  input.on('error', (error) => zip.destroy(error));
  input.pipe(zip);
  let total = 0;
  const maxTotal = limits.maxSharedStringsBytes + limits.maxSheetBytes;
  try {
    for await (const entry of zip as AsyncIterable<Entry>) {
      const bound = entry.path === 'xl/sharedStrings.xml' ? limits.maxSharedStringsBytes : limits.maxSheetBytes;
      let size = 0;
      for await (const chunk of entry) {
        size += (chunk as Buffer).length;
        total += (chunk as Buffer).length;
        if (size > bound || total > maxTotal) throw new ImportFileError('ERR_FILE_TOO_COMPLEX');
        budget.checkTime();
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('ERR_FILE_TYPE');
  } finally {
    input.destroy();
    zip.destroy();
  }
}

/** The first sheet, read as a stream (the workbook is never built whole in memory) once its sizes are counted. */
export async function readXlsxLines(source: TImportSource, budget: ReadBudget, sink: TLineSink): Promise<void> {
  await checkInflatedSizes(source, budget);
  // Loaded on first use: exceljs adds about 40 MB to the resident memory of every server process.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(openImportSource(source), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        await budget.count(Math.max(values.length - 1, 0));
        for (let column = 1; column < values.length; column++) cells.push(cellText(values[column]));
        sink.add({ line: row.number, cells });
      }
      break;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('ERR_FILE_TYPE');
  }
}
