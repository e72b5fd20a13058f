import { PassThrough, Writable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, escapeXml, type TCellValue, writeXlsx } from './xlsx-writer.ts';

async function* fromArray(rows: TCellValue[][]): AsyncIterable<TCellValue[]> {
  for (const row of rows) yield row;
}

async function toBuffer(
  name: string,
  columns: { header: string; width: number; text?: boolean }[],
  rows: AsyncIterable<TCellValue[]>,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeXlsx(out, name, columns, rows);
  await ended;
  return Buffer.concat(chunks);
}

/** Every entry of a ZIP archive through its central directory, inflated, its CRC-32 and size checked. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = inflateRawSync(zip.subarray(dataStart, dataStart + compressedSize));
    expect({ name, size: data.length, crc: crc32(data) }).toEqual({ name, size, crc });
    files.set(name, data);
    // The name, then the extra field and the comment (their lengths at +30 and +32).
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('xlsx writer', () => {
  it('writes typed text that starts like a formula as text, without a visible apostrophe, never as a formula', async () => {
    const buffer = await toBuffer(
      'Errores',
      [
        { header: 'Nombre', width: 20, text: true },
        { header: 'Línea', width: 8 },
      ],
      fromArray([
        ["=cmd|' /C calc'!A0", 2],
        ['+34 612 345 678', 3],
        ['-5', 4],
        ['@SUM(A1)', 5],
      ]),
    );
    const sheet = await readSheet(buffer);
    const cells = [2, 3, 4, 5].map((row) => sheet.getRow(row).getCell(1));
    expect(cells.map((cell) => cell.value)).toEqual(["=cmd|' /C calc'!A0", '+34 612 345 678', '-5', '@SUM(A1)']);
    // Text, with the text format: no formula, no apostrophe in the value shown.
    for (const cell of cells) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
      expect(cell.text.startsWith("'")).toBe(false);
    }
    expect(sheet.getRow(2).getCell(2).value).toBe(2);
    const files = unzip(buffer);
    const xml = files.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).not.toContain('<f>');
    // The cells' style is the text format with Excel's quote prefix: edited and confirmed, they stay text.
    const styles = files.get('xl/styles.xml')!.toString('utf8');
    const style = Number(/<c r="A2" s="(\d+)"/.exec(xml)![1]);
    const xfs = [...styles.split('<cellXfs')[1]!.matchAll(/<xf [^>]*\/>/g)].map((match) => match[0]);
    expect(xfs[style]).toContain('numFmtId="49"');
    expect(xfs[style]).toContain('quotePrefix="1"');
  });

  it('writes a workbook exceljs reads back: bold header, widths, text, numbers, yes/no, dates, empty cells', async () => {
    const created = new Date('2026-11-22T10:30:15.000Z');
    const buffer = await toBuffer(
      'Users',
      [
        { header: 'Id', width: 10 },
        { header: 'Name <&>', width: 30 },
        { header: 'Active', width: 8 },
        { header: 'Created', width: 20 },
        { header: 'Deleted', width: 20 },
      ],
      fromArray([
        [1, 'Álvaro "Al" O\'Neil & <Co>', true, created, null],
        [2.5, 'tab\tand\u0007bell\u007f😀', false, new Date(Number.NaN), ''],
      ]),
    );
    const sheet = await readSheet(buffer);
    expect(sheet.name).toBe('Users');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Id', 'Name <&>', 'Active', 'Created', 'Deleted']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getColumn(2).width).toBe(30);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'Álvaro "Al" O\'Neil & <Co>', true, created]);
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getRow(3).values).toEqual([undefined, 2.5, 'tab\tandbell😀', false]);
    expect(sheet.rowCount).toBe(3);
  });

  it('streams many rows into a valid ZIP (sizes and CRC-32 of every entry)', async () => {
    async function* many() {
      for (let i = 1; i <= 20_000; i++) yield [i, `user.${i}@sello.local`, i % 2 === 0];
    }
    const buffer = await toBuffer(
      'Big: list [1/2]?',
      [
        { header: 'Id', width: 10 },
        { header: 'E-mail', width: 30 },
        { header: 'Even', width: 8 },
      ],
      many(),
    );
    const files = unzip(buffer);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = await readSheet(buffer);
    expect(sheet.name).toBe('Big  list  1 2  ');
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(20_001).values).toEqual([undefined, 20_000, 'user.20000@sello.local', true]);
  });

  it('stops reading the rows when the download is closed', async () => {
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read++;
          yield [read, 'x'.repeat(200)];
        }
      } finally {
        closed = true;
      }
    }
    const out = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, callback) {
        // The client takes a little, then goes away.
        if (read > 5_000) this.destroy();
        callback();
      },
    });
    await expect(
      writeXlsx(
        out,
        'Sheet',
        [
          { header: 'Id', width: 10 },
          { header: 'Text', width: 10 },
        ],
        endless(),
      ),
    ).rejects.toThrow();
    expect(closed).toBe(true);
    expect(read).toBeLessThan(50_000);
  });

  it('escapes XML and names columns as Excel does', () => {
    expect(escapeXml('plain')).toBe('plain');
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u001fc\r\n\td\u007f')).toBe('abc\r\n\td');
    expect([0, 1, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
