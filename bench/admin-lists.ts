import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemo } from '../apps/server/src/demo/seed-demo.ts';
import { openDatabase } from '../apps/server/src/open-database.ts';
import { seedPreferences } from '../apps/server/src/preferences/default-preferences.ts';
import { bulkLoad, type TBulkSizes } from './lib/admin-bulk-load.ts';
import {
  BUDGET,
  markdownRows,
  measureExports,
  measureScenario,
  SAMPLING,
  type TScenarioFigures,
  table,
} from './lib/admin-lists-measure.ts';
import { DOMAIN_ADMIN, SCENARIOS, SUPER_ADMIN } from './lib/admin-lists-scenarios.ts';
import { loadAverage, mib, portInUse, round, signIn } from './lib/bench-helpers.ts';
import { REPO_ROOT, writeResult } from './lib/bench-result.ts';

const HOST = '127.0.0.1';
const DATA_DIR = '.test-data/bench-admin-db';
const PG_PORT = 54397;
const SIZES: TBulkSizes = {
  users: 100_000,
  deletedUsers: 1_000,
  companies: 10_000,
  groups: 300,
  certificates: 200,
  domains: 30,
};

const cleanups: (() => Promise<unknown>)[] = [];

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

async function startApp() {
  if (await portInUse(HOST, PG_PORT)) {
    throw new Error(`port ${PG_PORT} is taken: stop the server that uses ${DATA_DIR} (or its PostgreSQL) first`);
  }
  // A fresh database each run: the data directory is removed first (never while its server runs, see above).
  rmSync(path.join(REPO_ROOT, DATA_DIR), { recursive: true, force: true });
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST,
    PORT: '0',
    LOG_LEVEL: 'info',
    DATA_DIR,
    EMBEDDED_PG_PORT: String(PG_PORT),
  });
  // The app logs every request at `info` as in production; the lines go nowhere, their cost is measured.
  const logger = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: '/dev/null', sync: false }));
  const { database, stop } = await openDatabase(config, logger);
  cleanups.push(async () => {
    await stop();
    rmSync(path.join(REPO_ROOT, DATA_DIR), { recursive: true, force: true });
  });
  await seedPreferences(database.db, config.FRONTEND_SESSION_TIME_MINUTES);
  await seedDemo(database.db);
  const { app } = await buildApp({ config, database, logger });
  cleanups.push(() => app.close());
  await app.listen({ host: HOST, port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { base: `http://${HOST}:${port}`, pool: database.pool };
}

async function load(pool: Awaited<ReturnType<typeof startApp>>['pool']) {
  const { rows } = await pool.query<{ domain_id: string; password_hash: string }>(
    'SELECT domain_id, password_hash FROM users WHERE username = $1',
    [DOMAIN_ADMIN],
  );
  const admin = rows[0];
  if (!admin) throw new Error(`${DOMAIN_ADMIN} is missing from the demo data`);
  const started = performance.now();
  const counts = await bulkLoad(pool, admin.domain_id, SIZES, admin.password_hash);
  return { counts: { ...counts, liveUsers: counts.users }, seconds: round((performance.now() - started) / 1000) };
}

async function main(): Promise<void> {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      process.stderr.write(`admin-lists: ${signal}, stopping the server and PostgreSQL\n`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  const began = performance.now();
  try {
    const { base, pool } = await startApp();
    const loaded = await load(pool);
    const { counts } = loaded;
    process.stdout.write(
      `Loaded in ${loaded.seconds} s: ${counts.users} live users (+${counts.deletedUsers} deleted, ${counts.blockedUsers} blocked), ${counts.companies} companies, ${counts.userCompanies} user-company links, ${counts.groups} groups, ${counts.userGroups} memberships, ${counts.certificates} certificates, ${counts.domains} domains.\n`,
    );
    const sessions = { domainAdmin: await signIn(base, DOMAIN_ADMIN), superAdmin: await signIn(base, SUPER_ADMIN) };
    // The 2-core machine may be shared: the load around the measurements goes with the figures.
    const loadAverage1m = { start: loadAverage(), end: 0 };
    const scenarios: TScenarioFigures[] = [];
    for (const scenario of SCENARIOS) {
      const figures = await measureScenario(
        base,
        scenario,
        sessions[scenario.as ?? 'domainAdmin'].headers,
        scenario.total(counts),
      );
      scenarios.push(figures);
      process.stdout.write(
        `  ${figures.name}: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, p99 ${figures.p99Ms} ms (${figures.requests} requests)\n`,
      );
    }
    const exports = await measureExports(
      base,
      sessions.domainAdmin.token,
      sessions.domainAdmin.headers,
      path.join(REPO_ROOT, DATA_DIR),
    );
    loadAverage1m.end = loadAverage();
    const lists = scenarios.filter((row) => !row.deep);
    const deep = scenarios.filter((row) => row.deep);
    const ok = scenarios.every((row) => row.ok) && exports.every((row) => row.ok);
    const exportLines = exports.map(
      (row) =>
        `${row.name}: ${row.rows - 1} users in ${row.seconds} s (budget ${row.budgetSeconds} s: ${row.ok ? 'OK' : 'MISSED'}), ${mib(row.bytes)} MiB, ${row.rows} rows with the header (expected ${row.expectedRows}); process RSS ${row.rssBeforeMiB} → peak ${row.rssPeakMiB} MiB`,
    );
    const dataLine = `Data: ${counts.users} live users (${counts.blockedUsers} blocked, ${counts.deletedUsers} more in the bin), ${counts.companies} companies, ${counts.userCompanies} user-company links, ${counts.groups} groups, ${counts.certificates} certificates, ${counts.domains} domains; loaded in ${loaded.seconds} s.`;
    const samplingLine = `Sequential requests on loopback: ${SAMPLING.warmup} of warm-up, then ${SAMPLING.requests} measured (at most ${SAMPLING.maxSeconds} s) per scenario, page size as shown in the query; load average (1 min) ${loadAverage1m.start} before the measurements, ${loadAverage1m.end} after.`;
    process.stdout.write(
      [
        '',
        dataLine,
        samplingLine,
        'List pages (budget p95 ≤ 30 ms):',
        ...table(lists),
        'Deep offsets (reported, no budget):',
        ...table(deep),
        'Export of 100,000 users (budget ≤ 8 s):',
        ...exportLines.map((line) => `  ${line}`),
        ok ? 'Every budget kept.' : 'FAILED: a budget is broken.',
        `${round((performance.now() - began) / 1000)} s in all.`,
        '',
      ].join('\n'),
    );
    const summary = [
      dataLine,
      samplingLine,
      '',
      'List pages, budget p95 ≤ 30 ms:',
      '',
      ...markdownRows(lists),
      '',
      'Deep offsets (no budget):',
      '',
      ...markdownRows(deep),
      '',
      'Export of 100,000 users, budget ≤ 8 s:',
      '',
      ...exportLines.map((line) => `- ${line}`),
    ];
    writeResult('admin-lists', {
      ok,
      summary,
      sizes: SIZES,
      counts,
      loadSeconds: loaded.seconds,
      loadAverage1m,
      sampling: SAMPLING,
      budget: BUDGET,
      scenarios,
      exports,
    });
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    // After Ctrl-C the requests under way fail as the server stops: nothing to report.
    if (interrupted) return;
    process.stderr.write(`admin-lists: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 2;
  } finally {
    await cleanUp();
  }
}

await main();
