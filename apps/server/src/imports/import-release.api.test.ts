// The saved shippings of an import leave pending_import together: the release is one transaction, so a failure
// in its last batch releases none of them (and the next attempt releases them all, each once); a copy waits for
// another copy's release and then releases what is left, and an import is finished only once no batch of it is
// still being created.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
import { createShippingTestApp, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { createShippingSmsComposer } from '../delivery/new-shipping-sms.ts';
import { demoPdf } from '../demo/demo-pdf.ts';
import { createShippingCreation } from '../shippings/shipping-create.service.ts';
import { createImportRun, type TImportRun } from './import-run.service.ts';

const ROWS = 1001;

let t: TTestApp;
let admin: TestClient;
let run: TImportRun;
let importId = '';

/** An import of ROWS rows, uploaded and checked by its dry run, ready to be saved. */
async function validatedImport(): Promise<string> {
  const rows = [
    ['Referencia', 'Asunto', 'Nombre', 'Correo electrónico'],
    ...Array.from({ length: ROWS }, (_, index) => [`R-${index}`, 'Aviso', `Persona ${index}`, `r${index}@example.es`]),
  ];
  const uploaded = await uploadImport(
    admin,
    {
      companyId: String(await companyIdOf(t.database.db, 'B12345674')),
      typeId: String(await typeIdOf(t.database.db, 'Notarial notification')),
      channel: 'email',
    },
    {
      data: { name: 'envios.csv', bytes: spanishCsv(rows) },
      documents: { name: 'aviso.pdf', bytes: Buffer.from(await demoPdf('Aviso')), type: 'application/pdf' },
    },
  );
  const id = String(uploaded.json().importId);
  // Over the online limit: the dry run and the saving are the background job's, run here by hand.
  await run.advance(id);
  const saved = await admin.post('shipping/import/saveFromFile', { importId: Number(id) });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createShippingTestApp();
  admin = await signedInClient(t.app, 'company.admin');
  const creation = createShippingCreation({
    db: t.database.db,
    blobs: t.ctx.blobs,
    preferences: t.ctx.preferences,
    jobs: t.ctx.jobs,
    composeSms: createShippingSmsComposer(t.ctx),
  });
  // Small batches: the release of 1,001 shippings takes three.
  run = createImportRun({ db: t.database.db, blobs: t.ctx.blobs, jobs: t.ctx.jobs, creation, batchRows: 400 });
  importId = await validatedImport();
}, 120_000);
afterAll(() => t.close());

const stateOf = async (id = importId) =>
  (await sql<{ state: string }>`SELECT state FROM imports WHERE id = ${id}`.execute(t.database.db)).rows[0]!.state;
const shippingsIn = async (state: string, id = importId) =>
  (
    await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM shippings WHERE import_id = ${id} AND state = ${state}`.execute(t.database.db)
  ).rows[0]!.n;

/** Until a session of this test's database waits on an advisory lock (the release's). */
async function waitForAdvisoryLockWait() {
  for (;;) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`.execute(
      t.database.db,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('releasing an import', () => {
  it('releases none of its shippings when its last batch fails', async () => {
    expect(await stateOf()).toBe('IN_COURSE');
    await sql`CREATE FUNCTION refuse_last_release() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.state = 'pending_import' AND NEW.state <> OLD.state AND OLD.reference = 'R-${sql.raw(String(ROWS - 1))}' THEN
          RAISE EXCEPTION 'refused in the test';
        END IF;
        RETURN NEW;
      END $$`.execute(t.owner.db);
    await sql`CREATE TRIGGER refuse_last_release BEFORE UPDATE ON shippings
      FOR EACH ROW EXECUTE FUNCTION refuse_last_release()`.execute(t.owner.db);
    try {
      await expect(run.save(importId)).rejects.toThrow(/refused in the test/);
    } finally {
      await sql`DROP TRIGGER refuse_last_release ON shippings`.execute(t.owner.db);
      await sql`DROP FUNCTION refuse_last_release()`.execute(t.owner.db);
    }
    // Every row was saved (the creation commits batch by batch), none released.
    expect(await shippingsIn('pending_import')).toBe(ROWS);
    expect(await stateOf()).toBe('IN_COURSE');
  }, 60_000);

  it('waits while another copy releases the import, then releases what is left', async () => {
    const other = await t.database.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query("SELECT pg_advisory_xact_lock(hashtext('imports.release'), ($1::bigint % 2147483647)::int)", [
        importId,
      ]);
      const saving = run.save(importId);
      await waitForAdvisoryLockWait();
      expect(await shippingsIn('pending_import')).toBe(ROWS);
      expect(await stateOf()).toBe('IN_COURSE');
      await other.query('ROLLBACK');
      await saving;
    } finally {
      other.release();
    }
    expect(await stateOf()).toBe('FINISHED');
    expect(await shippingsIn('pending_import')).toBe(0);
  }, 60_000);

  it('is not finished while another worker still creates a batch of it, which that worker then releases', async () => {
    const id = await validatedImport();
    const inFlight = await t.database.pool.connect();
    try {
      // Another worker's batch: rows it has taken and not yet committed as shippings.
      await inFlight.query('BEGIN');
      await inFlight.query(
        `SELECT id FROM import_rows WHERE import_id = $1 AND status = 'VALID' ORDER BY line DESC LIMIT 100 FOR UPDATE`,
        [id],
      );
      await run.save(id);
      expect(await stateOf(id)).toBe('IN_COURSE');
      expect(await shippingsIn('pending_to_send', id)).toBe(ROWS - 100);
      await inFlight.query('ROLLBACK');
    } finally {
      inFlight.release();
    }
    await run.save(id);
    expect(await stateOf(id)).toBe('FINISHED');
    expect(await shippingsIn('pending_to_send', id)).toBe(ROWS);
  }, 120_000);

  it('released every shipping of the import once', async () => {
    const { rows } = await sql<{ shippings: number; releases: number }>`
      SELECT count(DISTINCT s.id)::int AS shippings, count(e.id)::int AS releases
        FROM shippings s JOIN shipping_events e ON e.shipping_id = s.id AND e.action = 'importValidated'
       WHERE s.import_id = ${importId}`.execute(t.database.db);
    expect(rows[0]).toEqual({ shippings: ROWS, releases: ROWS });
  }, 60_000);
});
