import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readImportFile } from './import-file.ts';
import { ImportFileError } from './import-read-budget.ts';

describe('the CSV reader', () => {
  it('reads quoted fields with delimiters, quotes and line breaks, keeping line numbers', async () => {
    const file = await readImportFile(Buffer.from('a;b\r\n"x;1";"say ""hi"""\n"two\nlines";z\n\nlast;"q"\n'));
    expect(file.rows).toEqual([
      { line: 2, cells: { a: 'x;1', b: 'say "hi"' } },
      { line: 3, cells: { a: 'two\nlines', b: 'z' } },
      { line: 6, cells: { a: 'last', b: 'q' } },
    ]);
  });

  it('reads a Windows-1252 file whose first non-UTF-8 byte comes after many rows, without keeping the first pass', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => `R-${index};Persona ${index}`);
    const bytes = Buffer.concat([
      Buffer.from(['ref;name', ...rows].join('\r\n')),
      Buffer.from('\r\nR-x;Mu\xf1oz 5\x80\r\n', 'latin1'),
    ]);
    const file = await readImportFile(bytes);
    expect(file.rows).toHaveLength(10_001);
    expect(file.rows.at(-1)).toEqual({ line: 10_002, cells: { ref: 'R-x', name: 'Muñoz 5€' } });
  });

  it('refuses a record past its size (an unclosed quote swallowing the file) as too complex', async () => {
    const bytes = Buffer.from(`a;b\n"${'x;'.repeat(1000)}`);
    await expect(readImportFile(bytes, {}, { maxRecordChars: 1000 })).rejects.toEqual(
      new ImportFileError('ERR_FILE_TOO_COMPLEX'),
    );
  });
});

describe('readImportFile', () => {
  it('detects the delimiter, normalises columns and skips blank rows', async () => {
    const file = await readImportFile(
      Buffer.from('\uFEFFUser Id;Name;E-mail\nana.perez;Ana;ana@x.es\n;;\nbob.ruiz;Bob;bob@x.es'),
    );
    expect(file.columns).toEqual(['userid', 'name', 'email']);
    expect(file.rows).toEqual([
      { line: 2, cells: { userid: 'ana.perez', name: 'Ana', email: 'ana@x.es' } },
      { line: 4, cells: { userid: 'bob.ruiz', name: 'Bob', email: 'bob@x.es' } },
    ]);
  });

  it('reads the first sheet of an .xlsx file', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Users');
    sheet.addRow(['userid', 'name']);
    sheet.addRow(['ana.perez', 'Ana']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = await readImportFile(bytes);
    expect(file.rows).toEqual([{ line: 2, cells: { userid: 'ana.perez', name: 'Ana' } }]);
  });

  it('refuses empty, binary and legacy .xls files', async () => {
    await expect(readImportFile(Buffer.alloc(0))).rejects.toEqual(new ImportFileError('ERR_FILE_EMPTY'));
    await expect(readImportFile(Buffer.from('\n\n'))).rejects.toEqual(new ImportFileError('ERR_FILE_EMPTY'));
    // The legacy .xls has its own key: its message says to save it as .xlsx, .ods or CSV.
    await expect(readImportFile(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]))).rejects.toEqual(
      new ImportFileError('ERR_FILE_TYPE_XLS'),
    );
    await expect(readImportFile(Buffer.from([0xff, 0xfe, 0x00, 0x41]))).rejects.toEqual(
      new ImportFileError('ERR_FILE_TYPE'),
    );
    await expect(readImportFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 9, 9, 9]))).rejects.toEqual(
      new ImportFileError('ERR_FILE_TYPE'),
    );
  });
});
