import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { ImportFileError, ReadBudget, type TLineSink } from './import-read-budget.ts';
import { openImportSource, readImportHead, type TImportSource } from './import-source.ts';

/** Signatures of files that are never a spreadsheet, whatever their name says. */
const BINARY_SIGNATURES = [
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46],
];
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** Bytes read to find the delimiter in the header row. */
const HEAD_BYTES = 64 * 1024;

type TEncoding = 'utf-8' | 'windows-1252';

/** Thrown by a UTF-8 pass that met bytes that are not UTF-8: the file is read again as Windows-1252. */
class NotUtf8 extends Error {}

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * Checks the text as it flows and hands the parser UTF-8: a UTF-8 file passes as it is, a Windows-1252 one is
 * transcoded. Control characters other than tab and line breaks mean the file is not text.
 */
function decodingStream(encoding: TEncoding, budget: ReadBudget): Transform {
  const decoder = new TextDecoder(encoding, { fatal: true });
  const decode = (chunk?: Buffer): string => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new NotUtf8();
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        budget.checkTime();
        const text = decode(chunk);
        if (CONTROL_CHARACTERS.test(text)) throw new ImportFileError('ERR_FILE_TYPE');
        callback(null, encoding === 'utf-8' ? chunk : Buffer.from(text));
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        callback(null, Buffer.from(decode()));
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/** One pass over the file in one encoding: records as csv-parse reads them (RFC 4180), counted as they come. */
async function parsePass(
  source: TImportSource,
  encoding: TEncoding,
  delimiter: string,
  first: ReadBudget,
  sink: TLineSink,
): Promise<void> {
  const { limits } = first;
  const budget = new ReadBudget(limits, first.started);
  const parser = parse({
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: limits.maxRecordChars,
    info: true,
  });
  try {
    await pipeline(openImportSource(source), decodingStream(encoding, budget), parser, async (records) => {
      // A record's `lines` is the line it ends on: it starts on the line after the previous record's end.
      let previousEnd = 0;
      for await (const { info, record } of records as AsyncIterable<{ info: { lines: number }; record: string[] }>) {
        await budget.count(record.length);
        sink.add({ line: previousEnd + 1, cells: record });
        previousEnd = info.lines;
      }
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportFileError(error.code === 'CSV_MAX_RECORD_SIZE' ? 'ERR_FILE_TOO_COMPLEX' : 'ERR_FILE_TYPE');
    }
    throw error;
  }
}

/**
 * A CSV (UTF-8 or Windows-1252; comma, semicolon or tab separated, quotes as in RFC 4180) read as a stream: the
 * file is never held whole, and the budget stops it at the first limit passed.
 */
export async function readCsvLines(source: TImportSource, budget: ReadBudget, sink: TLineSink): Promise<void> {
  const head = await readImportHead(source, HEAD_BYTES);
  if (BINARY_SIGNATURES.some((signature) => startsWith(head, signature))) throw new ImportFileError('ERR_FILE_TYPE');
  const headText = new TextDecoder('utf-8').decode(head);
  const firstLine = headText.slice(0, headText.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].reduce((best, candidate) =>
    count(firstLine, candidate) > count(firstLine, best) ? candidate : best,
  );
  try {
    await parsePass(source, 'utf-8', delimiter, budget, sink);
  } catch (error) {
    if (!(error instanceof NotUtf8)) throw error;
    sink.reset();
    await parsePass(source, 'windows-1252', delimiter, budget, sink);
  }
}
