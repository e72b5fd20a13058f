// Requests per second and latency of a light authenticated GET on the real app (embedded PostgreSQL, every
// plugin and hook) against a bare Fastify server that answers one indexed select of the same user from the
// same PostgreSQL, measured in turns (A B A B) so that a change in the machine's load hits both alike.
// Budget: the app serves at least half the bare server's requests per second.
// Loopback only: both servers listen on 127.0.0.1 and autocannon talks to nothing else.
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createConnection } from 'node:net';
import os from 'node:os';
import { COOKIES, HEADERS, PREFERENCES } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { embeddedDatabaseUrl } from '../apps/server/src/db/database.ts';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-password.ts';
import { seedDemo } from '../apps/server/src/demo/seed-demo.ts';
import { EMBEDDED_DATABASE, openDatabase } from '../apps/server/src/open-database.ts';
import { seedPreferences } from '../apps/server/src/preferences/default-preferences.ts';
import { writeResult } from './lib/bench-result.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { openStatementReader, statementLines, type TStatementFigures } from './lib/pg-statements.ts';

const HOST = '127.0.0.1';
const DATA_DIR = '.test-data/bench-db';
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54395);
const USER = 'company.user';
const PATH = `${API_PREFIX}account/users/read`;
/** The app runs as a monitored production copy does, timing every request for /metrics; BENCH_METRICS=off leaves it out. */
const METRICS = process.env.BENCH_METRICS !== 'off';
/**
 * `process` (the default): the server as `npm run serve` runs it, in its own process with its job workers on and its
 * log lines written to a file; `in-process`: `buildApp` inside the bench, logging to /dev/null (the figure before
 * 2026-12-07, which leaves out the jobs, the file and the second process).
 */
const APP_MODE = process.env.BENCH_APP === 'in-process' ? 'in-process' : 'process';
const SERVER_LOG = '.test-data/bench-light-get-server.log';
const LOAD = { connections: 10, warmupSeconds: 2, durationSeconds: 8, rounds: 2 } as const;
/** The app must serve at least this share of the bare select server's requests per second. */
const BUDGET_PERCENT = 50;
/** Requests of the pass that counts each target's statements in pg_stat_statements (after the measured turns). */
const STATEMENT_PASS_REQUESTS = 2000;

type TFigures = {
  target: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** 1-minute load average as the turn started: neighbours' work on the 2 cores moves the figures. */
  load1m: number;
};

const cleanups: (() => Promise<unknown>)[] = [];

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: HOST, port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://${HOST}:${port}`;
}

/** 2 s of warm-up (discarded), then 10 s measured; autocannon runs in a worker thread, off the servers' event loop. */
async function measure(target: string, url: string, headers: Record<string, string>): Promise<TFigures> {
  const options = { url, headers, connections: LOAD.connections, workers: 1 };
  const load1m = Math.round(os.loadavg()[0]! * 100) / 100;
  await autocannon({ ...options, duration: LOAD.warmupSeconds });
  const result = await autocannon({ ...options, duration: LOAD.durationSeconds });
  return {
    target,
    requestsPerSec: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    load1m,
  };
}

/** Runs exactly `requests` requests and returns what PostgreSQL did for them. */
async function countStatements(
  statements: Awaited<ReturnType<typeof openStatementReader>>,
  url: string,
  headers: Record<string, string>,
): Promise<TStatementFigures[]> {
  await statements.reset();
  const result = await autocannon({ url, headers, connections: LOAD.connections, amount: STATEMENT_PASS_REQUESTS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`statement pass on ${url}: errors or non-2xx answers`);
  return statements.top(STATEMENT_PASS_REQUESTS);
}

/** A bare Fastify server with its own pool of the same size: one indexed select of the user per request. */
async function startBareSelect(connectionString: string, poolSize: number, userId: string) {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  const app = Fastify();
  app.get('/', async () => {
    const { rows } = await pool.query('SELECT id, username, name, email, language FROM users WHERE id = $1', [userId]);
    return rows[0];
  });
  cleanups.push(() => pool.end());
  cleanups.push(() => app.close());
  return { base: await listen(app) };
}

/** Signs in as the console does: XSRF double submit (cookie and header), then the token of the answer. */
async function signIn(base: string, xsrf: string): Promise<string> {
  const response = await fetch(`${base}${API_PREFIX}security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${COOKIES.xsrf}=${xsrf}`, [HEADERS.xsrf]: xsrf },
    body: JSON.stringify({ login: USER, password: DEMO_PASSWORD }),
  });
  const token = response.headers.get(HEADERS.authToken);
  if (response.status !== 200 || !token) throw new Error(`sign-in as ${USER} failed: ${response.status}`);
  return token;
}

async function startSello() {
  if (await portInUse(PG_PORT)) {
    throw new Error(`port ${PG_PORT} is taken: stop the server that uses ${DATA_DIR} (or its PostgreSQL) first`);
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST,
    PORT: '0',
    LOG_LEVEL: 'info',
    DATA_DIR,
    EMBEDDED_PG_PORT: String(PG_PORT),
    // The session must outlast the bench: on a loaded machine its start alone can take minutes (5 by default).
    FRONTEND_SESSION_TIME_MINUTES: '60',
    ...(METRICS && { METRICS_TOKEN: randomBytes(24).toString('hex') }),
  });
  // The app logs every request at `info` as in production; the lines go nowhere, their cost is measured.
  const logger = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: '/dev/null', sync: false }));
  const { database, stop } = await openDatabase(config, logger);
  cleanups.push(stop);
  await seedPreferences(database.db, config.FRONTEND_SESSION_TIME_MINUTES);
  // The data directory is kept between runs: an older run's session length is replaced, not kept.
  await database.pool.query('UPDATE preferences SET value = $1 WHERE name = $2', [
    String(config.FRONTEND_SESSION_TIME_MINUTES),
    PREFERENCES.sessionTime,
  ]);
  await seedDemo(database.db);
  // The owner's URL: the server process migrates with it and pg_stat_statements needs it.
  const connectionString = embeddedDatabaseUrl(PG_PORT, EMBEDDED_DATABASE);
  let base: string;
  if (APP_MODE === 'process') {
    rmSync(SERVER_LOG, { force: true });
    ({ base } = await startBenchServer({
      databaseUrl: connectionString,
      dataDir: DATA_DIR,
      env: {
        LOG_LEVEL: 'info',
        JOBS_ENABLED: 'true',
        DATABASE_POOL_SIZE: String(config.DATABASE_POOL_SIZE),
        ...(METRICS && { METRICS_TOKEN: randomBytes(24).toString('hex') }),
      },
      logFile: SERVER_LOG,
      cleanups,
    }));
  } else {
    const { app } = await buildApp({ config, database, logger });
    cleanups.push(() => app.close());
    base = await listen(app);
  }

  const xsrf = randomBytes(24).toString('base64url');
  const headers = { [HEADERS.authToken]: await signIn(base, xsrf), cookie: `${COOKIES.xsrf}=${xsrf}` };
  const check = await fetch(`${base}${PATH}`, { headers });
  const account = (await check.json()) as { id?: number; userid?: string };
  if (check.status !== 200 || account.userid !== USER) throw new Error(`GET ${PATH} answered ${check.status}`);
  return { base, headers, userId: String(account.id), connectionString, poolSize: config.DATABASE_POOL_SIZE };
}

function table(rows: TFigures[]): string {
  const width = Math.max(...rows.map((row) => row.target.length));
  const head = `  ${'target'.padEnd(width)}  ${'req/s'.padStart(8)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'requests'.padStart(9)}  errors  non-2xx  load`;
  const lines = rows.map(
    (row) =>
      `  ${row.target.padEnd(width)}  ${String(row.requestsPerSec).padStart(8)}  ${String(row.latencyP50Ms).padStart(7)}  ${String(row.latencyP99Ms).padStart(7)}  ${String(row.requests).padStart(9)}  ${String(row.errors + row.timeouts).padStart(6)}  ${String(row.non2xx).padStart(7)}  ${row.load1m}`,
  );
  return [head, ...lines].join('\n');
}

function mean(rows: TFigures[], target: string): TFigures {
  const mine = rows.filter((row) => row.target === target);
  const average = (pick: (row: TFigures) => number) =>
    Math.round((mine.reduce((sum, row) => sum + pick(row), 0) / mine.length) * 10) / 10;
  const sum = (pick: (row: TFigures) => number) => mine.reduce((total, row) => total + pick(row), 0);
  return {
    target: `${target} (mean of ${mine.length})`,
    requestsPerSec: Math.round(average((row) => row.requestsPerSec)),
    latencyP50Ms: average((row) => row.latencyP50Ms),
    latencyP99Ms: average((row) => row.latencyP99Ms),
    latencyMaxMs: Math.max(...mine.map((row) => row.latencyMaxMs)),
    requests: sum((row) => row.requests),
    errors: sum((row) => row.errors),
    timeouts: sum((row) => row.timeouts),
    non2xx: sum((row) => row.non2xx),
    load1m: average((row) => row.load1m),
  };
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    const sello = await startSello();
    const bare = await startBareSelect(sello.connectionString, sello.poolSize, sello.userId);
    const BARE = 'bare Fastify + one indexed select of the user';
    const APP = `GET ${PATH} (${USER}, metrics ${METRICS ? 'on' : 'off'}, ${APP_MODE === 'process' ? 'server process, jobs on, log to a file' : 'app in the bench process'})`;
    const rounds: TFigures[] = [];
    for (let round = 0; round < LOAD.rounds; round++) {
      rounds.push(await measure(APP, `${sello.base}${PATH}`, sello.headers));
      rounds.push(await measure(BARE, `${bare.base}/`, {}));
    }
    const statements = await openStatementReader(sello.connectionString);
    cleanups.push(() => statements.close());
    const appStatements = await countStatements(statements, `${sello.base}${PATH}`, sello.headers);
    const bareStatements = await countStatements(statements, `${bare.base}/`, {});
    const [app, base] = [mean(rounds, APP), mean(rounds, BARE)];
    const clean = rounds.every((row) => row.errors === 0 && row.timeouts === 0 && row.non2xx === 0);
    const appShare = Math.round((app.requestsPerSec / base.requestsPerSec) * 1000) / 10;
    const ok = clean && appShare >= BUDGET_PERCENT;
    const verdict = `The app serves ${appShare}% of the bare select server's requests per second (budget: at least ${BUDGET_PERCENT}%).`;
    process.stdout.write(
      [
        `Light GET, ${LOAD.connections} connections, turns A B A B of ${LOAD.durationSeconds} s after ${LOAD.warmupSeconds} s of warm-up (loopback):`,
        table([...rounds, app, base]),
        verdict,
        clean ? 'No errors.' : 'FAILED: errors, timeouts or non-2xx answers.',
        ...statementLines(`pg_stat_statements, ${STATEMENT_PASS_REQUESTS} requests of the app:`, appStatements),
        ...statementLines(
          `pg_stat_statements, ${STATEMENT_PASS_REQUESTS} requests of the bare server:`,
          bareStatements,
        ),
        '',
      ].join('\n'),
    );
    const summary = [
      `Light GET, ${LOAD.connections} connections, turns A B A B of ${LOAD.durationSeconds} s after ${LOAD.warmupSeconds} s of warm-up:`,
      '',
      '| target | req/s | p50 ms | p99 ms | requests | errors | non-2xx | load 1m |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...[...rounds, app, base].map(
        (row) =>
          `| ${row.target} | ${row.requestsPerSec} | ${row.latencyP50Ms} | ${row.latencyP99Ms} | ${row.requests} | ${row.errors + row.timeouts} | ${row.non2xx} | ${row.load1m} |`,
      ),
      '',
      verdict,
      '',
      `pg_stat_statements over ${STATEMENT_PASS_REQUESTS} requests of each (calls per request, mean execution ms, statement):`,
      '',
      '| target | calls/request | mean ms | statement |',
      '| --- | ---: | ---: | --- |',
      ...appStatements.map((row) => `| app | ${row.callsPerRequest} | ${row.meanExecMs} | \`${row.query}\` |`),
      ...bareStatements.map((row) => `| bare | ${row.callsPerRequest} | ${row.meanExecMs} | \`${row.query}\` |`),
    ];
    const logBytes = APP_MODE === 'process' ? statSync(SERVER_LOG).size : 0;
    writeResult(`light-get${METRICS ? '' : '-metrics-off'}${APP_MODE === 'process' ? '' : '-in-process'}`, {
      ok,
      metrics: METRICS,
      app: APP_MODE,
      serverLogBytes: logBytes,
      summary,
      load: LOAD,
      budgetPercent: BUDGET_PERCENT,
      appShareOfBareSelectPercent: appShare,
      rounds,
      bareSelect: base,
      appMean: app,
      statementsPerRequest: { app: appStatements, bareSelect: bareStatements },
    });
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    process.stderr.write(`light-get: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 2;
  } finally {
    await cleanUp();
  }
}

await main();
