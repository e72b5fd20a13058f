// Bulk import (issue 17): a CSV of N rows (100,000 by default) with one shared document is uploaded to the
// real server in its own process; the dry run (upload, COPY staging, every row through the sendrequest rules)
// and the saving (shippings created in pending_import, then released) are timed from the outside, and the
// server's peak resident memory (VmHWM) is read at the end.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { loadAverage, mib, round, signIn } from './lib/bench-helpers.ts';
import { REPO_ROOT, writeResult } from './lib/bench-result.ts';
import { cleanUp, freePort, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';
import { openStatementReader, statementLines } from './lib/pg-statements.ts';

const DATA_DIR = '.test-data/bench-imports-db';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** Rows saved as shippings: the whole file unless told. */
const SAVE_ROWS = Number(process.env.BENCH_IMPORT_SAVE_ROWS ?? ROWS);
/** Fixed ports when told (engineers sharing a machine each get theirs), free ones otherwise. */
const PG_PORT = process.env.BENCH_PG_PORT ? Number(process.env.BENCH_PG_PORT) : undefined;
const BUDGET = { dryRunSeconds: 15, savedSeconds: 60, peakRssMiB: 400 } as const;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

const cleanups: TCleanups = [];

function csv(rows: number): Buffer {
  const lines = ['Referencia;Asunto;Nombre;Tipo documento;Documento;Correo electrónico;Móvil'];
  for (let index = 1; index <= rows; index++) {
    lines.push(`BENCH-${index};Notificación;Persona ${index};DNI;12345678Z;persona${index}@example.es;+34612345678`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return mib(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024);
}

async function main(): Promise<void> {
  const load = { start: loadAverage(), end: 0 };
  const { url, database } = await startBenchDatabase({
    dataDir: DATA_DIR,
    port: PG_PORT ?? (await freePort()),
    cleanups,
  });
  const { base, child } = await startBenchServer({
    databaseUrl: url,
    dataDir: DATA_DIR,
    env: { LOG_LEVEL: 'warn', JOBS_ENABLED: 'true' },
    cleanups,
  });
  const statements = await openStatementReader(url);
  cleanups.push(() => statements.close());
  const { headers } = await signIn(base, 'company.admin');
  const ids = (
    await database.pool.query<{ companyId: string; typeId: string }>(
      `SELECT c.id AS "companyId", t.id AS "typeId" FROM companies c
       JOIN shipping_types t ON t.domain_id = c.domain_id AND t.name = 'Notarial notification'
       WHERE c.tax_id = 'B12345674'`,
    )
  ).rows[0]!;
  const state = async (id: number) =>
    (await database.pool.query('SELECT state, valid, errors, created FROM imports WHERE id = $1', [id])).rows[0];

  async function upload(rows: number): Promise<{ id: number; seconds: number }> {
    const form = new FormData();
    form.append('companyId', ids.companyId);
    form.append('typeId', ids.typeId);
    form.append('channel', 'email');
    form.append('data', new Blob([new Uint8Array(csv(rows))], { type: 'text/csv' }), 'bench.csv');
    form.append('documents', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'shared.pdf');
    const started = performance.now();
    const response = await fetch(`${base}${API_PREFIX}shipping/import/import`, { method: 'POST', headers, body: form });
    if (response.status !== 200) throw new Error(`import answered ${response.status}: ${await response.text()}`);
    const id = ((await response.json()) as { importId: number }).importId;
    for (;;) {
      const current = await state(id);
      if (current.state === 'VALIDATED') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { id, seconds: (performance.now() - started) / 1000 };
  }

  /** Seconds until the import is FINISHED, and until its last shipping was created (the rest is the release). */
  async function save(id: number): Promise<{ seconds: number; createdSeconds: number }> {
    const started = performance.now();
    let createdSeconds = Number.NaN;
    const response = await fetch(`${base}${API_PREFIX}shipping/import/saveFromFile`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ importId: id }),
    });
    if (response.status !== 200) throw new Error(`saveFromFile answered ${response.status}: ${await response.text()}`);
    for (;;) {
      const current = await state(id);
      if (Number.isNaN(createdSeconds) && current.created === SAVE_ROWS) {
        createdSeconds = (performance.now() - started) / 1000;
      }
      if (current.state === 'FINISHED') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { seconds: (performance.now() - started) / 1000, createdSeconds };
  }

  const dryRun = await upload(ROWS);
  const validated = await state(dryRun.id);
  const saveImport = SAVE_ROWS === ROWS ? dryRun : await upload(SAVE_ROWS);
  await statements.reset();
  const { seconds: savedSeconds, createdSeconds } = await save(saveImport.id);
  // Where PostgreSQL spent the saving's time, per row saved.
  const saveStatements = await statements.top(SAVE_ROWS, 8, 'time');
  const saved = await state(saveImport.id);
  const peak = peakRssMiB(child.pid!);
  load.end = loadAverage();
  const savedPer100k = round((savedSeconds / SAVE_ROWS) * 100_000);
  const ok =
    validated.valid === ROWS &&
    saved.created === SAVE_ROWS &&
    dryRun.seconds <= BUDGET.dryRunSeconds &&
    savedPer100k <= BUDGET.savedSeconds &&
    peak <= BUDGET.peakRssMiB;
  const summary = [
    `- dry run of ${ROWS} rows (upload, COPY staging, every row checked): **${round(dryRun.seconds, 2)} s** (budget ≤ ${BUDGET.dryRunSeconds} s), ${validated.valid} valid`,
    `- saved ${SAVE_ROWS} rows as shippings and released them: **${round(savedSeconds, 2)} s**, i.e. ${savedPer100k} s per 100,000 (budget ≤ ${BUDGET.savedSeconds} s); all created after ${round(createdSeconds, 2)} s, the rest the release`,
    `- server peak RSS **${peak} MiB** (budget ≤ ${BUDGET.peakRssMiB} MiB); load average ${load.start} → ${load.end}`,
  ];
  process.stdout.write(
    `${[...summary, ...statementLines('The saving, by time in PostgreSQL (per row saved):', saveStatements)].join('\n')}\n`,
  );
  const file = writeResult('imports', {
    ok,
    summary,
    rows: ROWS,
    saveRows: SAVE_ROWS,
    dryRunSeconds: round(dryRun.seconds, 2),
    savedSeconds: round(savedSeconds, 2),
    savedSecondsPer100k: savedPer100k,
    createdSeconds: round(createdSeconds, 2),
    saveStatements,
    peakRssMiB: peak,
    budget: BUDGET,
    loadAverage1m: load,
  });
  process.stdout.write(`Written: ${path.relative(REPO_ROOT, file)}\n`);
  if (!ok) process.exitCode = 1;
}

main()
  .catch((error) => {
    process.stderr.write(`imports bench failed: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp(cleanups));
