// The console's ten most frequent calls under 20 concurrent connections on the 1,000,000-shipping data set
// (issue 19): the list, the detail, the combos (types of the list, the user's companies, the types page),
// the dashboard, the account, the version check, the shell's settings and the token refresh. The server
// runs as its own process against an embedded PostgreSQL this bench starts (lib/shippings-data-set.ts, the
// data set of shippings-list.ts); pg_stat_statements says what each call costs PostgreSQL. Loopback only.
import { HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import pg from 'pg';
import { Pool } from 'undici';
import {
  cpuMs,
  loadAverage,
  measureReferenceLoop,
  percentile,
  portInUse,
  round,
  signIn,
  toSearch,
} from './lib/bench-helpers.ts';
import { writeResult } from './lib/bench-result.ts';
import { cleanUp, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';
import { openStatementReader, type TStatementFigures } from './lib/pg-statements.ts';
import { loadShippingsDataSet } from './lib/shippings-data-set.ts';

const HOST = '127.0.0.1';
/** `BENCH_DATA_DIR` keeps the data set for the next run (ten million shippings take a while to make). */
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.test-data/bench-console-calls-db';
const KEEP_DATA = Boolean(process.env.BENCH_DATA_DIR);
/** Connections making the data set inside PostgreSQL, and building its indexes, side by side. */
const SEED_WORKERS = Number(process.env.BENCH_SEED_WORKERS ?? 2);
/** `BENCH_SKIP_SEARCH_INDEX=1` leaves out the free-text search's trigram index, which none of the ten calls uses (hours to build at ten million on a loaded 2-core machine). */
const SKIP_INDEXES = process.env.BENCH_SKIP_SEARCH_INDEX === '1' ? ['shippings_search'] : [];
const PG_PORT = Number(process.env.BENCH_CONSOLE_PG_PORT ?? 54399);
const USER = 'domain.admin';
const SHIPPINGS = Number(process.env.BENCH_SHIPPINGS ?? 1_000_000);
/** `BENCH_CALLS=list,dashboard` measures those calls alone (their keys), to profile one at a time; all by default. */
const ONLY_CALLS = process.env.BENCH_CALLS?.split(',');
const LOAD = { connections: 20, warmupSeconds: 1.5, durationSeconds: 6 } as const;
const BUDGET_P95_MS = 50;

type TCall = {
  key: string;
  name: string;
  path: string;
  query?: Record<string, string | number>;
  /** The answer carries a new token the next call must use (the refresh rotates the session). */
  rotates?: boolean;
};

type TFigures = {
  key: string;
  name: string;
  url: string;
  requests: number;
  requestsPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
  /** CPU time (user + system) the server process spent per measured request: unlike the latencies, barely moved by the neighbours' load. */
  serverCpuMsPerRequest: number;
  load1m: number;
  statements: TStatementFigures[];
  ok: boolean;
};

const cleanups: TCleanups = [];

function calls(requestId: string): TCall[] {
  const all: TCall[] = [
    {
      key: 'list',
      name: 'list, page 1',
      path: 'shippings/shippingslist',
      query: listQuery(),
    },
    { key: 'detail', name: 'detail of a shipping', path: 'shippings/shippingdetail', query: { requestId } },
    { key: 'dashboard', name: 'dashboard, last 30 days', path: 'shippings/dashboard', query: dashboardQuery() },
    { key: 'listTypes', name: 'combo: types of the list', path: 'shippings/shippingListTypes' },
    { key: 'companies', name: "combo: the user's companies", path: 'companies/usercompanieslist' },
    { key: 'types', name: 'types page', path: 'shippings/types/readList', query: { first: 0, pageSize: 10 } },
    { key: 'account', name: 'account', path: 'account/users/read' },
    { key: 'otherConfig', name: "shell's settings", path: 'configuration/getOtherConfig' },
    { key: 'version', name: 'version check', path: 'admin/version' },
    { key: 'refresh', name: 'token refresh', path: 'security/refreshToken', rotates: true },
  ];
  return ONLY_CALLS ? all.filter((call) => ONLY_CALLS.includes(call.key)) : all;
}

const CONSOLE_TIME_ZONE = 'Europe/Madrid';

/** The first instant of a calendar day in a time zone (the offset read twice, for a day a clock change ends). */
function startOfDay(day: string, timeZone: string): number {
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(instant);
    const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
    return (
      Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - instant
    );
  };
  const wall = Date.parse(`${day}T00:00:00Z`);
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

/**
 * What the console's home page asks (dashboard-links.ts): the last 30 calendar days in the browser's zone, from
 * the first instant of the first day to the last instant of today.
 */
function dashboardQuery() {
  return {
    scope: 'all',
    filterFrom: startOfDay(consoleDay(0, -29), CONSOLE_TIME_ZONE),
    filterTo: startOfDay(consoleDay(0, 1), CONSOLE_TIME_ZONE) - 1,
    timeZone: CONSOLE_TIME_ZONE,
  };
}

/** The list's first page as the console asks for it (shipping-list-filters.ts): the last 60 months to today. */
function listQuery() {
  return {
    first: 0,
    pageSize: 10,
    scope: 'all',
    filterFrom: startOfDay(consoleDay(-60, 1), CONSOLE_TIME_ZONE),
    filterTo: startOfDay(consoleDay(0, 1), CONSOLE_TIME_ZONE) - 1,
  };
}

/** The calendar day (YYYY-MM-DD) `months` and `days` from today in the console's zone. */
function consoleDay(months: number, days: number): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: CONSOLE_TIME_ZONE })
    .format(Date.now())
    .split('-')
    .map(Number);
  return new Date(Date.UTC(year!, month! - 1 + months, day! + days)).toISOString().slice(0, 10);
}

const pathOf = (call: TCall) => `${API_PREFIX}${call.path}${call.query ? `?${toSearch(call.query)}` : ''}`;

/**
 * `connections` loops, each one request after the other, for the warm-up and then the measured seconds. The
 * load comes from undici's Pool (one keep-alive connection per loop), not `fetch`: on the 2 cores the bench
 * shares with the server, fetch's web streams and per-call machinery took about a quarter of a core.
 */
async function measure(
  base: string,
  serverPid: number,
  call: TCall,
  headers: Record<string, string>,
  statements: TStatementReaderLike,
) {
  const path = pathOf(call);
  const url = `${base}${path}`;
  // A token mints one successor only (a session cannot fork): each loop of the refresh is a console of its own,
  // signed in on its own and following its own rotated token, as is the check.
  const sessionOf = async () => (call.rotates ? (await signIn(base, USER)).headers : headers);
  const check = await fetch(url, { headers: await sessionOf() });
  const text = await check.text();
  if (check.status !== 200) throw new Error(`${call.name}: ${url} answered ${check.status} ${text.slice(0, 200)}`);
  const loops: Record<string, string>[] = [];
  for (let loop = 0; loop < LOAD.connections; loop++) loops.push({ ...(await sessionOf()) });
  const pool = new Pool(base, { connections: LOAD.connections, pipelining: 1 });
  const run = async (seconds: number, times: number[] | null) => {
    const until = performance.now() + seconds * 1000;
    let failures = 0;
    await Promise.all(
      loops.map(async (mine) => {
        while (performance.now() < until) {
          const started = performance.now();
          const response = await pool.request({ method: 'GET', path, headers: mine });
          await response.body.dump({ limit: Number.POSITIVE_INFINITY });
          times?.push(performance.now() - started);
          if (response.statusCode !== 200) failures++;
          const next = call.rotates ? response.headers[HEADERS.authToken] : undefined;
          if (typeof next === 'string' && next) mine[HEADERS.authToken] = next;
        }
      }),
    );
    return failures;
  };
  await run(LOAD.warmupSeconds, null);
  const load1m = loadAverage();
  await statements.reset();
  const times: number[] = [];
  const started = performance.now();
  const cpuBefore = cpuMs(serverPid);
  const failures = await run(LOAD.durationSeconds, times);
  const serverCpu = cpuMs(serverPid) - cpuBefore;
  const seconds = (performance.now() - started) / 1000;
  const top = await statements.top(times.length, 5);
  await pool.close();
  times.sort((a, b) => a - b);
  const p95Ms = round(percentile(times, 95));
  return {
    key: call.key,
    name: call.name,
    url: url.slice(base.length),
    requests: times.length,
    requestsPerSec: Math.round(times.length / seconds),
    p50Ms: round(percentile(times, 50)),
    p95Ms,
    p99Ms: round(percentile(times, 99)),
    maxMs: round(times.at(-1) ?? Number.NaN),
    failures,
    serverCpuMsPerRequest: round(serverCpu / times.length, 3),
    load1m,
    statements: top,
    ok: failures === 0 && p95Ms <= BUDGET_P95_MS,
  } satisfies TFigures;
}

/**
 * One unmeasured second of each call first: the call measured first would otherwise pay for the freshly started
 * server (V8 compiling the hot paths, the pool opening its connections, PostgreSQL's caches), which the others do not.
 */
async function warmUp(base: string, call: TCall, headers: Record<string, string>): Promise<void> {
  const path = pathOf(call);
  const pool = new Pool(base, { connections: LOAD.connections, pipelining: 1 });
  const until = performance.now() + 1000;
  await Promise.all(
    Array.from({ length: LOAD.connections }, async () => {
      while (performance.now() < until) {
        const response = await pool.request({ method: 'GET', path, headers });
        await response.body.dump({ limit: Number.POSITIVE_INFINITY });
      }
    }),
  );
  await pool.close();
}

type TStatementReaderLike = Pick<Awaited<ReturnType<typeof openStatementReader>>, 'reset' | 'top'>;

/** The newest shipping the domain administrator sees: what a click on the list's first row opens. */
async function newestShippingId(base: string, headers: Record<string, string>): Promise<string> {
  const query = toSearch({ first: 0, pageSize: 1, scope: 'all' });
  const response = await fetch(`${base}${API_PREFIX}shippings/shippingslist?${query}`, { headers });
  const page = (await response.json()) as { rows?: { requestId: number }[] };
  const id = page.rows?.[0]?.requestId;
  if (response.status !== 200 || id === undefined) throw new Error(`no shipping to open (${response.status})`);
  return String(id);
}

function table(rows: TFigures[]): string[] {
  const width = Math.max(...rows.map((row) => row.name.length));
  return [
    `  ${'call'.padEnd(width)}  ${'req/s'.padStart(6)}  ${'n'.padStart(6)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'cpu ms'.padStart(6)}  ${'load'.padStart(5)}  budget`,
    ...rows.map(
      (row) =>
        `  ${row.name.padEnd(width)}  ${String(row.requestsPerSec).padStart(6)}  ${String(row.requests).padStart(6)}  ${row.p50Ms.toFixed(1).padStart(7)}  ${row.p95Ms.toFixed(1).padStart(7)}  ${row.p99Ms.toFixed(1).padStart(7)}  ${row.serverCpuMsPerRequest.toFixed(2).padStart(6)}  ${String(row.load1m).padStart(5)}  p95 ≤ ${BUDGET_P95_MS} ms: ${row.ok ? 'OK' : 'MISSED'}${row.failures ? ` (${row.failures} failed)` : ''}`,
    ),
  ];
}

type TLoaded = Awaited<ReturnType<typeof loadShippingsDataSet>> & { reused: boolean };

/**
 * The data set: made now, or the one a previous run left in `BENCH_DATA_DIR` when it holds as many shippings (the
 * table `bench_data_set`, written once the data set is complete, says so); a directory holding another size or an
 * unfinished one is refused rather than emptied.
 */
async function dataSetOf(url: string): Promise<TLoaded> {
  // Its own pool: the server's statement timeout would cancel the building of an index of ten million rows.
  const pool = new pg.Pool({ connectionString: url, max: SEED_WORKERS + 1 });
  // Ctrl-C stops PostgreSQL under the clients' feet: their error ends the making, not the process.
  pool.on('error', () => {});
  try {
    return await dataSetIn(pool);
  } finally {
    await pool.end();
  }
}

async function dataSetIn(pool: pg.Pool): Promise<TLoaded> {
  const marker = await pool
    .query<{ figures: Omit<TLoaded, 'reused'> }>('SELECT figures FROM bench_data_set')
    .catch(() => ({ rows: [] as { figures: Omit<TLoaded, 'reused'> }[] }));
  const kept = marker.rows[0]?.figures;
  if (kept && kept.counts.allShippings === SHIPPINGS) {
    process.stdout.write(`Using the data set of ${DATA_DIR}: ${kept.counts.allShippings} shippings.\n`);
    return { ...kept, reused: true };
  }
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM shippings');
  if (kept || Number(rows[0]!.n) > 100) {
    throw new Error(
      `${DATA_DIR} holds another or an unfinished data set: remove it, or set BENCH_SHIPPINGS to its size`,
    );
  }
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const loaded = await loadShippingsDataSet(pool, USER, SHIPPINGS, {
    kind: 'sql',
    workers: SEED_WORKERS,
    log,
    skipIndexes: SKIP_INDEXES,
  });
  await pool.query('CREATE TABLE bench_data_set (figures jsonb NOT NULL)');
  await pool.query('INSERT INTO bench_data_set (figures) VALUES ($1)', [JSON.stringify(loaded)]);
  process.stdout.write(
    `Made ${loaded.counts.allShippings} shippings (${loaded.counts.live} live in the domain of ${USER}) in ${loaded.seconds.all} s.\n`,
  );
  return { ...loaded, reused: false };
}

async function main(): Promise<void> {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      void cleanUp(cleanups).finally(() => process.exit(130));
    });
  }
  const began = performance.now();
  try {
    if (await portInUse(HOST, PG_PORT)) throw new Error(`port ${PG_PORT} is taken: stop the PostgreSQL of ${DATA_DIR}`);
    const { url } = await startBenchDatabase({ dataDir: DATA_DIR, port: PG_PORT, cleanups, keep: KEEP_DATA });
    const loaded = await dataSetOf(url);
    // As shippings-list: a copy serving the console, not working the generated history's pending jobs.
    const { base, child } = await startBenchServer({
      databaseUrl: url,
      dataDir: DATA_DIR,
      env: { LOG_LEVEL: 'info', JOBS_ENABLED: 'false' },
      cleanups,
    });
    const statements = await openStatementReader(url);
    cleanups.push(() => statements.close());
    const { headers } = await signIn(base, USER);
    const requestId = await newestShippingId(base, headers);
    const referenceLoopMs = { start: measureReferenceLoop(), end: 0 };
    const results: TFigures[] = [];
    // Not the refresh: it would rotate the token the measured calls use.
    for (const call of calls(requestId).filter((call) => !call.rotates)) await warmUp(base, call, headers);
    for (const call of calls(requestId)) {
      const figures = await measure(base, child.pid!, call, headers, statements);
      results.push(figures);
      process.stdout.write(
        `  ${figures.name}: ${figures.requestsPerSec} req/s, p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms (load ${figures.load1m})\n`,
      );
    }
    referenceLoopMs.end = measureReferenceLoop();
    const ok = results.every((row) => row.ok);
    const header = `${LOAD.connections} concurrent connections, ${LOAD.durationSeconds} s per call after ${LOAD.warmupSeconds} s of warm-up, as ${USER} (the whole domain: ${loaded.counts.live} live shippings), the server in its own process on loopback; cpu ms = the server process's CPU time per measured request; load = 1-minute load average as each call's measurement started; the machine's reference loop took ${referenceLoopMs.start} ms before and ${referenceLoopMs.end} ms after (lower is faster).`;
    process.stdout.write(
      [
        '',
        header,
        ...table(results),
        ok ? 'Every budget kept.' : 'FAILED: a budget is broken.',
        `${round((performance.now() - began) / 1000)} s in all.`,
        '',
      ].join('\n'),
    );
    const summary = [
      header,
      '',
      '| call | request | req/s | requests | p50 ms | p95 ms | p99 ms | max ms | server CPU ms per request | load 1m | statements per call (calls × mean ms) | budget |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
      ...results.map(
        (row) =>
          `| ${row.name} | \`${row.url}\` | ${row.requestsPerSec} | ${row.requests} | ${row.p50Ms} | ${row.p95Ms} | ${row.p99Ms} | ${row.maxMs} | ${row.serverCpuMsPerRequest} | ${row.load1m} | ${row.statements
            .filter((statement) => statement.callsPerRequest >= 0.5)
            .map((statement) => `${statement.callsPerRequest} × ${statement.meanExecMs}`)
            .join(', ')} | p95 ≤ ${BUDGET_P95_MS} ms: ${row.ok ? 'OK' : 'MISSED'} |`,
      ),
    ];
    writeResult('console-calls', {
      ok,
      summary,
      shippings: SHIPPINGS,
      counts: loaded.counts,
      dataSet: { reused: loaded.reused, seconds: loaded.seconds, size: loaded.size, dataDir: DATA_DIR },
      load: LOAD,
      budgetP95Ms: BUDGET_P95_MS,
      loadAverage1mAtEnd: loadAverage(),
      referenceLoopMs,
      calls: results,
    });
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    if (interrupted) return;
    process.stderr.write(`console-calls: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 2;
  } finally {
    await cleanUp(cleanups);
  }
}

await main();
