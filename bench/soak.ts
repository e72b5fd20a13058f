// The soak: the real server in its own process (as `npm run serve` starts it, job workers on, log lines to a file)
// under 100 connections for a while, the console's usual calls in turn; every error, timeout and non-2xx answer
// counted, the server's resident memory sampled every 5 s. `BENCH_SOAK_SECONDS=600` is the issue's ten minutes;
// the default (60 s) fits `npm run bench`. Loopback only.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import autocannon from 'autocannon';
import { cpuMs, loadAverage, mib, round, signIn, toSearch } from './lib/bench-helpers.ts';
import { writeResult } from './lib/bench-result.ts';
import { cleanUp, freePort, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';

const DATA_DIR = '.test-data/bench-soak-db';
const SERVER_LOG = '.test-data/bench-soak-server.log';
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 100);
/** Unmeasured seconds first, for V8 and the pool to settle: the memory growth counts from their end. */
const WARMUP_SECONDS = 20;
const SAMPLE_MS = 5_000;
/** Budgets: no failed request, and the resident memory at the end within this share of where it was after warm-up. */
const BUDGET_RSS_GROWTH_PERCENT = 10;

const cleanups: TCleanups = [];

/** Resident memory of a process in bytes (VmRSS). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

/** What the console asks most, as company.user sees it (own shippings, their types, the account, the shell). */
function requestsOf(headers: Record<string, string>) {
  const get = (path: string, query?: Record<string, string | number>) => ({
    method: 'GET' as const,
    path: `${API_PREFIX}${path}${query ? `?${toSearch(query)}` : ''}`,
    headers,
  });
  return [
    get('shippings/shippingslist', { first: 0, pageSize: 10, scope: 'own' }),
    get('account/users/read'),
    get('shippings/shippingListTypes'),
    get('companies/usercompanieslist'),
    get('configuration/getOtherConfig'),
    get('shippings/dashboard', { scope: 'own', filterFrom: Date.now() - 30 * 86_400_000, filterTo: Date.now() }),
    get('admin/version'),
  ];
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp(cleanups).finally(() => process.exit(130)));
  }
  try {
    const load = { start: loadAverage(), end: 0 };
    const { url } = await startBenchDatabase({ dataDir: DATA_DIR, port: await freePort(), cleanups });
    rmSync(SERVER_LOG, { force: true });
    const { base, child } = await startBenchServer({
      databaseUrl: url,
      dataDir: DATA_DIR,
      env: { LOG_LEVEL: 'info', JOBS_ENABLED: 'true' },
      logFile: SERVER_LOG,
      cleanups,
    });
    const { headers } = await signIn(base, 'company.user');
    // A session lasts FRONTEND_SESSION_TIME_MINUTES (5 by default) unless refreshed: the console refreshes its token
    // before it ends, so does the soak, every minute; each request takes the newest token.
    const session = { token: headers[HEADERS.authToken]! };
    const refresh = async () => {
      const response = await fetch(`${base}${API_PREFIX}security/refreshToken`, {
        headers: { ...headers, [HEADERS.authToken]: session.token },
      });
      const next = response.headers.get(HEADERS.authToken);
      await response.arrayBuffer();
      if (response.status === 200 && next) session.token = next;
      else refreshFailures++;
    };
    let refreshFailures = 0;
    const refresher = setInterval(() => void refresh(), 60_000);
    cleanups.push(async () => clearInterval(refresher));
    const requests = requestsOf(headers).map((request) => ({
      ...request,
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        headers: { ...req.headers, [HEADERS.authToken]: session.token },
      }),
    }));
    for (const request of requests) {
      const response = await fetch(`${base}${request.path}`, { headers });
      if (response.status !== 200) throw new Error(`${request.path} answered ${response.status}`);
      await response.arrayBuffer();
    }
    // In the bench process (not a worker thread), so that each request reads the refreshed token.
    const options = { url: base, connections: CONNECTIONS, requests, timeout: 10 };
    await autocannon({ ...options, duration: WARMUP_SECONDS });
    const samples: { second: number; rssMiB: number }[] = [];
    const started = Date.now();
    const sample = () => samples.push({ second: round((Date.now() - started) / 1000), rssMiB: mib(rssOf(child.pid!)) });
    sample();
    const timer = setInterval(sample, SAMPLE_MS);
    const cpuBefore = cpuMs(child.pid!);
    const measuredFrom = performance.now();
    const result = await autocannon({ ...options, duration: SECONDS });
    // What the server process got of the cores, and spent per request: with neighbours loading the machine, a
    // server that had only a fraction of a core shows it here rather than in its own figures.
    const serverCpu = cpuMs(child.pid!) - cpuBefore;
    const serverCpuShareOfCore = round(serverCpu / (performance.now() - measuredFrom), 2);
    const serverCpuMsPerRequest = round(serverCpu / Math.max(1, result.requests.total), 2);
    clearInterval(timer);
    sample();
    load.end = loadAverage();
    // Growth from the first minute's mean to the last minute's (a tenth of the run when shorter), not two single
    // samples a collection may have caught either side of.
    const window = Math.max(1, Math.round(Math.min(60_000, (SECONDS * 1000) / 10) / SAMPLE_MS));
    const meanOf = (part: typeof samples) => part.reduce((sum, entry) => sum + entry.rssMiB, 0) / part.length;
    const rssStart = round(meanOf(samples.slice(0, window)));
    const rssEnd = round(meanOf(samples.slice(-window)));
    const growthPercent = round(((rssEnd - rssStart) / rssStart) * 100);
    const failures = result.errors + result.timeouts + result.non2xx + refreshFailures;
    const alive = child.exitCode === null && (await fetch(`${base}/healthz`)).status === 200;
    const ok = failures === 0 && alive && growthPercent <= BUDGET_RSS_GROWTH_PERCENT;
    const lines = [
      `Soak: ${CONNECTIONS} connections for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, ${requests.length} console calls in turn, the server in its own process (jobs on, log to a file), loopback.`,
      `  ${result.requests.total} requests (${Math.round(result.requests.average)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      `  errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, failed token refreshes ${refreshFailures}; server up at the end: ${alive}`,
      `  server RSS ${rssStart} MiB → ${rssEnd} MiB (${growthPercent} %, peak ${Math.max(...samples.map((entry) => entry.rssMiB))} MiB); log ${mib(statSync(SERVER_LOG).size)} MiB`,
      `  server CPU ${serverCpuMsPerRequest} ms per request, ${serverCpuShareOfCore} of a core on average; load average (1 min) ${load.start} at the start, ${load.end} at the end`,
      `Budget: no failed request, RSS growth ≤ ${BUDGET_RSS_GROWTH_PERCENT} %: ${ok ? 'OK' : 'MISSED'}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    writeResult('soak', {
      ok,
      summary: lines,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      requests: result.requests.total,
      requestsPerSec: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      refreshFailures,
      serverAliveAtEnd: alive,
      serverCpuMsPerRequest,
      serverCpuShareOfCore,
      rss: { startMiB: rssStart, endMiB: rssEnd, growthPercent, samples },
      budget: { failures: 0, rssGrowthPercent: BUDGET_RSS_GROWTH_PERCENT },
      loadAverage1m: load,
    });
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    process.stderr.write(`soak: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 2;
  } finally {
    await cleanUp(cleanups);
  }
}

await main();
