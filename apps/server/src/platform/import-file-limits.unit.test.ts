import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bigSheet, measureLoopStall } from '../../test/big-sheet.ts';
import { readImportFile } from './import-file.ts';
import { IMPORT_READ_LIMITS, ImportFileError } from './import-read-budget.ts';

describe('the import reader works within limits of rows, cells and time', () => {
  it('stops a 1.8 M-cell .xlsx with a key within its time budget, giving the event loop back all along', async () => {
    const bytes = await bigSheet(100_000, 18);
    const { result, stallMs, ms, turns } = await measureLoopStall(() => readImportFile(bytes));
    console.info(
      `1.8 M cells (${Math.round(bytes.length / 1024)} KB): refused after ${ms} ms, longest loop stall ${stallMs} ms`,
    );
    expect(result).toBeInstanceOf(ImportFileError);
    expect(['ERR_TOO_MANY_CELLS', 'ERR_FILE_TOO_COMPLEX']).toContain((result as ImportFileError).key);
    // Other tenants' requests are served while the file is read: the loop keeps turning (one turn per 200 rows
    // at least). The time figures belong to bench/results (timed assertions fail under load, not on defects).
    expect(turns).toBeGreaterThanOrEqual(IMPORT_READ_LIMITS.maxCells / 18 / 200 / 2);
  }, 60_000);

  it('reads the largest import a company sends: 100,000 rows of seven columns as a Spanish spreadsheet writes them', async () => {
    const header = 'Referencia;Asunto;Nombre;Tipo documento;Documento;Correo electrónico;Móvil';
    const lines = Array.from(
      { length: 100_000 },
      (_, i) => `R-${i};Notificación;Persona ${i};DNI;12345678Z;persona${i}@example.es;+34612345678`,
    );
    const file = await readImportFile(Buffer.from(`\uFEFF${[header, ...lines].join('\r\n')}\r\n`));
    expect(file.rows).toHaveLength(100_000);
    expect(Object.values(file.rows.at(-1)?.cells ?? {})).toEqual([
      'R-99999',
      'Notificación',
      'Persona 99999',
      'DNI',
      '12345678Z',
      'persona99999@example.es',
      '+34612345678',
    ]);
  }, 60_000);

  it('refuses a file over the caller rows, or over the cells, with the limit passed', async () => {
    const bytes = await bigSheet(50, 4);
    await expect(readImportFile(bytes, {}, { maxRows: 49 })).rejects.toMatchObject({
      key: 'ERR_TOO_MANY_ROWS',
      max: 49,
    });
    expect((await readImportFile(bytes, {}, { maxRows: 50 })).rows).toHaveLength(50);
    await expect(readImportFile(bytes, {}, { maxCells: 100 })).rejects.toMatchObject({
      key: 'ERR_TOO_MANY_CELLS',
      max: 100,
    });
    const csv = Buffer.from(['a;b', ...Array.from({ length: 30 }, (_, i) => `${i};${i}`)].join('\n'));
    await expect(readImportFile(csv, {}, { maxRows: 20 })).rejects.toMatchObject({ key: 'ERR_TOO_MANY_ROWS', max: 20 });
  });

  it('counts the empty cells a far column drags in: one row reaching column 16,000 is refused', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Wide');
    sheet.addRow(['name', 'email']);
    sheet.getCell(2, 16_000).value = 'x';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    await expect(readImportFile(bytes, {}, { maxCells: 10_000 })).rejects.toMatchObject({ key: 'ERR_TOO_MANY_CELLS' });
  });
});
