import { StringDecoder } from 'node:string_decoder';
import type { Entry } from 'unzipper';
import { ImportFileError, type ReadBudget, type TLine, type TLineSink } from './import-read-budget.ts';
import { openImportSource, readImportHead, type TImportSource } from './import-source.ts';

const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';
/** A zip's first local header: 30 bytes, then the entry's name and extra field, then (stored) its bytes. */
const HEAD_BYTES = 1024;

/** Whether a zip is an OpenDocument spreadsheet: its first entry is `mimetype`, stored, naming the type. */
export async function isOpenDocument(source: TImportSource): Promise<boolean> {
  const head = await readImportHead(source, HEAD_BYTES);
  if (head.length < 30 || head.readUInt16LE(8) !== 0) return false;
  const nameEnd = 30 + head.readUInt16LE(26);
  const dataStart = nameEnd + head.readUInt16LE(28);
  return (
    head.subarray(30, nameEnd).toString('latin1') === 'mimetype' &&
    head.subarray(dataStart, dataStart + ODS_MIME.length).toString('latin1') === ODS_MIME
  );
}

type TCell = { repeat: number; type: string; value: string; text: string; paragraphs: number };

const repeatOf = (value: string | undefined) => {
  const count = Number(value ?? 1);
  return Number.isSafeInteger(count) && count > 0 ? count : 1;
};

/** What a cell says, as the .xlsx reader says it: numbers as written by the machine, dates as ISO days. */
function cellValue(cell: TCell): string {
  if (['float', 'percentage', 'currency'].includes(cell.type) && cell.value !== '') return cell.value;
  if ((cell.type === 'date' || cell.type === 'boolean') && cell.value !== '') return cell.value.slice(0, 10);
  return cell.text;
}

/**
 * Turns the XML events of the first sheet of `content.xml` into lines. Repeated cells and rows (how LibreOffice
 * writes a run of equal or empty cells, up to a million of them) are expanded only when something follows that
 * holds a value, and never past the cell budget: trailing empty cells and rows cost nothing.
 */
function createSheetWalker(budget: ReadBudget) {
  const { maxCells } = budget.limits;
  const ready: { line: TLine; repeat: number }[] = [];
  let line = 1;
  let tables = 0;
  let inTable = false;
  let row: { repeat: number; cells: string[]; pendingEmpty: number } | null = null;
  let cell: TCell | null = null;
  let inParagraph = false;

  function closeCell(): void {
    if (!row || !cell) return;
    const value = cellValue(cell);
    if (value === '') row.pendingEmpty += cell.repeat;
    else {
      if (row.cells.length + row.pendingEmpty + cell.repeat > maxCells) {
        throw new ImportFileError('ERR_TOO_MANY_CELLS', maxCells);
      }
      for (let index = 0; index < row.pendingEmpty; index++) row.cells.push('');
      for (let index = 0; index < cell.repeat; index++) row.cells.push(value);
      row.pendingEmpty = 0;
    }
    cell = null;
  }

  return {
    ready,
    open(name: string, attributes: Record<string, string>): void {
      if (name === 'table:table') {
        tables += 1;
        inTable = tables === 1;
      }
      if (!inTable) return;
      if (name === 'table:table-row') {
        row = { repeat: repeatOf(attributes['table:number-rows-repeated']), cells: [], pendingEmpty: 0 };
      } else if (name === 'table:table-cell' || name === 'table:covered-table-cell') {
        cell = {
          repeat: repeatOf(attributes['table:number-columns-repeated']),
          type: attributes['office:value-type'] ?? '',
          value:
            attributes['office:value'] ?? attributes['office:date-value'] ?? attributes['office:boolean-value'] ?? '',
          text: '',
          paragraphs: 0,
        };
      } else if (cell && name === 'text:p') {
        if (cell.paragraphs > 0) cell.text += '\n';
        cell.paragraphs += 1;
        inParagraph = true;
      } else if (cell && name === 'text:s') cell.text += ' '.repeat(Math.min(repeatOf(attributes['text:c']), 1000));
      else if (cell && name === 'text:tab') cell.text += '\t';
      else if (cell && name === 'text:line-break') cell.text += '\n';
    },
    text(text: string): void {
      if (cell && inParagraph) cell.text += text;
    },
    close(name: string): void {
      if (name === 'table:table') inTable = false;
      if (!inTable && name !== 'table:table') return;
      if (name === 'text:p') inParagraph = false;
      else if (name === 'table:table-cell' || name === 'table:covered-table-cell') closeCell();
      else if (name === 'table:table-row' && row) {
        if (row.cells.length > 0) ready.push({ line: { line, cells: row.cells }, repeat: row.repeat });
        line += row.repeat;
        row = null;
      }
    },
  };
}

/**
 * The first sheet of an .ods, read as a stream: every entry is inflated within the bounds of the .xlsx reader (the
 * zip's own figures are not trusted), `content.xml` is parsed as it inflates, and its rows are counted by the budget.
 */
export async function readOdsLines(source: TImportSource, budget: ReadBudget, sink: TLineSink): Promise<void> {
  const { default: unzipper } = await import('unzipper');
  const { SaxesParser } = await import('saxes');
  const { limits } = budget;
  const input = openImportSource(source);
  const zip = unzipper.Parse({ forceStream: true });
  input.on('error', (error) => zip.destroy(error));
  input.pipe(zip);
  let total = 0;
  let sawContent = false;
  const maxTotal = limits.maxSharedStringsBytes + limits.maxSheetBytes;
  try {
    for await (const entry of zip as AsyncIterable<Entry>) {
      const isContent = entry.path === 'content.xml';
      const walker = createSheetWalker(budget);
      const parser = new SaxesParser();
      const decoder = new StringDecoder('utf8');
      if (isContent) {
        sawContent = true;
        parser.on('opentag', (tag) => walker.open(tag.name, tag.attributes as Record<string, string>));
        parser.on('text', (text) => walker.text(text));
        parser.on('closetag', (tag) => walker.close(tag.name));
      }
      let size = 0;
      for await (const chunk of entry) {
        size += (chunk as Buffer).length;
        total += (chunk as Buffer).length;
        if (size > limits.maxSheetBytes || total > maxTotal) throw new ImportFileError('ERR_FILE_TOO_COMPLEX');
        budget.checkTime();
        if (!isContent) continue;
        parser.write(decoder.write(chunk as Buffer));
        await addReady(walker.ready, budget, sink);
      }
      if (isContent) {
        parser.write(decoder.end());
        parser.close();
        await addReady(walker.ready, budget, sink);
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('ERR_FILE_TYPE');
  } finally {
    input.destroy();
    zip.destroy();
  }
  if (!sawContent) throw new ImportFileError('ERR_FILE_TYPE');
}

async function addReady(ready: { line: TLine; repeat: number }[], budget: ReadBudget, sink: TLineSink) {
  for (const { line, repeat } of ready.splice(0)) {
    for (let index = 0; index < repeat; index++) {
      await budget.count(line.cells.length);
      sink.add({ line: line.line + index, cells: line.cells });
    }
  }
}
