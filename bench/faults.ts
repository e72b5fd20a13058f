// The faults of issue 30 against the real server in its own process (as `npm run serve` runs it: its own embedded
// PostgreSQL, job workers on, log lines to a file), each with what the caller saw and how long recovery took:
// 1. a documentation pack whose stored file is gone, and one whose file is cut short under it: the server stays up;
// 2. PostgreSQL frozen (SIGSTOP of its processes): how soon /readyz says 503, what a request gets, and how long after
//    SIGCONT both answer again;
// 3. SIGKILL of the server: how long a new start takes to be ready (it must stop the PostgreSQL left running);
// 4. a copy killed while it holds send jobs (two copies sharing a database, a slow SMTP server): how long until the
//    other copy has taken its work over, and that no message reached the SMTP server twice.
// The API tests prove each behaviour (unreadable-files, database-outage, restart-after-kill, dispatch-lease); this
// bench measures the times with the production defaults. Loopback only.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@sello/contracts/endpoint';
import pg from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS, embeddedDatabaseUrl } from '../apps/server/src/db/database.ts';
import { pdfDataUrl } from '../apps/server/src/demo/demo-pdf.ts';
import { postgresProcesses, waitFor } from '../apps/server/test/processes.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { loadAverage, round, signIn } from './lib/bench-helpers.ts';
import { REPO_ROOT, writeResult } from './lib/bench-result.ts';
import { cleanUp, freePort, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';

const DATA_DIR = '.test-data/bench-faults';
const SHARED_DATA_DIR = '.test-data/bench-faults-shared';
const SERVER_LOG = '.test-data/bench-faults-server.log';
/** How long PostgreSQL stays frozen (the issue's outage lasted 20 s). */
const FREEZE_SECONDS = Number(process.env.BENCH_FREEZE_SECONDS ?? 20);
/** Sends in flight when a copy is killed (each mail takes 5 s at the SMTP server). */
const LEASE_SHIPPINGS = 12;
/** The issue's budgets. */
const BUDGET = { readyz503Ms: 1_000, restartMs: 30_000, resumedMs: 30_000 } as const;
/** The pool's default query timeout (DEFAULT_DATABASE_TIMEOUTS): the longest a request can wait for PostgreSQL. */
const QUERY_TIMEOUT_MS = DEFAULT_DATABASE_TIMEOUTS.queryMs;

const cleanups: TCleanups = [];
const certificateKey = randomBytes(32).toString('hex');

type TTimed<T> = { value: T; ms: number };
async function timed<T>(work: () => Promise<T>): Promise<TTimed<T>> {
  const started = performance.now();
  const value = await work();
  return { value, ms: round(performance.now() - started) };
}

/** Status and body of a call, or what went wrong on the wire. */
async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: String((error as Error).cause ?? error) };
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function startOwnServer(port: number, pgPort: number) {
  return startBenchServer({
    dataDir: DATA_DIR,
    env: {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      JOBS_ENABLED: 'true',
      CERTIFICATE_ENCRYPTION_KEY: certificateKey,
    },
    logFile: SERVER_LOG,
    startSeconds: 600,
    cleanups,
  });
}

const readyWithin = async (base: string, ms: number) =>
  waitFor(async () => (await call(`${base}/readyz`)).status === 200, ms, 'readiness', 100);

/** Creates a certified e-mail with one PDF through the API as the console does; answers its id. */
async function createShipping(base: string, headers: Record<string, string>, ids: { company: number; type: number }) {
  const response = await call(`${base}${API_PREFIX}shippings/sendrequest`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomBytes(12).toString('hex') },
    body: JSON.stringify({
      companyId: ids.company,
      typeId: ids.type,
      channel: 'email',
      subject: 'Bench fault contract',
      receivers: [{ name: 'Lucía Fernández', email: 'lucia@example.es' }],
      // A PDF of its own: files are stored by their hash, and each fault spoils one shipping's file only.
      documents: [
        { name: 'document.pdf', content: pdfDataUrl(`Bench fault contract ${randomBytes(6).toString('hex')}`) },
      ],
    }),
  });
  if (response.status !== 200) throw new Error(`sendrequest: ${response.status} ${response.body.slice(0, 200)}`);
  return (JSON.parse(response.body) as { requestId: number }).requestId;
}

/** The type's ids as the API tests pick them (shipping-fixtures.ts): its own company, or Notaría Central. */
async function idsOf(pool: pg.Pool, typeName: string) {
  const { rows } = await pool.query<{ type: string; company: string }>(
    `SELECT t.id AS type, coalesce(t.company_id, (SELECT id FROM companies WHERE tax_id = 'B12345674' ORDER BY id LIMIT 1)) AS company
     FROM shipping_types t WHERE t.name = $1 ORDER BY t.id LIMIT 1`,
    [typeName],
  );
  return { company: Number(rows[0]!.company), type: Number(rows[0]!.type) };
}

/** 1. A pack whose file is missing, then one whose file is cut short while it is read. */
async function unreadablePack(base: string, pool: pg.Pool, pid: number) {
  const { headers } = await signIn(base, 'company.user');
  const ids = await idsOf(pool, 'Notarial notification');
  const first = await createShipping(base, headers, ids);
  const second = await createShipping(base, headers, ids);
  const fileOf = async (shippingId: number) => {
    const { rows } = await pool.query<{ sha256: string }>(
      'SELECT sha256 FROM shipping_documents WHERE shipping_id = $1 AND position = 1',
      [shippingId],
    );
    const sha = rows[0]!.sha256;
    return path.join(REPO_ROOT, DATA_DIR, 'files', sha.slice(0, 2), sha.slice(2, 4), sha);
  };
  const pack = (list: number[]) =>
    timed(() =>
      call(`${base}${API_PREFIX}shippings/shippingdownloadfiles`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ listOfRequests: list, downloadOptions: ['original'] }),
      }),
    );
  rmSync(await fileOf(first));
  const missing = await pack([first, second]);
  truncateSync(await fileOf(second), 10);
  const cut = await pack([second]);
  const health = await timed(() => call(`${base}/healthz`));
  const account = await call(`${base}${API_PREFIX}account/users/read`, { headers });
  const up = isAlive(pid) && health.value.status === 200 && account.status === 200;
  return {
    missingFile: { status: missing.value.status, body: missing.value.body.slice(0, 200), ms: missing.ms },
    fileCutShort: { status: cut.value.status, bytes: cut.value.body.length, ms: cut.ms },
    healthzAfter: { status: health.value.status, ms: health.ms },
    serverStayedUp: up,
    ok: up && missing.value.status === 404 && missing.value.body.includes('ERR_FILE_UNAVAILABLE'),
  };
}

/** 2. PostgreSQL frozen for FREEZE_SECONDS, then thawed. */
async function frozenDatabase(base: string) {
  const { headers } = await signIn(base, 'company.user');
  const dataDir = path.join(REPO_ROOT, DATA_DIR);
  const frozen = await postgresProcesses(dataDir);
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {}
    }
  };
  cleanups.push(async () => thaw());
  for (const pid of frozen) process.kill(pid, 'SIGSTOP');
  const stoppedAt = performance.now();
  try {
    const readyz = await timed(() => call(`${base}/readyz`));
    // Several at once, as users would: the pool's connections hang, the rest wait for one.
    const requests = await Promise.all(
      Array.from({ length: 6 }, () => timed(() => call(`${base}${API_PREFIX}account/users/read`, { headers }))),
    );
    const healthz = await timed(() => call(`${base}/healthz`));
    const left = FREEZE_SECONDS * 1000 - (performance.now() - stoppedAt);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    const frozenMs = round(performance.now() - stoppedAt);
    thaw();
    const thawed = performance.now();
    await readyWithin(base, 60_000);
    const readyAfterMs = round(performance.now() - thawed);
    await waitFor(
      async () => (await call(`${base}${API_PREFIX}account/users/read`, { headers })).status === 200,
      60_000,
      'requests served again',
      100,
    );
    const servedAfterMs = round(performance.now() - thawed);
    return {
      frozenMs,
      readyzWhileFrozen: { status: readyz.value.status, ms: readyz.ms },
      requestsWhileFrozen: requests.map((entry) => ({
        status: entry.value.status,
        body: entry.value.body.slice(0, 80),
        ms: entry.ms,
      })),
      healthzWhileFrozen: { status: healthz.value.status, ms: healthz.ms },
      readyAfterThawMs: readyAfterMs,
      requestsServedAfterThawMs: servedAfterMs,
      // Requests are bounded by the pool's timeouts (a query already sent waits for its answer up to the query
      // timeout, 35 s by default, so one frozen for less may still be served once PostgreSQL thaws): each must have an
      // answer, a 503 with its key or the data; never a dropped connection.
      requestsAnsweredWithinQueryTimeout: requests.every(
        (entry) =>
          entry.ms < QUERY_TIMEOUT_MS + 5_000 &&
          (entry.value.status === 200 ||
            (entry.value.status === 503 && entry.value.body.includes('ERR_SYSTEM_NOT_AVAILABLE'))),
      ),
      ok: readyz.value.status === 503 && readyz.ms < BUDGET.readyz503Ms,
    };
  } finally {
    thaw();
  }
}

/** 3. SIGKILL, then a new start on the same data directory (its PostgreSQL still running). */
async function killAndRestart(child: ChildProcess, port: number, pgPort: number) {
  const postmaster = (await postgresProcesses(path.join(REPO_ROOT, DATA_DIR)))[0]!;
  child.kill('SIGKILL');
  await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  const orphanLeft = isAlive(postmaster);
  const started = performance.now();
  const { base, child: next } = await startOwnServer(port, pgPort);
  await readyWithin(base, 120_000);
  const readyMs = round(performance.now() - started);
  return {
    orphanPostgresLeftRunning: orphanLeft,
    readyAfterRestartMs: readyMs,
    ok: readyMs < BUDGET.restartMs,
    base,
    child: next,
  };
}

/** 4. Two copies share a database and a slow SMTP server; the one holding sends is killed. */
async function crashedCopy() {
  const smtp = await startSmtpSink({ delayMs: 5_000 });
  cleanups.push(() => smtp.close());
  const { url } = await startBenchDatabase({ dataDir: SHARED_DATA_DIR, port: await freePort(), cleanups });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  cleanups.push(() => pool.end());
  const copies: Awaited<ReturnType<typeof startBenchServer>>[] = [];
  for (let index = 0; index < 2; index++) {
    copies.push(
      await startBenchServer({
        databaseUrl: url,
        dataDir: SHARED_DATA_DIR,
        env: {
          LOG_LEVEL: 'info',
          JOBS_ENABLED: 'true',
          SMTP_URL: smtp.url,
          OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
          CERTIFICATE_ENCRYPTION_KEY: certificateKey,
        },
        logFile: SERVER_LOG,
        cleanups,
      }),
    );
  }
  const { headers } = await signIn(copies[0]!.base, 'company.user');
  const ids = await idsOf(pool, 'Notarial notification');
  for (let index = 0; index < LEASE_SHIPPINGS; index++) await createShipping(copies[0]!.base, headers, ids);
  const leased = async (pid: number) =>
    (
      await pool.query<{ id: string }>(
        `SELECT payload->>'messageId' AS id FROM job_leases WHERE queue = 'delivery-send' AND holder LIKE $1`,
        [`%/${pid}/%`],
      )
    ).rows.length;
  let doomed: (typeof copies)[number] | undefined;
  await waitFor(
    async () => {
      for (const copy of copies) if ((await leased(copy.child.pid!)) > 0) doomed = copy;
      return doomed !== undefined;
    },
    120_000,
    'a copy holding sends',
    100,
  );
  const dead = doomed!;
  dead.child.kill('SIGKILL');
  await new Promise((resolve) => (dead.child.exitCode === null ? dead.child.once('exit', resolve) : resolve(null)));
  const killedAt = performance.now();
  const held = await leased(dead.child.pid!);
  await waitFor(async () => (await leased(dead.child.pid!)) === 0, 120_000, 'the work taken over', 100);
  const resumedMs = round(performance.now() - killedAt);
  await waitFor(
    async () =>
      (await pool.query(`SELECT 1 FROM delivery_messages WHERE status IN ('queued', 'sending')`)).rows.length === 0 &&
      (await pool.query(`SELECT 1 FROM shippings WHERE state = 'pending_to_send'`)).rows.length === 0 &&
      (await pool.query('SELECT 1 FROM delivery_messages')).rows.length === LEASE_SHIPPINGS,
    240_000,
    'every message settled',
    250,
  );
  const settledMs = round(performance.now() - killedAt);
  const guids = smtp.received.map((mail) => /Message-ID: <([0-9a-f-]{36})@/i.exec(mail.raw)?.[1] ?? 'none');
  const duplicates = guids.length - new Set(guids).size;
  return {
    shippings: LEASE_SHIPPINGS,
    sendsHeldByTheKilledCopy: held,
    resumedAfterKillMs: resumedMs,
    allSettledAfterKillMs: settledMs,
    mailsReceived: guids.length,
    duplicates,
    ok: held > 0 && resumedMs < BUDGET.resumedMs && duplicates === 0,
  };
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp(cleanups).finally(() => process.exit(130)));
  }
  try {
    const load = { start: loadAverage(), end: 0 };
    rmSync(path.join(REPO_ROOT, DATA_DIR), { recursive: true, force: true });
    rmSync(path.join(REPO_ROOT, SERVER_LOG), { force: true });
    const port = await freePort();
    const pgPort = await freePort();
    const firstStart = performance.now();
    const first = await startOwnServer(port, pgPort);
    await readyWithin(first.base, 180_000);
    const firstStartMs = round(performance.now() - firstStart);
    const pool = new pg.Pool({ connectionString: embeddedDatabaseUrl(pgPort, 'sello'), max: 1 });
    cleanups.push(() => pool.end());
    const pack = await unreadablePack(first.base, pool, first.child.pid!);
    process.stdout.write(`1. unreadable pack: ${JSON.stringify(pack)}\n`);
    const outage = await frozenDatabase(first.base);
    process.stdout.write(`2. PostgreSQL frozen: ${JSON.stringify(outage)}\n`);
    const { base: _base, child: _child, ...restart } = await killAndRestart(first.child, port, pgPort);
    process.stdout.write(`3. SIGKILL and restart: ${JSON.stringify(restart)}\n`);
    const crash = await crashedCopy();
    process.stdout.write(`4. crashed copy: ${JSON.stringify(crash)}\n`);
    load.end = loadAverage();
    const ok = pack.ok && outage.ok && outage.requestsAnsweredWithinQueryTimeout && restart.ok && crash.ok;
    const summary = [
      `Faults against the server in its own process (production defaults: connect 5 s, statement 30 s, query 35 s, lease 15 s); load average (1 min) ${load.start} → ${load.end}.`,
      '',
      '| fault | what the caller saw | recovery | budget |',
      '| --- | --- | --- | --- |',
      `| pack with a missing file | ${pack.missingFile.status} \`${pack.missingFile.body}\` in ${pack.missingFile.ms} ms | server up: ${pack.serverStayedUp}, /healthz ${pack.healthzAfter.status} | key and server up: ${pack.ok ? 'OK' : 'MISSED'} |`,
      `| pack with a file cut short | ${pack.fileCutShort.status}, ${pack.fileCutShort.bytes} bytes, in ${pack.fileCutShort.ms} ms | server up: ${pack.serverStayedUp} | server up |`,
      `| PostgreSQL frozen ${FREEZE_SECONDS} s | /readyz ${outage.readyzWhileFrozen.status} in ${outage.readyzWhileFrozen.ms} ms; requests ${outage.requestsWhileFrozen.map((entry) => `${entry.status} in ${entry.ms} ms`).join(', ')} | /readyz 200 ${outage.readyAfterThawMs} ms after SIGCONT, requests ${outage.requestsServedAfterThawMs} ms | 503 < ${BUDGET.readyz503Ms} ms: ${outage.ok ? 'OK' : 'MISSED'} |`,
      `| SIGKILL of the server | PostgreSQL left running: ${restart.orphanPostgresLeftRunning} | ready ${restart.readyAfterRestartMs} ms after the new start | < ${BUDGET.restartMs} ms: ${restart.ok ? 'OK' : 'MISSED'} |`,
      `| copy killed holding ${crash.sendsHeldByTheKilledCopy} sends | ${crash.mailsReceived} mails received, ${crash.duplicates} twice | taken over ${crash.resumedAfterKillMs} ms after the kill, all settled at ${crash.allSettledAfterKillMs} ms | < ${BUDGET.resumedMs} ms, none twice: ${crash.ok ? 'OK' : 'MISSED'} |`,
      '',
      `First start of the server (new data directory, embedded PostgreSQL initialised, demo seeded): ${firstStartMs} ms.`,
    ];
    process.stdout.write(`${summary.join('\n')}\n`);
    writeResult('faults', {
      ok,
      summary,
      freezeSeconds: FREEZE_SECONDS,
      firstStartMs,
      unreadablePack: pack,
      frozenDatabase: outage,
      killAndRestart: restart,
      crashedCopy: crash,
      budget: BUDGET,
      loadAverage1m: load,
    });
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    process.stderr.write(`faults: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 2;
  } finally {
    await cleanUp(cleanups);
  }
}

await main();
