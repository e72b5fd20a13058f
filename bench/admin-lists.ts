import { createWriteStream, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { API_PREFIX } from '@sello/contracts/endpoint';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { seedDemo } from '../apps/server/src/demo/seed-demo.ts';
import { seedPreferences } from '../apps/server/src/preferences/default-preferences.ts';
import { bulkLoad, type TBulkCounts, type TBulkSizes } from './lib/admin-bulk-load.ts';
import {
  countXlsxRows,
  loadAverage,
  mib,
  percentile,
  portInUse,
  round,
  signIn,
  timedGet,
  toSearch,
} from './lib/bench-helpers.ts';
import { REPO_ROOT, writeResult } from './lib/bench-result.ts';

const HOST = '127.0.0.1';
const DATA_DIR = '.test-data/bench-admin-db';
const PG_PORT = 54397;
const DOMAIN_ADMIN = 'domain.admin';
const SUPER_ADMIN = 'super.admin';
const SIZES: TBulkSizes = {
  users: 100_000,
  deletedUsers: 1_000,
  companies: 10_000,
  groups: 300,
  certificates: 200,
  domains: 30,
};
/** Per scenario: warm-up requests (discarded), then sequential requests measured, bounded in time. */
const SAMPLING = { warmup: 20, requests: 200, maxSeconds: 8 } as const;
const BUDGET = { p95Ms: 30, exportSeconds: 8 } as const;
const EXPORT_ROWS = 100_000;

type TAs = 'domainAdmin' | 'superAdmin';

type TScenario = {
  name: string;
  path: string;
  query: Record<string, string | number>;
  as?: TAs;
  /** Deep offsets are reported apart and have no budget (see bench/README.md). */
  deep?: boolean;
  /** The answer's total must be this (or, for a function, satisfy it). */
  total: (counts: TBulkCounts & { liveUsers: number }) => number | ((total: number) => boolean);
};

const filters = (value: Record<string, unknown>) => JSON.stringify(value);
const someRows = () => (total: number) => total > 0;

const SCENARIOS: TScenario[] = [
  {
    name: 'users: page 1, default sort (userid)',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: page 1 of 100 rows',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 100 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: sorted by name asc',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, sortField: 'name', sortOrder: 1 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: sorted by name desc',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, sortField: 'name', sortOrder: -1 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: sorted by e-mail',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, sortField: 'email', sortOrder: 1 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: userid contains "garcia"',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, filters: filters({ userid: 'garcia' }) },
    total: someRows,
  },
  {
    name: 'users: name contains "lópez"',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, filters: filters({ name: 'lópez' }) },
    total: someRows,
  },
  {
    name: 'users: userid contains "4711" (rare)',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, filters: filters({ userid: '4711' }) },
    total: someRows,
  },
  {
    name: 'users: blocked',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, filters: filters({ blocked: true }) },
    total: (c) => c.blockedUsers,
  },
  {
    name: 'users: middle page (first=5,000)',
    path: 'administration/users/read',
    query: { first: 5_000, pageSize: 10 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: deep page (first=50,000)',
    path: 'administration/users/read',
    query: { first: 50_000, pageSize: 10 },
    deep: true,
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: deep page (first=50,000) by name desc',
    path: 'administration/users/read',
    query: { first: 50_000, pageSize: 10, sortField: 'name', sortOrder: -1 },
    deep: true,
    total: (c) => c.liveUsers,
  },
  {
    name: 'companies: page 1, default sort (name)',
    path: 'administration/companies/read',
    query: { first: 0, pageSize: 10 },
    total: (c) => c.companies,
  },
  {
    name: 'companies: sorted by name desc',
    path: 'administration/companies/read',
    query: { first: 0, pageSize: 10, sortField: 'name', sortOrder: -1 },
    total: (c) => c.companies,
  },
  {
    name: 'companies: tax id contains "B12"',
    path: 'administration/companies/read',
    query: { first: 0, pageSize: 10, filters: filters({ taxId: 'B12' }) },
    total: someRows,
  },
  {
    name: 'groups: page 1, default sort (name)',
    path: 'administration/groups/read',
    query: { first: 0, pageSize: 10 },
    total: (c) => c.groups,
  },
  {
    name: 'certificates: page 1, default sort (name)',
    path: 'administration/certificates/read',
    query: { first: 0, pageSize: 10 },
    total: (c) => c.certificates,
  },
  {
    name: 'domains: page 1 (super admin, every domain)',
    path: 'administration/domains/read',
    query: { first: 0, pageSize: 10 },
    as: 'superAdmin',
    total: (c) => c.domains,
  },
];

type TScenarioFigures = {
  name: string;
  url: string;
  as: string;
  deep: boolean;
  total: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  budgetMs: number | null;
  ok: boolean;
};

type TExportFigures = {
  name: string;
  seconds: number;
  bytes: number;
  rows: number;
  expectedRows: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  budgetSeconds: number;
  ok: boolean;
};

const cleanups: (() => Promise<unknown>)[] = [];

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

async function measureScenario(
  base: string,
  scenario: TScenario,
  headers: Record<string, string>,
  expected: number | ((total: number) => boolean),
): Promise<TScenarioFigures> {
  const url = `${API_PREFIX}${scenario.path}?${toSearch(scenario.query)}`;
  const first = await fetch(`${base}${url}`, { headers });
  const page = (await first.json()) as { rows?: unknown[]; total?: number };
  const total = page.total ?? -1;
  const pageSize = Number(scenario.query.pageSize);
  const first0 = Number(scenario.query.first);
  const totalOk = typeof expected === 'number' ? total === expected : expected(total);
  const rowsOk = page.rows?.length === Math.max(0, Math.min(pageSize, total - first0));
  if (first.status !== 200 || !totalOk || !rowsOk) {
    throw new Error(
      `${scenario.name}: GET ${url} answered ${first.status}, total ${total}, ${page.rows?.length} rows (expected ${typeof expected === 'number' ? expected : 'some'})`,
    );
  }
  for (let i = 0; i < SAMPLING.warmup; i++) await timedGet(`${base}${url}`, headers);
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  while (times.length < SAMPLING.requests && performance.now() - started < SAMPLING.maxSeconds * 1000) {
    const { ms, status } = await timedGet(`${base}${url}`, headers);
    if (status !== 200) failures++;
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  const p95Ms = round(percentile(times, 95));
  const budgetMs = scenario.deep ? null : BUDGET.p95Ms;
  return {
    name: scenario.name,
    url,
    as: scenario.as === 'superAdmin' ? SUPER_ADMIN : DOMAIN_ADMIN,
    deep: scenario.deep === true,
    total,
    requests: times.length,
    p50Ms: round(percentile(times, 50)),
    p95Ms,
    p99Ms: round(percentile(times, 99)),
    maxMs: round(times.at(-1) ?? Number.NaN),
    budgetMs,
    ok: failures === 0 && (budgetMs === null || p95Ms <= budgetMs),
  };
}

/** Downloads a file to disk (the body is never held whole), timing it and sampling the process memory. */
async function timeDownload(
  name: string,
  request: () => Promise<Response>,
  file: string,
): Promise<Omit<TExportFigures, 'rows' | 'ok'>> {
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 50);
  const started = performance.now();
  try {
    const response = await request();
    if (response.status !== 200 || !response.body) throw new Error(`${name} answered ${response.status}`);
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(file));
  } finally {
    clearInterval(sampler);
  }
  const seconds = round((performance.now() - started) / 1000, 2);
  return {
    name,
    seconds,
    bytes: (await stat(file)).size,
    expectedRows: EXPORT_ROWS + 1,
    rssBeforeMiB: mib(rssBefore),
    rssPeakMiB: mib(rssPeak),
    budgetSeconds: BUDGET.exportSeconds,
  };
}

async function measureExports(base: string, token: string, headers: Record<string, string>) {
  const query = { first: 0, pageSize: EXPORT_ROWS, language: 'en-en' };
  const results: TExportFigures[] = [];
  const runs = [
    {
      name: 'GET administration/users/export',
      request: () => fetch(`${base}${API_PREFIX}administration/users/export?${toSearch(query)}`, { headers }),
    },
    {
      name: 'POST DownloadFile (form post)',
      request: () =>
        fetch(`${base}${API_PREFIX}DownloadFile`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            url: 'administration/users/export',
            jsonData: JSON.stringify(query),
            authToken: token,
          }).toString(),
        }),
    },
  ];
  for (const [index, run] of runs.entries()) {
    const file = path.join(REPO_ROOT, DATA_DIR, `users-export-${index}.xlsx`);
    const figures = await timeDownload(run.name, run.request, file);
    const rows = await countXlsxRows(file);
    rmSync(file, { force: true });
    results.push({ ...figures, rows, ok: rows === figures.expectedRows && figures.seconds <= BUDGET.exportSeconds });
  }
  return results;
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

function table(rows: TScenarioFigures[]): string[] {
  const width = Math.max(...rows.map((row) => row.name.length));
  const head = `  ${'scenario'.padEnd(width)}  ${'total'.padStart(7)}  ${'n'.padStart(4)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'max ms'.padStart(7)}  budget`;
  return [
    head,
    ...rows.map(
      (row) =>
        `  ${row.name.padEnd(width)}  ${String(row.total).padStart(7)}  ${String(row.requests).padStart(4)}  ${row.p50Ms.toFixed(1).padStart(7)}  ${row.p95Ms.toFixed(1).padStart(7)}  ${row.p99Ms.toFixed(1).padStart(7)}  ${row.maxMs.toFixed(1).padStart(7)}  ${verdict(row)}`,
    ),
  ];
}

const verdict = (row: TScenarioFigures) =>
  row.budgetMs === null ? 'none (deep offset)' : `p95 ≤ ${row.budgetMs} ms: ${row.ok ? 'OK' : 'MISSED'}`;

function markdownRows(rows: TScenarioFigures[]): string[] {
  return [
    '| scenario | total | requests | p50 ms | p95 ms | p99 ms | max ms | budget |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.total} | ${row.requests} | ${row.p50Ms} | ${row.p95Ms} | ${row.p99Ms} | ${row.maxMs} | ${verdict(row)} |`,
    ),
  ];
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
    const exports = await measureExports(base, sessions.domainAdmin.token, sessions.domainAdmin.headers);
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
