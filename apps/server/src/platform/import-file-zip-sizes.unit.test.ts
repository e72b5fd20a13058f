import { describe, expect, it } from 'vitest';
import { declareSize, sharedStringsSheet } from '../../test/shared-strings-sheet.ts';
import { readImportFile } from './import-file.ts';
import { IMPORT_READ_LIMITS, ImportFileError } from './import-read-budget.ts';

/** Padding entries of 30 bytes: this many pass the default 16 MiB shared-strings bound. */
const OVER_DEFAULT =
  Math.ceil(IMPORT_READ_LIMITS.maxSharedStringsBytes / '<si><t>padding string</t></si>'.length) + 1000;

describe('the xlsx reader counts what the zip inflates to before parsing', () => {
  it('refuses with ERR_FILE_TOO_COMPLEX a small zip whose shared-strings table inflates past 16 MiB', async () => {
    const bytes = await sharedStringsSheet(OVER_DEFAULT);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const result = await readImportFile(bytes).catch((error: unknown) => error);
    console.info(
      `${Math.round(bytes.length / 1024)} KB zip, ${OVER_DEFAULT} shared strings: ${Date.now() - started} ms`,
    );
    expect(result).toBeInstanceOf(ImportFileError);
    expect((result as ImportFileError).key).toBe('ERR_FILE_TOO_COMPLEX');
  });

  it('refuses the same zip when its directory and header declare 1,000 bytes for the table', async () => {
    const bytes = declareSize(await sharedStringsSheet(OVER_DEFAULT), 'xl/sharedStrings.xml', 1000);
    await expect(readImportFile(bytes)).rejects.toMatchObject({ key: 'ERR_FILE_TOO_COMPLEX' });
  });

  it('reads the same file when its table is small, and refuses it under a smaller bound', async () => {
    const bytes = await sharedStringsSheet(2000);
    const file = await readImportFile(bytes);
    expect(file.columns).toEqual(['name', 'email']);
    expect(file.rows).toEqual([{ line: 2, cells: { name: 'Ana', email: 'ana@example.com' } }]);
    await expect(readImportFile(bytes, {}, { maxSharedStringsBytes: 1024 })).rejects.toMatchObject({
      key: 'ERR_FILE_TOO_COMPLEX',
    });
  });

  it('refuses a first sheet past its bound, and a zip without a directory as not a spreadsheet', async () => {
    const bytes = await sharedStringsSheet(10);
    await expect(readImportFile(bytes, {}, { maxSheetBytes: 100 })).rejects.toMatchObject({
      key: 'ERR_FILE_TOO_COMPLEX',
    });
    await expect(readImportFile(bytes.subarray(0, bytes.length - 200))).rejects.toMatchObject({ key: 'ERR_FILE_TYPE' });
  });
});
