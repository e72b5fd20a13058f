import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, userIdOf } from '../../test/admin-fixtures.ts';
import { spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
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
const person = (n: number, email = `persona${n}@example.es`) => [`ROW-${n}`, 'Aviso', `Persona ${n}`, email];

async function uploadRows(rows: string[][]) {
  const response = await uploadImport(
    admin,
    { companyId: String(notaria), typeId: String(notice), channel: 'email' },
    {
      data: { name: 'envios.csv', bytes: spanishCsv([HEADER, ...rows]) },
      documents: { name: 'notice.pdf', bytes: pdf, type: 'application/pdf' },
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function shippingsOf(importId: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['id', 'state'])
    .where('import_id', '=', String(importId))
    .orderBy('id')
    .execute();
}

/** The rows of an import already created: their cells, state and shipping. */
const createdRows = (importId: number) =>
  t.database.db
    .selectFrom('import_rows')
    .select(['line', 'cells', 'status', 'shipping_id'])
    .where('import_id', '=', String(importId))
    .where('status', '=', 'CREATED')
    .orderBy('line')
    .execute();

const importRow = (id: number) =>
  t.database.db
    .selectFrom('imports')
    .select(['state', 'valid', 'errors', 'created'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();

const retryRows = (client: TestClient, importId: number, rows: { line: number; cells: Record<string, string> }[]) =>
  client.post('shipping/import/retryRows', { importId, rows });

describe('retrying failed rows corrected on screen', () => {
  it('creates the corrected row, keeps another failing with its new error, and leaves a finished import finished', async () => {
    const detail = await uploadRows([person(1), person(2, 'mal'), person(3), person(4, 'tampoco')]);
    expect(detail).toMatchObject({ state: 'VALIDATED', valid: 2, errors: 2 });
    // The failed rows carry their cells under the file's headers; the others do not.
    const failed = detail.lines.filter((line: { state: string }) => line.state === 'ERROR');
    expect(failed.map((line: { line: number }) => line.line)).toEqual([3, 5]);
    expect(failed[0].cells).toEqual({
      Referencia: 'ROW-2',
      Asunto: 'Aviso',
      Nombre: 'Persona 2',
      'Correo electrónico': 'mal',
    });
    expect(detail.lines.find((line: { state: string }) => line.state !== 'ERROR').cells).toBeUndefined();
    const saved = (await admin.post('shipping/import/saveFromFile', { importId: detail.importId })).json();
    expect(saved).toMatchObject({ state: 'FINISHED', created: 2, errors: 2 });
    const before = await shippingsOf(detail.importId);
    const createdBefore = await createdRows(detail.importId);
    expect(createdBefore.map((row) => row.line)).toEqual([2, 4]);

    const retried = await retryRows(admin, detail.importId, [
      { line: 3, cells: { 'Correo electrónico': 'corregida@example.es' } },
      // E-mail fixed, the name emptied: the row still fails, now for its name.
      { line: 5, cells: { 'Correo electrónico': 'persona4@example.es', Nombre: '' } },
    ]);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ state: 'FINISHED', total: 4, valid: 3, created: 3, errors: 1 });

    const after = await shippingsOf(detail.importId);
    expect(after).toHaveLength(3);
    expect(after.slice(0, 2)).toEqual(before);
    expect((await createdRows(detail.importId)).filter((row) => row.line !== 3)).toEqual(createdBefore);
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select('email')
      .where('shipping_id', '=', after[2]!.id)
      .executeTakeFirstOrThrow();
    expect(receiver.email).toBe('corregida@example.es');
    const lines = (await admin.get(`shipping/import/importdetail?selected=${detail.importId}`)).json().lines;
    expect(lines[0]).toMatchObject({
      line: 5,
      state: 'ERROR',
      column: 'Nombre',
      errorKey: 'ERR_FIELD_REQUIRED',
      cells: { Nombre: '', 'Correo electrónico': 'persona4@example.es' },
    });
    expect(lines.find((line: { line: number }) => line.line === 3)).toMatchObject({ state: 'CREATED' });

    const audit = await t.database.db
      .selectFrom('audit_records')
      .select(['entity', 'entity_id', 'action', 'actor_name', 'changes'])
      .where('entity', '=', 'imports')
      .where('entity_id', '=', String(detail.importId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'retry', actor_name: 'company.admin' });
    expect(audit[0]!.changes).toMatchObject({
      via: { before: null, after: 'rows' },
      correctedLines: { before: null, after: [3, 5] },
      failedRows: { before: 2, after: 0 },
    });
  });

  it('checks a validated import again (never back past VALIDATED) and refuses what is not a failed row, changing nothing', async () => {
    const detail = await uploadRows([person(1), person(2, 'mal')]);
    const unchanged = { state: 'VALIDATED', valid: 1, errors: 1, created: 0 };

    const notFailed = await retryRows(admin, detail.importId, [{ line: 2, cells: { Nombre: 'Otra' } }]);
    expect(notFailed.statusCode).toBe(400);
    expect(notFailed.json()).toMatchObject({ fields: { data: 'ERR_IMPORT_LINE_NOT_FAILED' }, params: { line: 2 } });
    const unknownColumn = await retryRows(admin, detail.importId, [{ line: 3, cells: { Teléfono: '600000000' } }]);
    expect(unknownColumn.json().fields).toEqual({ 'rows.0.cells': 'ERR_FIELD_INVALID' });
    const tooLong = await retryRows(admin, detail.importId, [{ line: 3, cells: { Nombre: 'x'.repeat(2001) } }]);
    expect(tooLong.statusCode).toBe(400);
    expect(Object.values(tooLong.json().fields)).toEqual(['ERR_FIELD_TOO_LONG']);
    const tooMany = await retryRows(
      admin,
      detail.importId,
      Array.from({ length: 1001 }, (_, index) => ({ line: index + 3, cells: {} })),
    );
    expect(tooMany.statusCode).toBe(400);
    const twice = await retryRows(admin, detail.importId, [
      { line: 3, cells: {} },
      { line: 3, cells: {} },
    ]);
    expect(twice.json().fields).toEqual({ 'rows.1.line': 'ERR_FIELD_INVALID' });
    expect(await importRow(detail.importId)).toMatchObject(unchanged);
    const cells = (await admin.get(`shipping/import/importdetail?selected=${detail.importId}`)).json().lines[0].cells;
    expect(cells['Correo electrónico']).toBe('mal');

    const retried = await retryRows(admin, detail.importId, [
      { line: 3, cells: { 'Correo electrónico': 'bien@example.es' } },
    ]);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ state: 'VALIDATED', valid: 2, errors: 0, created: 0 });
    expect(await shippingsOf(detail.importId)).toHaveLength(0);
  });

  it("refuses another domain's import (404) and a caller without the import permission (403)", async () => {
    const detail = await uploadRows([person(1, 'mal')]);
    const acme = await t.database.db
      .insertInto('imports')
      .values({
        domain_id: (
          await t.database.db
            .selectFrom('companies')
            .select('domain_id')
            .where('tax_id', '=', 'B87654323')
            .executeTakeFirstOrThrow()
        ).domain_id,
        company_id: await companyIdOf(t.database.db, 'B87654323'),
        user_id: await userIdOf(t.database.db, 'acme.admin'),
        type: 'FILE',
        state: 'VALIDATED',
        description: 'acme',
        file_name: 'acme.csv',
        file_sha256: null,
        settings: JSON.stringify({ typeId: 1, channel: 'email', mapping: {}, columns: [], documents: [] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const correction = [{ line: 2, cells: { 'Correo electrónico': 'ok@example.es' } }];
    expect((await retryRows(admin, Number(acme.id), correction)).statusCode).toBe(404);
    const acmeAdmin = await signedInClient(t.app, 'acme.admin');
    expect((await retryRows(acmeAdmin, detail.importId, correction)).statusCode).toBe(403);
    const user = await signedInClient(t.app, 'company.user');
    expect((await retryRows(user, detail.importId, correction)).statusCode).toBe(403);
    expect(await importRow(detail.importId)).toMatchObject({ state: 'VALIDATED', errors: 1 });
    expect(await importRow(Number(acme.id))).toMatchObject({ state: 'VALIDATED' });
  });
});
