import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { retryImportWithFile, spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
import { odsSheet } from '../../test/ods-sheet.ts';
import { createShippingTestApp, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { demoPdf } from '../demo/demo-pdf.ts';

let t: TTestApp;
let admin: TestClient;
let notaria: number;
let notice: number;
let pdf: Buffer;

beforeAll(async () => {
  t = await createShippingTestApp();
  admin = await signedInClient(t.app, 'company.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  notice = await typeIdOf(t.database.db, 'Notarial notification');
  pdf = Buffer.from(await demoPdf('Retry notice'));
});
afterAll(() => t.close());

const HEADER = ['Referencia', 'Asunto', 'Nombre', 'Correo electrónico'];
const person = (n: number, email = `persona${n}@example.es`) => [`REF-${n}`, 'Aviso', `Persona ${n}`, email];

function upload(client: TestClient, file: { name: string; bytes: Buffer | string }) {
  return uploadImport(
    client,
    { companyId: String(notaria), typeId: String(notice), channel: 'email' },
    { data: file, documents: { name: 'notice.pdf', bytes: pdf, type: 'application/pdf' } },
  );
}

async function sheetOf(response: { rawPayload: Buffer }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const errorsSheet = async (client: TestClient, importId: number) =>
  sheetOf(await client.call('PUT', `shipping/import/downloadImportErrors?selected=${importId}`));

async function shippingsOf(importId: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['id', 'state'])
    .where('import_id', '=', String(importId))
    .orderBy('id')
    .execute();
}

/** Sets the user's console language and signs them in again (the sheets follow the reader's language). */
async function clientIn(language: string): Promise<TestClient> {
  await t.database.db.updateTable('users').set({ language }).where('username', '=', 'company.admin').execute();
  return signedInClient(t.app, 'company.admin');
}

describe('retrying failed rows with the corrected errors file', () => {
  it('corrects the failed rows of a finished import: it stays FINISHED and the rows already created are untouched', async () => {
    const rows = [HEADER, person(1), person(2, 'mal'), person(3), person(4, 'tampoco')];
    const detail = (await upload(admin, { name: 'envios.csv', bytes: spanishCsv(rows) })).json();
    expect(detail).toMatchObject({ state: 'VALIDATED', valid: 2, errors: 2 });
    const saved = (await admin.post('shipping/import/saveFromFile', { importId: detail.importId })).json();
    expect(saved).toMatchObject({ state: 'FINISHED', created: 2, errors: 2 });
    const before = await shippingsOf(detail.importId);

    // Retrying the same rows unchanged checks them again and leaves the import FINISHED (it went back to
    // "Verificada" before).
    const unchanged = await admin.put(`shipping/import/retryErrors?selected=${detail.importId}`);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ state: 'FINISHED', created: 2, errors: 2 });

    // The errors file, one row corrected in it, goes back in.
    const sheet = await errorsSheet(admin, detail.importId);
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER, 'Línea', 'Columna', 'Error']);
    expect(sheet.getRow(2).getCell(5).value).toBe(3);
    sheet.getRow(2).getCell(4).value = 'corregido@example.es';
    const fixed = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
    const retried = await retryImportWithFile(admin, detail.importId, { name: 'errores.xlsx', bytes: fixed });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ state: 'FINISHED', total: 4, valid: 3, created: 3, errors: 1 });

    const after = await shippingsOf(detail.importId);
    expect(after).toHaveLength(3);
    expect(after.slice(0, 2)).toEqual(before);
    expect(after[2]!.state).toBe('pending_to_send');
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select('email')
      .where('shipping_id', '=', after[2]!.id)
      .executeTakeFirstOrThrow();
    expect(receiver.email).toBe('corregido@example.es');
    const lines = (await admin.get(`shipping/import/importdetail?selected=${detail.importId}`)).json().lines;
    expect(lines[0]).toMatchObject({ line: 5, state: 'ERROR', errorKey: 'ERR_EMAIL_INVALID' });
  });

  it('checks a validated import again with the corrections, and refuses a line that did not fail, changing nothing', async () => {
    const rows = [HEADER, person(1), person(2, 'mal')];
    const detail = (await upload(admin, { name: 'envios.csv', bytes: spanishCsv(rows) })).json();
    const wrongLine = spanishCsv([
      [...HEADER, 'Línea'],
      [...person(1, 'otro@example.es'), '2'],
    ]);
    const refused = await retryImportWithFile(admin, detail.importId, { name: 'errores.csv', bytes: wrongLine });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { data: 'ERR_IMPORT_LINE_NOT_FAILED' }, params: { line: 2 } });
    const noLine = spanishCsv([HEADER, person(2, 'bien@example.es')]);
    const missing = await retryImportWithFile(admin, detail.importId, { name: 'errores.csv', bytes: noLine });
    expect(missing.json().fields).toEqual({ data: 'ERR_IMPORT_LINE_COLUMN_MISSING' });
    const unchanged = (await admin.get(`shipping/import/importdetail?selected=${detail.importId}`)).json();
    expect(unchanged).toMatchObject({ state: 'VALIDATED', valid: 1, errors: 1 });

    // An English errors file ("Line") corrects it.
    const corrected = spanishCsv([
      [...HEADER, 'Line', 'Column', 'Error'],
      [...person(2, 'bien@example.es'), '3', 'Correo electrónico', 'x'],
    ]);
    const retried = await retryImportWithFile(admin, detail.importId, { name: 'errors.csv', bytes: corrected });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ state: 'VALIDATED', valid: 2, errors: 0, created: 0 });
  });
});

describe('the errors file and the report in the reader language', () => {
  const WORDS = {
    'es-es': {
      headers: ['Línea', 'Columna', 'Error'],
      state: 'Creado',
      message: 'La dirección de e-mail no es válida',
    },
    'en-en': { headers: ['Line', 'Column', 'Error'], state: 'Created', message: 'The e-mail address is not valid' },
    'pt-pt': { headers: ['Linha', 'Coluna', 'Erro'], state: 'Criado', message: 'O endereço de e-mail não é válido' },
  } as const;

  it('writes translated headers, states and messages in es, en and pt, typed cells as text and not formulas', async () => {
    const rows = [HEADER, ['=cmd', '+aviso', '-Persona', 'mal'], person(2)];
    const detail = (await upload(admin, { name: 'envios.csv', bytes: spanishCsv(rows) })).json();
    await admin.post('shipping/import/saveFromFile', { importId: detail.importId });
    for (const [language, words] of Object.entries(WORDS)) {
      const client = await clientIn(language);
      const errors = await errorsSheet(client, detail.importId);
      expect(errors.getRow(1).values).toEqual([undefined, ...HEADER, ...words.headers]);
      const failed = errors.getRow(2);
      expect([1, 2, 3].map((column) => failed.getCell(column).text)).toEqual(['=cmd', '+aviso', '-Persona']);
      expect(failed.getCell(1).type).toBe(ExcelJS.ValueType.String);
      expect(failed.getCell(1).formula).toBeUndefined();
      expect(failed.getCell(6).text).toBe('Correo electrónico');
      expect(String(failed.getCell(7).text)).toContain(words.message);
      expect(String(failed.getCell(7).text)).not.toContain('ERR_');

      const report = await sheetOf(await client.get(`shipping/import/importsreport?selected=${detail.importId}`));
      expect(report.getRow(1).getCell(1).text).toBe(words.headers[0]);
      expect(report.getRow(3).getCell(HEADER.length + 2).text).toBe(words.state);
      expect(report.getRow(2).getCell(2).text).toBe('=cmd');
    }
    await clientIn('es-es');
  });
});

describe('files people already use', () => {
  it('imports a LibreOffice .ods as saved, and tells a legacy .xls and an unknown file apart', async () => {
    const bytes = await odsSheet([HEADER, person(1), person(2, 'mal')]);
    const response = await upload(admin, { name: 'envios.ods', bytes });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'VALIDATED', total: 2, valid: 1, errors: 1 });

    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
    const legacy = await upload(admin, { name: 'envios.xls', bytes: xls });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().fields).toEqual({ data: 'ERR_FILE_TYPE_XLS' });
    const unknown = await upload(admin, { name: 'envios.csv', bytes: pdf });
    expect(unknown.json()).toMatchObject({ fields: { data: 'ERR_FILE_TYPE' }, params: { types: expect.any(String) } });
    expect(unknown.json().params.types).toContain('.ods');
  });
});
