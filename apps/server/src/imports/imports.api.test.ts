import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
import { createShippingTestApp, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { createShippingSmsComposer } from '../delivery/new-shipping-sms.ts';
import { demoPdf } from '../demo/demo-pdf.ts';
import { readWhole } from '../platform/blob-store.ts';
import { createShippingCreation } from '../shippings/shipping-create.service.ts';
import { createImportRun } from './import-run.service.ts';

let t: TTestApp;
let admin: TestClient;
let notaria: number;
let notice: number;
let renewal: number;
let pdf: Buffer;

beforeAll(async () => {
  t = await createShippingTestApp();
  admin = await signedInClient(t.app, 'company.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  notice = await typeIdOf(t.database.db, 'Notarial notification');
  renewal = await typeIdOf(t.database.db, 'Policy renewal notice');
  pdf = Buffer.from(await demoPdf('Shared notice'));
});
afterAll(() => t.close());

const HEADER = ['Referencia', 'Asunto', 'Nombre', 'Correo electrónico', 'Móvil'];
const person = (n: number, email = `persona${n}@example.es`) => [`REF-${n}`, 'Aviso', `Persona ${n}`, email, ''];

function upload(
  client: TestClient,
  file: { name: string; bytes: Buffer | string },
  fields: Record<string, string> = {},
) {
  return uploadImport(
    client,
    { companyId: String(notaria), typeId: String(notice), channel: 'email', description: 'test', ...fields },
    { data: file, documents: { name: 'notice.pdf', bytes: pdf, type: 'application/pdf' } },
  );
}

async function shippingsOf(importId: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['id', 'state', 'needs_review as needsReview', 'body', 'template_body', 'custom_fields as customFields'])
    .where('import_id', '=', String(importId))
    .orderBy('id')
    .execute();
}

const countImports = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM imports`.execute(t.database.db)).rows[0]!.n);

describe('shipping/import/import and saveFromFile', () => {
  it('reads a Spanish spreadsheet CSV (BOM, ;, quoted line break), dry-runs it, then saves and releases the valid rows', async () => {
    const rows = [
      HEADER,
      person(1),
      person(2),
      ['REF-3', 'Aviso\nen dos líneas', 'Persona 3', 'p3@example.es', ''],
      person(4, 'no-es-correo'),
    ];
    const response = await upload(admin, { name: 'envios.csv', bytes: spanishCsv(rows) });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ state: 'VALIDATED', total: 4, valid: 3, errors: 1, created: 0 });
    expect(detail.lines[0]).toMatchObject({
      line: 6,
      state: 'ERROR',
      column: 'Correo electrónico',
      errorKey: 'ERR_EMAIL_INVALID',
    });
    expect(detail.mapping).toMatchObject({ Nombre: 'name', 'Correo electrónico': 'email', Asunto: 'subject' });
    expect(await shippingsOf(detail.importId)).toEqual([]);

    const saved = await admin.post('shipping/import/saveFromFile', { importId: detail.importId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ state: 'FINISHED', created: 3, errors: 1 });
    const shippings = await shippingsOf(detail.importId);
    expect(shippings.map((s) => s.state)).toEqual(['pending_to_send', 'pending_to_send', 'pending_to_send']);
    const documents = await t.database.db
      .selectFrom('shipping_documents')
      .select('shipping_id')
      .where(
        'shipping_id',
        'in',
        shippings.map((s) => s.id),
      )
      .execute();
    expect(documents).toHaveLength(3);
    const subject = await t.database.db
      .selectFrom('shippings')
      .select('subject')
      .where('id', '=', shippings[2]!.id)
      .executeTakeFirstOrThrow();
    expect(subject.subject).toBe('Aviso\nen dos líneas');
    // Saving twice creates nothing more.
    expect((await admin.post('shipping/import/saveFromFile', { importId: detail.importId })).statusCode).toBe(409);
    expect(await shippingsOf(detail.importId)).toHaveLength(3);
    const refreshed = (await admin.get(`shipping/import/refreshTable?selected=${detail.importId}`)).json();
    expect(refreshed.lines.filter((line: { requestId: number | null }) => line.requestId !== null)).toHaveLength(3);
  });

  it('reads Windows-1252 and tab-separated files with English or Portuguese headers', async () => {
    const latin = Buffer.from('Nombre;Correo;Asunto\r\nJosé Núñez;jose@example.es;Notificación\r\n', 'latin1');
    const first = await upload(admin, { name: 'latin.csv', bytes: latin });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ valid: 1, errors: 0 });
    expect(first.json().lines[0].receiver).toBe('José Núñez');
    const tabbed = 'Nome\tEmail\tAssunto\nAna Sousa\tana@example.pt\tAviso\n';
    expect((await upload(admin, { name: 'pt.txt', bytes: tabbed })).json()).toMatchObject({ valid: 1, errors: 0 });
  });

  it('refuses a file that lies about its type, an empty file and a header-only file, storing nothing', async () => {
    const before = await countImports();
    const cases: [Buffer | string, string][] = [
      [pdf, 'ERR_FILE_TYPE'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), 'ERR_FILE_TYPE'],
      ['', 'ERR_FILE_EMPTY'],
      [spanishCsv([HEADER]), 'ERR_FILE_EMPTY'],
    ];
    for (const [bytes, key] of cases) {
      const response = await upload(admin, { name: 'envios.csv', bytes });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ data: key });
    }
    const longName = await upload(admin, { name: `${'x'.repeat(201)}.csv`, bytes: spanishCsv([HEADER, person(1)]) });
    expect(longName.json().fields).toEqual({ data: 'ERR_FILE_NAME_TOO_LONG' });
    expect(await countImports()).toBe(before);
  });

  it('maps columns by hand and reads an .xlsx file', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Hoja1');
    sheet.addRow(['Destinatario final', 'Dirección de correo', 'Asunto']);
    sheet.addRow(['Marta Gil', 'marta@example.es', 'Aviso']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(
      admin,
      { name: 'envios.xlsx', bytes },
      {
        mapping: JSON.stringify({ 'Destinatario final': 'name', 'Dirección de correo': 'email' }),
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ valid: 1, errors: 0 });
  });
});

describe('errors, retry and review', () => {
  it('downloads the failed rows with formula cells as text, and re-checks only failed rows on retry', async () => {
    await t.database.db.updateTable('shipping_types').set({ active: false }).where('id', '=', String(notice)).execute();
    const rows = [HEADER, person(1), ['REF-2', 'Aviso', '=HYPERLINK("http://evil")', 'mal', ''], person(3)];
    const detail = (await upload(admin, { name: 'envios.csv', bytes: spanishCsv(rows) })).json();
    expect(detail).toMatchObject({ valid: 0, errors: 3 });
    expect(detail.lines[0]).toMatchObject({ errorKey: 'ERR_FIELD_INVALID', field: 'typeId' });

    const errors = await admin.call('PUT', `shipping/import/downloadImportErrors?selected=${detail.importId}`);
    expect(errors.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(errors.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // Headers in the reader's language (Spanish here); the typed cell is text as written, not a formula.
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER, 'Línea', 'Columna', 'Error']);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(3).getCell(3).text).toBe('=HYPERLINK("http://evil")');
    expect(sheet.getRow(3).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).getCell(3).formula).toBeUndefined();

    await t.database.db.updateTable('shipping_types').set({ active: true }).where('id', '=', String(notice)).execute();
    const retried = await admin.put(`shipping/import/retryErrors?selected=${detail.importId}`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ state: 'VALIDATED', valid: 2, errors: 1 });
    const after = (await admin.get(`shipping/import/importdetail?selected=${detail.importId}`)).json();
    expect(after.lines[0]).toMatchObject({ line: 3, column: 'Correo electrónico', errorKey: 'ERR_EMAIL_INVALID' });

    // The errors file goes back in as a new import too, once fixed (its line, column and error columns are ignored).
    const remaining = await admin.call('PUT', `shipping/import/downloadImportErrors?selected=${detail.importId}`);
    const errorsBook = new ExcelJS.Workbook();
    await errorsBook.xlsx.load(remaining.rawPayload as unknown as ArrayBuffer);
    expect(errorsBook.worksheets[0]!.rowCount).toBe(2);
    errorsBook.worksheets[0]!.getRow(2).getCell(4).value = 'arreglado@example.es';
    const fixed = Buffer.from(await errorsBook.xlsx.writeBuffer());
    const again = (await upload(admin, { name: 'errores.xlsx', bytes: fixed })).json();
    expect(again).toMatchObject({ valid: 1, errors: 0 });
    expect(again.lines[0].receiver).toBe('=HYPERLINK("http://evil")');
  });

  it('sends a row whose receiver repeats an earlier one to review', async () => {
    const rows = [HEADER, person(1, 'same@example.es'), person(2, 'same@example.es')];
    const detail = (await upload(admin, { name: 'dup.csv', bytes: spanishCsv(rows) })).json();
    await admin.post('shipping/import/saveFromFile', { importId: detail.importId });
    expect((await shippingsOf(detail.importId)).map((s) => s.state)).toEqual(['pending_to_send', 'to_review']);
  });
});

describe('shipping/import/importWithTemplate', () => {
  it('fills the template variables from each row', async () => {
    const template = await t.database.db
      .selectFrom('templates')
      .select('id')
      .where('name', '=', 'Renewal with documents')
      .executeTakeFirstOrThrow();
    const data = {
      typeId: renewal,
      templateId: Number(template.id),
      channel: 'email',
      rows: [
        { Nombre: 'Ana Ruiz', Correo: 'ana@example.es', reference: 'POL-77', deadline: '31/12/2026' },
        { Nombre: 'Sin correo', reference: 'POL-78', deadline: '01/01/2027' },
      ],
    };
    const response = await admin.post('shipping/import/importWithTemplate', {
      companyId: notaria,
      data: JSON.stringify(data),
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ type: 'TEMPLATE', valid: 1, errors: 1 });
    expect(detail.lines[0]).toMatchObject({ errorKey: 'ERR_FIELD_REQUIRED', field: 'receivers.0.email' });
    expect((await admin.post('shipping/import/saveFromFile', { importId: detail.importId })).statusCode).toBe(404);
    const saved = await admin.post('shipping/import/saveWithTemplate', { importId: detail.importId });
    expect(saved.json()).toMatchObject({ state: 'FINISHED', created: 1 });
    const [shipping] = await shippingsOf(detail.importId);
    // The template the row's shipping is sent with, its values filled; the message is the row's own (none here).
    expect(shipping!.template_body).toContain('POL-77');
    expect(shipping!.template_body).toContain('2026-12-31');
    expect(shipping!.body).toBeNull();
  });
});

describe('background imports over the online limit', () => {
  it('validates and saves 1,200 rows in jobs, resumable and without duplicates', async () => {
    const rows = [HEADER, ...Array.from({ length: 1200 }, (_, index) => person(index + 1))];
    const detail = (await upload(admin, { name: 'big.csv', bytes: spanishCsv(rows) })).json();
    expect(detail).toMatchObject({ state: 'CREATED', total: 1200 });
    const creation = createShippingCreation({
      db: t.database.db,
      blobs: t.ctx.blobs,
      preferences: t.ctx.preferences,
      jobs: t.ctx.jobs,
      composeSms: createShippingSmsComposer(t.ctx),
    });
    const run = createImportRun({
      db: t.database.db,
      blobs: t.ctx.blobs,
      jobs: t.ctx.jobs,
      creation,
      batchRows: t.ctx.config.IMPORT_BATCH_ROWS,
    });
    await run.advance(String(detail.importId));
    expect((await admin.get(`shipping/import/refreshTable?selected=${detail.importId}`)).json()).toMatchObject({
      state: 'VALIDATED',
      valid: 1200,
    });
    const saved = (await admin.post('shipping/import/saveFromFile', { importId: detail.importId })).json();
    expect(saved.state).toBe('IN_COURSE');
    // Two workers at once (a resumed copy and a live one): every row still becomes one shipping.
    await Promise.all([run.advance(String(detail.importId)), run.advance(String(detail.importId))]);
    const done = (await admin.get(`shipping/import/refreshTable?selected=${detail.importId}`)).json();
    expect(done).toMatchObject({ state: 'FINISHED', created: 1200 });
    const shippings = await shippingsOf(detail.importId);
    expect(shippings).toHaveLength(1200);
    expect(shippings.every((s) => s.state === 'pending_to_send')).toBe(true);
  }, 120_000);
});

describe('lists, files and tenancy', () => {
  it('lists imports, their users, the report and the original and sample files', async () => {
    const list = (await admin.get('shipping/import/importslist?first=0&pageSize=5&type=FILE')).json();
    expect(list.total).toBeGreaterThan(3);
    expect(list.rows[0]).toMatchObject({ type: 'FILE', userid: 'company.admin', companyId: notaria });
    const reduced = (await admin.get('shipping/import/importsListReduced?type=TEMPLATE')).json();
    expect(reduced).toHaveLength(1);
    const users = (await admin.get('shipping/import/userwithimportforcombo')).json();
    expect(users.map((user: { text: string }) => user.text)).toEqual(['company.admin']);
    const id = list.rows.find((row: { fileName: string }) => row.fileName === 'envios.csv').importId;
    const original = await admin.get(`shipping/import/downloadFile?selected=${id}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toContain('.csv');
    const sample = await admin.get(`shipping/import/downloadFile?typeId=${notice}`);
    expect(sample.body.split('\r\n')[0]).toMatch(/Nombre;.*Correo/);
    const report = await admin.get(`shipping/import/importsreport?selected=${id}`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
  });

  it('keeps imports within their company and domain and needs shpImport and edit mode', async () => {
    const id = (await admin.get('shipping/import/importslist?first=0&pageSize=1')).json().rows[0].importId;
    const user = await signedInClient(t.app, 'company.user');
    expect((await user.get('shipping/import/importslist')).statusCode).toBe(403);
    expect((await upload(user, { name: 'a.csv', bytes: spanishCsv([HEADER, person(1)]) })).statusCode).toBe(403);
    const acme = await signedInClient(t.app, 'acme.admin');
    expect((await acme.get(`shipping/import/importdetail?selected=${id}`)).statusCode).toBe(403);
    const superAdmin = await signedInClient(t.app, 'super.admin');
    expect((await superAdmin.get(`shipping/import/importdetail?selected=${id}`)).statusCode).toBe(200);
    const acmeCompany = await companyIdOf(t.database.db, 'B87654323');
    const other = await upload(
      admin,
      { name: 'a.csv', bytes: spanishCsv([HEADER, person(1)]) },
      { companyId: String(acmeCompany) },
    );
    expect(other.json().fields).toEqual({ companyId: 'ERR_FIELD_INVALID' });
  });
});

describe('a ZIP whose rows name their own files', () => {
  it('gives each row the files it names and refuses a row naming a missing one', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(pdf, 'carta-1.pdf');
    zip.addBuffer(Buffer.from(await demoPdf('Second letter')), 'docs/carta-2.pdf');
    zip.end();
    const bytes = await readWhole(zip.outputStream as Readable);
    const rows = [
      [...HEADER, 'Ficheros'],
      [...person(1), 'carta-1.pdf'],
      [...person(2), 'CARTA-2.pdf'],
      [...person(3), 'no-existe.pdf'],
    ];
    const response = await uploadImport(
      admin,
      { companyId: String(notaria), typeId: String(notice), channel: 'email' },
      { data: { name: 'zip.csv', bytes: spanishCsv(rows) }, documents: { name: 'cartas.zip', bytes } },
    );
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ valid: 2, errors: 1 });
    expect(detail.lines[0]).toMatchObject({ line: 4, column: 'Ficheros', errorKey: 'ERR_FIELD_INVALID' });
    await admin.post('shipping/import/saveFromFile', { importId: detail.importId });
    const shippings = await shippingsOf(detail.importId);
    const names = await t.database.db
      .selectFrom('shipping_documents')
      .select(['shipping_id', 'name'])
      .where(
        'shipping_id',
        'in',
        shippings.map((s) => s.id),
      )
      .orderBy('shipping_id')
      .execute();
    expect(names.map((row) => row.name)).toEqual(['carta-1.pdf', 'carta-2.pdf']);
  });
});
