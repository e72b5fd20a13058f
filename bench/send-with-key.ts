// `sendrequest` through an API key (issue 33): a company's own system creating shippings with one PDF each, as
// docs/integration.md shows, at 20 connections against the real server in its own process (its job workers on).
// Each call carries the Bearer key only (no session, no XSRF) and its own Idempotency-Key. Figures: shippings created
// per second and the latency percentiles of the calls (p50, p95, p99), from the client's clock, after a warm-up.
// For reference the same calls run with the company administrator's console session, in turns (key, session, key,
// session) so that the shared machine's load hits both alike: the difference is what the key's checks cost.
import path from 'node:path';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { pdfDataUrl } from '../apps/server/src/demo/demo-pdf.ts';
import { loadAverage, percentile, round, signIn } from './lib/bench-helpers.ts';
import { REPO_ROOT, writeResult } from './lib/bench-result.ts';
import { cleanUp, freePort, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';

const DATA_DIR = '.test-data/bench-send-with-key-db';
const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  warmupSeconds: 3,
  /** Seconds measured per turn; two turns per caller. */
  turnSeconds: Number(process.env.BENCH_SECONDS ?? 8),
};

type TCaller = 'key' | 'session';
type TCall = { ms: number; status: number };

const cleanups: TCleanups = [];

type TDatabase = Awaited<ReturnType<typeof startBenchDatabase>>['database'];

async function idOf(database: TDatabase, query: string, value: string): Promise<number> {
  const { rows } = await database.pool.query<{ id: string }>(query, [value]);
  if (!rows[0]) throw new Error(`nothing for ${value}`);
  return Number(rows[0].id);
}

/** A key with the `send` scope for Notaría Central, created by its administrator through the API; and that session. */
async function createKey(base: string, companyId: number) {
  const { headers } = await signIn(base, 'company.admin');
  const response = await fetch(`${base}${API_PREFIX}integration/apiKeys/new`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ companyId, name: 'Bench ERP', scopes: ['send'] }),
  });
  if (response.status !== 200) throw new Error(`apiKeys/new: ${response.status} ${await response.text()}`);
  return { secret: ((await response.json()) as { secret: string }).secret, session: headers };
}

/** Calls `send` from `connections` loops until `until`; answers each call's milliseconds and status. */
async function drive(send: () => Promise<number>, until: number): Promise<TCall[]> {
  const calls: TCall[] = [];
  const loop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await send().catch(() => 0);
      calls.push({ ms: performance.now() - started, status });
    }
  };
  await Promise.all(Array.from({ length: LOAD.connections }, loop));
  return calls;
}

function figuresOf({ calls, seconds }: { calls: TCall[]; seconds: number }) {
  const created = calls.filter((call) => call.status === 200);
  const latencies = created.map((call) => call.ms).sort((a, b) => a - b);
  return {
    calls: calls.length,
    created: created.length,
    failed: calls.length - created.length,
    seconds: round(seconds, 2),
    shippingsPerSecond: round(created.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
  };
}

async function main(): Promise<void> {
  const load = { start: loadAverage(), end: 0 };
  const { url, database } = await startBenchDatabase({ dataDir: DATA_DIR, port: await freePort(), cleanups });
  const { base } = await startBenchServer({
    databaseUrl: url,
    dataDir: DATA_DIR,
    // The per-key limit (600 a minute by default) would be the figure otherwise: this measures the server.
    env: { LOG_LEVEL: 'warn', API_KEY_RATE_LIMIT_PER_MINUTE: '1000000' },
    cleanups,
  });
  const companyId = await idOf(database, 'SELECT id FROM companies WHERE tax_id = $1 ORDER BY id LIMIT 1', 'B12345674');
  const typeId = await idOf(
    database,
    'SELECT id FROM shipping_types WHERE name = $1 ORDER BY id LIMIT 1',
    'Certified e-mail',
  );
  const { secret, session } = await createKey(base, companyId);
  const credentials: Record<TCaller, Record<string, string>> = { key: { authorization: `Bearer ${secret}` }, session };
  const pdf = pdfDataUrl('Bench contract');
  const run = `${Date.now()}`;
  let sequence = 0;
  const sendAs = (caller: TCaller) => async () => {
    const call = sequence++;
    const response = await fetch(`${base}${API_PREFIX}shippings/sendrequest`, {
      method: 'POST',
      headers: {
        ...credentials[caller],
        'content-type': 'application/json',
        'idempotency-key': `bench-${run}-${call}`,
      },
      body: JSON.stringify({
        companyId,
        typeId,
        channel: 'email',
        reference: `BENCH-${call}`,
        subject: `Bench contract ${call}`,
        receivers: [{ name: 'Lucía Fernández', email: `lucia+${call}@example.es` }],
        documents: [{ name: 'contract.pdf', content: pdf }],
      }),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const count = async () => Number((await database.pool.query('SELECT count(*) AS n FROM shippings')).rows[0].n);
  const before = await count();
  await drive(sendAs('key'), performance.now() + LOAD.warmupSeconds * 1000);
  await drive(sendAs('session'), performance.now() + LOAD.warmupSeconds * 1000);
  const measured: Record<TCaller, { calls: TCall[]; seconds: number }> = {
    key: { calls: [], seconds: 0 },
    session: { calls: [], seconds: 0 },
  };
  for (const caller of ['key', 'session', 'key', 'session'] as const) {
    const from = performance.now();
    measured[caller].calls.push(...(await drive(sendAs(caller), from + LOAD.turnSeconds * 1000)));
    measured[caller].seconds += (performance.now() - from) / 1000;
  }
  load.end = loadAverage();
  const after = await count();
  const key = figuresOf(measured.key);
  const reference = figuresOf(measured.session);
  const ok = key.failed === 0 && reference.failed === 0 && key.created > 0;
  const line = (f: typeof key) =>
    `${f.shippingsPerSecond} shippings/s, p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, p99 ${f.p99Ms} ms (${f.created} created, ${f.failed} failed)`;
  const summary = [
    `- sendrequest through an API key, one PDF (${round(pdf.length / 1024)} KB as a data URL) to one receiver, ${LOAD.connections} connections, 2 × ${LOAD.turnSeconds} s after warm-up: **${key.shippingsPerSecond} shippings/s, p95 ${key.p95Ms} ms**; ${line(key)}`,
    `- the same calls with the administrator's console session, in turns with the key: ${line(reference)}`,
    `- ${after - before} shippings in the database (warm-up included); load average ${load.start} → ${load.end}`,
  ];
  process.stdout.write(`${summary.join('\n')}\n`);
  const file = writeResult('send-with-key', {
    ok,
    summary,
    load: LOAD,
    key,
    session: reference,
    shippingsInDatabase: after - before,
    loadAverage1m: load,
  });
  process.stdout.write(`Written: ${path.relative(REPO_ROOT, file)}\n`);
  if (!ok) process.exitCode = 1;
}

main()
  .catch((error) => {
    process.stderr.write(`send-with-key bench failed: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp(cleanups));
