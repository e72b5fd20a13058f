// Signed certificate PDFs per second through the real worker path: shippings are moved into
// `pending_cert` (which queues their certificate jobs), then a server copy that works jobs starts and
// pg-boss hands the jobs to the certificate worker, which builds, signs (PAdES) and stores each PDF
// and closes its shipping. Each certificate is PAdES B-LTA: a signature time-stamp and a document time-stamp from a
// TSA on loopback (bench/lib/loopback-tsa.ts, reached over HTTP), the seal's and the TSA's chains and CRLs in the DSS.
// Budget: at least 20 certificates per second.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-password.ts';
import { pdfDataUrl } from '../apps/server/src/demo/demo-pdf.ts';
import { seedDemo } from '../apps/server/src/demo/seed-demo.ts';
import { createSealLoader } from '../apps/server/src/evidence/seal.ts';
import { openDatabase } from '../apps/server/src/open-database.ts';
import { DELIVERY_JOBS } from '../apps/server/src/platform/job-catalogue.ts';
import { seedPreferences } from '../apps/server/src/preferences/default-preferences.ts';
import { lockShipping } from '../apps/server/src/shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../apps/server/src/shippings/shipping-transitions.ts';
import { loadAverage, portInUse, round } from './lib/bench-helpers.ts';
import { fileStamp, machineInfo, RESULTS_DIR, writeResult } from './lib/bench-result.ts';
import { startLoopbackTsa } from './lib/loopback-tsa.ts';

const HOST = '127.0.0.1';
const DATA_DIR = '.test-data/bench-certificates';
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54394);
const SHIPPINGS = Number(process.env.BENCH_CERTIFICATES ?? 400);
const BUDGET_PER_SECOND = 20;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 120_000);
const TYPE = 'Notarial notification';

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

/** Signs in as company.user through the API (the console's XSRF double submit); answers the headers. */
async function signIn(app: FastifyInstance): Promise<Record<string, string>> {
  const xsrf = 'bench-xsrf-token';
  const headers: Record<string, string> = { cookie: `${COOKIES.xsrf}=${xsrf}`, [HEADERS.xsrf]: xsrf };
  const login = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}security/login`,
    headers,
    payload: { login: 'company.user', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode}`);
  headers[HEADERS.authToken] = String(login.headers[HEADERS.authToken]);
  return headers;
}

async function main(): Promise<void> {
  if (await portInUse(HOST, PG_PORT)) throw new Error(`port ${PG_PORT} is taken: stop what uses ${DATA_DIR} first`);
  const env = {
    NODE_ENV: 'production',
    HOST,
    PORT: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR,
    EMBEDDED_PG_PORT: String(PG_PORT),
    // On a machine busy with other work the pool's first connections can take over the default 5 s.
    DATABASE_CONNECT_TIMEOUT_MS: '30000',
  };
  // Errors only (a failing worker shows here); the start-up warnings about demo keys are expected.
  const logger = pino({ level: 'error' }, pino.destination(2));
  const quiet = loadConfig({ ...env, JOBS_ENABLED: 'false' });
  // Every run starts empty: jobs left over from an earlier run would be worked inside the measurement.
  rmSync(quiet.dataDir, { recursive: true, force: true });
  const { database, stop } = await openDatabase(quiet, logger);
  cleanups.push(stop);
  await seedPreferences(database.db, quiet.FRONTEND_SESSION_TIME_MINUTES);
  await seedDemo(database.db);
  const { db } = database;

  // 1. Shippings waiting for their certificate, with their jobs queued (nothing works them yet).
  const setup = await buildApp({ config: quiet, database, logger });
  const headers = await signIn(setup.app);
  const type = await db
    .selectFrom('shipping_types')
    .select(['id', 'company_id'])
    .where('name', '=', TYPE)
    .executeTakeFirstOrThrow();
  const companyId =
    type.company_id ??
    (await db.selectFrom('companies').select('id').where('tax_id', '=', 'B12345674').executeTakeFirstOrThrow()).id;
  const ids: string[] = [];
  for (let index = 0; index < SHIPPINGS; index++) {
    const response = await setup.app.inject({
      method: 'POST',
      url: `${API_PREFIX}shippings/sendrequest`,
      headers,
      payload: {
        companyId: Number(companyId),
        typeId: Number(type.id),
        channel: 'email',
        subject: `Certificate bench ${index}`,
        receivers: [
          { name: 'Lucía Fernández', email: 'lucia@example.es', documentType: 'DNI', documentNumber: '12345678Z' },
        ],
        documents: [{ name: 'deed.pdf', content: pdfDataUrl(`Certificate bench ${Date.now()} ${index}`) }],
      },
    });
    if (response.statusCode !== 200) throw new Error(`sendrequest: ${response.statusCode} ${response.body}`);
    const id = String(response.json().requestId);
    await db.transaction().execute(async (trx) => {
      const shipping = (await lockShipping(trx, null, id))!;
      await applyTransition(trx, setup.ctx.jobs, shipping, 'dispatch', null);
      await applyTransition(trx, setup.ctx.jobs, shipping, 'accept', null);
    });
    ids.push(id);
  }
  await setup.app.close();
  // The demo seal is made once, before the clock starts (a real deployment has SEAL_P12_PATH).
  const tsa = await startLoopbackTsa();
  cleanups.push(tsa.close);
  const working = loadConfig({ ...env, JOBS_ENABLED: 'true', TSA_URL: tsa.url });
  await createSealLoader(working, { warn: () => {} })();

  // 2. A working copy starts; the clock runs until every shipping is closed.
  const load = loadAverage();
  const started = performance.now();
  const server = await buildApp({ config: working, database, logger });
  cleanups.push(() => server.app.close());
  let closed = 0;
  while (closed < ids.length && performance.now() - started < TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const row = await db
      .selectFrom('shippings')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('id', 'in', ids)
      .where('state', '=', 'closed')
      .executeTakeFirstOrThrow();
    closed = Number(row.count);
  }
  const seconds = (performance.now() - started) / 1000;
  if (closed < ids.length) {
    const { rows } = await sql<{ name: string; state: string; count: string; output: unknown }>`
      SELECT name, state, count(*)::text AS count, max(output::text) AS output FROM pgboss.job
      WHERE name = ${DELIVERY_JOBS.certificate.name} GROUP BY 1, 2`.execute(db);
    process.stderr.write(`certificate jobs: ${JSON.stringify(rows)}\n`);
  }
  await server.app.close();
  cleanups.pop();

  const span = await db
    .selectFrom('shipping_events')
    .select((eb) => [eb.fn.min('at').as('first'), eb.fn.max('at').as('last')])
    .where('shipping_id', 'in', ids)
    .where('action', '=', 'certify')
    .executeTakeFirstOrThrow();
  const steadySeconds = (new Date(span.last as Date).getTime() - new Date(span.first as Date).getTime()) / 1000;
  const perSecond = round(closed / seconds);
  const steadyPerSecond = steadySeconds > 0 ? round((closed - 1) / steadySeconds) : 0;

  // 3. A sample of the certificates must carry a valid signature.
  let sampleValid: boolean | null = null;
  if (existsSync('/usr/bin/pdfsig')) {
    // The first, middle and last of the certificates built (all of them when the run completes).
    const built = await db
      .selectFrom('shipping_documents')
      .select('sha256')
      .where('shipping_id', 'in', ids)
      .where('kind', '=', 'certificate')
      .orderBy('shipping_id')
      .execute();
    const sample = [...new Set([built[0], built[Math.floor(built.length / 2)], built.at(-1)])].filter(
      (row) => row !== undefined,
    );
    sampleValid =
      sample.length > 0 &&
      sample.every(({ sha256 }) => {
        const file = path.join(working.dataDir, 'files', sha256.slice(0, 2), sha256.slice(2, 4), sha256);
        try {
          // The seal's signature valid, then the document time-stamp over the whole file (B-LTA).
          const [seal, timestamp] = execFileSync('pdfsig', [file], { encoding: 'utf8' })
            .split(/^Signature #\d+:$/m)
            .slice(1);
          return Boolean(seal?.includes('Signature is Valid.') && timestamp?.includes('Total document signed'));
        } catch {
          return false;
        }
      });
  }
  await cleanUp();

  const tsaAnswers = tsa.answered();
  const ok = closed === ids.length && perSecond >= BUDGET_PER_SECOND && sampleValid !== false;
  const summary = [
    `${closed} of ${ids.length} certificates built, PAdES-signed, stored and certified by the pg-boss worker in ${round(seconds)} s ` +
      `(from the working copy's start): **${perSecond} PDFs/s** (budget ≥ ${BUDGET_PER_SECOND}/s); ` +
      `${steadyPerSecond}/s between the first and the last certification.`,
    `PAdES B-LTA: ${tsaAnswers} time-stamps from the loopback TSA over HTTP (signature and document time-stamp of each).`,
    `Seal signature and document time-stamp of a sample checked with pdfsig: ${sampleValid === null ? 'pdfsig not installed' : sampleValid ? 'valid' : '**INVALID**'}.`,
  ];
  process.stdout.write(`${summary.join('\n')}\n${ok ? 'Budget kept.' : 'FAILED.'}\n`);
  const figures = {
    ok,
    summary,
    shippings: ids.length,
    closed,
    seconds: round(seconds, 2),
    pdfsPerSecond: perSecond,
    steadyPdfsPerSecond: steadyPerSecond,
    budgetPdfsPerSecond: BUDGET_PER_SECOND,
    sampleSignaturesValid: sampleValid,
    level: 'PAdES B-LTA, loopback TSA over HTTP',
    tsaAnswers,
    loadAverage1mAtStart: load,
  };
  writeResult('certificates', figures);
  if (process.env.BENCH_RESULT_FILE) {
    // The run's summary holds the figures too; this file keeps them with the machine, on their own.
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${fileStamp()}-certificates.json`);
    const content = { name: 'certificates', date: new Date().toISOString(), machine: machineInfo(), ...figures };
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
  }
  process.exitCode = ok ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
try {
  await main();
} catch (error) {
  process.stderr.write(`certificates: ${(error as Error).stack ?? error}\n`);
  process.exitCode = 2;
} finally {
  await cleanUp();
}
