import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
import { createShippingTestApp, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { createShippingSmsComposer } from '../delivery/new-shipping-sms.ts';
import { demoPdf } from '../demo/demo-pdf.ts';
import { createShippingCreation } from '../shippings/shipping-create.service.ts';
import { createImportRun } from './import-run.service.ts';

let t: TTestApp;
let admin: TestClient;
let notaria: number;
let notice: number;

beforeAll(async () => {
  t = await createShippingTestApp();
  admin = await signedInClient(t.app, 'company.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  notice = await typeIdOf(t.database.db, 'Notarial notification');
});
afterAll(() => t.close());

const HEADER = ['Referencia', 'Asunto', 'Nombre', 'Correo electrónico'];
const rowsOf = (count: number) => [
  HEADER,
  ...Array.from({ length: count }, (_, index) => [`E-${index}`, 'Aviso', `Persona ${index}`, `e${index}@example.es`]),
];

function upload(rows: string[][], document: Buffer) {
  return uploadImport(
    admin,
    { companyId: String(notaria), typeId: String(notice), channel: 'email' },
    {
      data: { name: 'envios.csv', bytes: spanishCsv(rows) },
      documents: { name: 'aviso.pdf', bytes: document, type: 'application/pdf' },
    },
  );
}

const shippingCount = async (importId: number) =>
  (await t.database.db.selectFrom('shippings').select('id').where('import_id', '=', String(importId)).execute()).length;

const blobPath = (bytes: Buffer) => {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return path.join(t.ctx.config.dataDir, 'files', sha256.slice(0, 2), sha256.slice(2, 4), sha256);
};

describe('an import whose shared document is lost or changed stops in ERROR', () => {
  it('stops when confirmed without its document, creates nothing, and goes on once the document is back', async () => {
    const document = Buffer.from(await demoPdf('Lost notice'));
    const detail = (await upload(rowsOf(3), document)).json();
    expect(detail).toMatchObject({ state: 'VALIDATED', valid: 3 });
    await t.ctx.blobs.remove(createHash('sha256').update(document).digest('hex'));

    const saved = await admin.post('shipping/import/saveFromFile', { importId: detail.importId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ state: 'ERROR', errorKey: 'ERR_IMPORT_DOCUMENT_MISSING', created: 0 });
    expect(await shippingCount(detail.importId)).toBe(0);
    const listed = (
      await admin.get(`shipping/import/importslist?first=0&pageSize=5&importId=${detail.importId}`)
    ).json();
    expect(listed.rows[0]).toMatchObject({ state: 'ERROR', errorKey: 'ERR_IMPORT_DOCUMENT_MISSING' });
    // Not confirmable while in ERROR.
    expect((await admin.post('shipping/import/saveFromFile', { importId: detail.importId })).statusCode).toBe(409);

    // The document is uploaded again: retrying checks the import again and it can be confirmed.
    await t.ctx.blobs.put(document);
    const retried = (await admin.put(`shipping/import/retryErrors?selected=${detail.importId}`)).json();
    expect(retried).toMatchObject({ state: 'VALIDATED', valid: 3, errorKey: null });
    const finished = (await admin.post('shipping/import/saveFromFile', { importId: detail.importId })).json();
    expect(finished).toMatchObject({ state: 'FINISHED', created: 3 });
    expect(await shippingCount(detail.importId)).toBe(3);
  });

  it('stops when the background job finds the document changed on disk', async () => {
    const document = Buffer.from(await demoPdf('Changed notice'));
    const detail = (await upload(rowsOf(1001), document)).json();
    // Over the online limit: the dry run is the background job's.
    expect(detail).toMatchObject({ state: 'CREATED', total: 1001 });
    await writeFile(blobPath(document), Buffer.from(await demoPdf('Other bytes')));

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
    const after = (await admin.get(`shipping/import/refreshTable?selected=${detail.importId}`)).json();
    expect(after).toMatchObject({ state: 'ERROR', errorKey: 'ERR_IMPORT_DOCUMENT_MISSING', valid: 0, errors: 0 });
    expect(after.lines.every((line: { state: string }) => line.state === 'PENDING')).toBe(true);
    // A stopped import is not taken up again by the job on its own.
    await run.advance(String(detail.importId));
    expect((await admin.get(`shipping/import/refreshTable?selected=${detail.importId}`)).json().state).toBe('ERROR');
    expect(await shippingCount(detail.importId)).toBe(0);
  }, 60_000);
});
