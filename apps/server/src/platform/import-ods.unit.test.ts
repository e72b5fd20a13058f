import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { odsSheet } from '../../test/ods-sheet.ts';
import { readWhole } from './blob-store.ts';
import { readImportFile } from './import-file.ts';
import { IMPORT_READ_LIMITS } from './import-read-budget.ts';

describe('the import reader reads LibreOffice .ods files within the .xlsx bounds', () => {
  it('reads the first sheet as LibreOffice saves it: numbers, dates, line breaks, a million trailing empty rows', async () => {
    const bytes = await odsSheet([
      ['Nombre', 'Correo electrónico', 'Días custodia', 'Fecha', 'Asunto'],
      [
        'Ana Sousa',
        'ana@example.pt',
        { number: 30, shown: '30,00' },
        { date: '2026-12-31', shown: '31/12/26' },
        'Aviso\nen dos',
      ],
      ['', '', '', '', ''],
      ['=cmd', 'b@example.es', '', '', 'Otro'],
    ]);
    const started = Date.now();
    const file = await readImportFile(bytes);
    expect(Date.now() - started).toBeLessThan(IMPORT_READ_LIMITS.maxMs);
    expect(file.headers).toEqual(['Nombre', 'Correo electrónico', 'Días custodia', 'Fecha', 'Asunto']);
    expect(file.rows).toEqual([
      {
        line: 2,
        cells: {
          nombre: 'Ana Sousa',
          correoelectrónico: 'ana@example.pt',
          díascustodia: '30',
          fecha: '2026-12-31',
          asunto: 'Aviso\nen dos',
        },
      },
      {
        line: 4,
        cells: { nombre: '=cmd', correoelectrónico: 'b@example.es', díascustodia: '', fecha: '', asunto: 'Otro' },
      },
    ]);
  });

  it('expands repeated rows and cells that hold a value, counted by the row and cell limits', async () => {
    const bytes = await odsSheet([['a', 'b'], [{ repeat: 2, text: 'x' }]], { rowRepeat: 30, tailRows: 5 });
    const file = await readImportFile(bytes);
    expect(file.rows).toHaveLength(30);
    expect(file.rows.at(-1)).toEqual({ line: 31, cells: { a: 'x', b: 'x' } });
    await expect(readImportFile(bytes, {}, { maxRows: 20 })).rejects.toMatchObject({
      key: 'ERR_TOO_MANY_ROWS',
      max: 20,
    });
    const wide = await odsSheet([['a'], [{ repeat: 1000, text: '' }, 'far']], { tailRows: 1 });
    await expect(readImportFile(wide, {}, { maxCells: 500 })).rejects.toMatchObject({ key: 'ERR_TOO_MANY_CELLS' });
  });

  it('refuses an .ods whose content inflates past its bound, counted while inflating', async () => {
    const rows = [['name', 'email'], ...Array.from({ length: 3000 }, (_, i) => [`Persona ${i}`, `p${i}@example.es`])];
    const bytes = await odsSheet(rows, { tailRows: 1 });
    expect((await readImportFile(bytes)).rows).toHaveLength(3000);
    await expect(readImportFile(bytes, {}, { maxSheetBytes: 64 * 1024 })).rejects.toMatchObject({
      key: 'ERR_FILE_TOO_COMPLEX',
    });
  });

  it('refuses an .ods without a sheet, and a legacy .xls with its own key', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), 'mimetype', { compress: false });
    zip.addBuffer(Buffer.from('<x/>'), 'styles.xml');
    zip.end();
    const empty = await readWhole(zip.outputStream as Readable);
    await expect(readImportFile(empty)).rejects.toMatchObject({ key: 'ERR_FILE_TYPE' });
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    await expect(readImportFile(xls)).rejects.toMatchObject({ key: 'ERR_FILE_TYPE_XLS' });
  });
});
