// Hostile import files and everyone else (issue 26): while one client uploads a 50 MB CSV, a 100 MiB CSV and an
// .xlsx whose zip directory says its shared strings are 1,000 bytes (they inflate to 70 MB), another signed-in
// client calls a light endpoint (its own account) in a loop. Its worst and p99 latency during the uploads say
// whether the server's event loop stayed free; before, the 50 MB CSV alone blocked it for 33–54 s.
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { declareSize, sharedStringsSheet } from '../apps/server/test/shared-strings-sheet.ts';
import {
  csvOfSize,
  postStreamedUpload,
  residentBytes,
  type TStreamedFile,
} from '../apps/server/test/streamed-upload.ts';
import { loadAverage, mib, percentile, round, signIn, timedGet } from './lib/bench-helpers.ts';
import { REPO_ROOT, writeResult } from './lib/bench-result.ts';
import { cleanUp, freePort, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';

const DATA_DIR = '.test-data/bench-import-uploads-db';
const BUDGET = { worstMs: 250 } as const;
const MB = 1000 * 1000;
const MiB = 1024 * 1024;
/** Seconds of the light loop alone before the uploads: the same figures without them. */
const QUIET_SECONDS = 5;

const cleanups: TCleanups = [];

type TLoop = { latencies: number[]; startedAt: number[]; errors: number };

/** The light client, in a thread of its own so that the uploader's work in this process never delays it. */
const LOOP_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
const loop = { latencies: [], startedAt: [], errors: 0 };
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.timeOrigin + performance.now();
    const response = await fetch(workerData.url, { headers: workerData.headers });
    await response.arrayBuffer();
    loop.startedAt.push(started);
    loop.latencies.push(performance.timeOrigin + performance.now() - started);
    if (response.status !== 200) loop.errors++;
  }
  parentPort.postMessage(loop);
})();
`;

/** Calls `url` one request after the other until stopped, keeping each request's start and time to the last byte. */
function startLoop(url: string, headers: Record<string, string>): { stop: () => Promise<TLoop> } {
  const worker = new Worker(LOOP_WORKER, { eval: true, workerData: { url, headers } });
  const finished = new Promise<TLoop>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const loop = await finished;
      await worker.terminate();
      return loop;
    },
  };
}

function figures(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    worstMs: round(sorted.at(-1) ?? Number.NaN),
  };
}

async function main(): Promise<void> {
  const load = { start: loadAverage(), end: 0 };
  const { url, database } = await startBenchDatabase({ dataDir: DATA_DIR, port: await freePort(), cleanups });
  const { base, child } = await startBenchServer({
    databaseUrl: url,
    dataDir: DATA_DIR,
    env: { LOG_LEVEL: 'warn', JOBS_ENABLED: 'false' },
    cleanups,
  });
  const uploader = await signIn(base, 'company.admin');
  const other = await signIn(base, 'company.user');
  const ids = (
    await database.pool.query<{ companyId: string; typeId: string }>(
      `SELECT c.id AS "companyId", t.id AS "typeId" FROM companies c
       JOIN shipping_types t ON t.domain_id = c.domain_id AND t.name = 'Notarial notification'
       WHERE c.tax_id = 'B12345674'`,
    )
  ).rows[0]!;
  const fields = { companyId: ids.companyId, typeId: ids.typeId, channel: 'email' };
  const lying = declareSize(await sharedStringsSheet(2_400_000), 'xl/sharedStrings.xml', 1000);
  const files: { label: string; file: TStreamedFile; key: string }[] = [
    {
      label: '50 MB CSV',
      file: { field: 'data', name: 'big.csv', type: 'text/csv', chunks: csvOfSize(50 * MB) },
      key: 'ERR_TOO_MANY_ROWS',
    },
    {
      label: '100 MiB CSV',
      file: { field: 'data', name: 'huge.csv', type: 'text/csv', chunks: csvOfSize(100 * MiB) },
      key: 'ERR_MAX_FILE_SIZE',
    },
    {
      label: `.xlsx of ${Math.round(lying.length / 1024)} KB declaring 1,000 bytes of shared strings`,
      file: { field: 'data', name: 'lying.xlsx', type: 'application/octet-stream', chunks: [lying] },
      key: 'ERR_FILE_TOO_COMPLEX',
    },
  ];
  const light = `${base}${API_PREFIX}account/users/read`;
  // Warm-up (connections, plans, exceljs loaded by a small .xlsx), then the light loop alone.
  for (let index = 0; index < 50; index++) await timedGet(light, other.headers);
  await postStreamedUpload(`${base}${API_PREFIX}shipping/import/import`, uploader.headers, fields, {
    field: 'data',
    name: 'small.xlsx',
    type: 'application/octet-stream',
    chunks: [await sharedStringsSheet(10)],
  });
  const quiet = startLoop(light, other.headers);
  await new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000));
  const quietLoop = await quiet.stop();

  const rssBefore = residentBytes(child.pid!);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, residentBytes(child.pid!));
  }, 25);
  const own = monitorEventLoopDelay({ resolution: 10 });
  own.enable();
  const busy = startLoop(light, other.headers);
  let busyLoop: TLoop = { latencies: [], startedAt: [], errors: 0 };
  const uploads: { label: string; seconds: number; status: number; key: string; ok: boolean; endSecond: number }[] = [];
  const uploadsStarted = performance.timeOrigin + performance.now();
  try {
    for (const { label, file, key } of files) {
      const started = performance.now();
      const answer = await postStreamedUpload(
        `${base}${API_PREFIX}shipping/import/import`,
        uploader.headers,
        fields,
        file,
      );
      const got = (JSON.parse(answer.body) as { fields?: { data?: string } }).fields?.data ?? answer.body;
      uploads.push({
        label,
        seconds: round((performance.now() - started) / 1000, 2),
        status: answer.status,
        key: got,
        ok: answer.status === 400 && got === key,
        endSecond: round((performance.timeOrigin + performance.now() - uploadsStarted) / 1000, 2),
      });
    }
  } finally {
    clearInterval(sampler);
    busyLoop = await busy.stop();
    own.disable();
  }
  process.stdout.write(`bench's own event loop: max delay ${round(own.max / 1e6)} ms\n`);
  load.end = loadAverage();
  const during = figures(busyLoop.latencies);
  // When the slowest requests started, in seconds from the first upload (each upload's end is in `uploads`).
  const slowest = busyLoop.latencies
    .map((ms, index) => ({ ms: round(ms), atSecond: round((busyLoop.startedAt[index]! - uploadsStarted) / 1000, 2) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  const before = figures(quietLoop.latencies);
  const rss = { beforeMiB: mib(rssBefore), peakMiB: mib(rssPeak), growthMiB: mib(rssPeak - rssBefore) };
  const ok =
    uploads.every((upload) => upload.ok) &&
    busyLoop.errors === 0 &&
    quietLoop.errors === 0 &&
    during.worstMs < BUDGET.worstMs;
  const summary = [
    ...uploads.map(
      (upload) =>
        `- ${upload.label}: ${upload.status} \`${upload.key}\` after ${upload.seconds} s${upload.ok ? '' : ' (**not the expected key**)'}`,
    ),
    `- \`account/users/read\` in a loop during the uploads: ${during.requests} requests, p50 ${during.p50Ms} ms, p99 ${during.p99Ms} ms, **worst ${during.worstMs} ms** (budget < ${BUDGET.worstMs} ms)`,
    `- the same loop alone for ${QUIET_SECONDS} s before: p50 ${before.p50Ms} ms, p99 ${before.p99Ms} ms, worst ${before.worstMs} ms`,
    `- server RSS ${rss.beforeMiB} MiB → peak ${rss.peakMiB} MiB (+${rss.growthMiB} MiB); load average ${load.start} → ${load.end}`,
  ];
  process.stdout.write(`${summary.join('\n')}\nslowest: ${JSON.stringify(slowest)}\n`);
  const file = writeResult('import-uploads', {
    ok,
    summary,
    uploads,
    during,
    slowest,
    before,
    errors: busyLoop.errors + quietLoop.errors,
    rss,
    budget: BUDGET,
    loadAverage1m: load,
  });
  process.stdout.write(`Written: ${path.relative(REPO_ROOT, file)}\n`);
  if (!ok) process.exitCode = 1;
}

main()
  .catch((error) => {
    process.stderr.write(`import-uploads bench failed: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp(cleanups));
