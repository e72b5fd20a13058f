// Start-up time and idle memory of the server as `npm run serve` starts it: plain Node (its own type
// stripping) against the former `--import tsx` (TypeScript compiled at start-up), each started three times
// on one already initialised embedded PostgreSQL, in turns. Start-up: from spawn until /healthz answers.
// Idle memory: the process's resident set 3 s after that. Budgets: plain Node starts in at most 15 s (most of
// it is PostgreSQL starting, on a shared 2-core machine) and idles in at most 250 MiB. Loopback only.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { REPO_ROOT, writeResult } from './lib/bench-result.ts';

const PORT = Number(process.env.BENCH_HTTP_PORT ?? 8395);
const PG_PORT = Number(process.env.BENCH_STARTUP_PG_PORT ?? 54396);
const RUNS = 3;
const BUDGET = { startSeconds: 15, idleMiB: 250 } as const;
const NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024'];
const MODES = {
  'plain node (type stripping)': [...NODE_FLAGS, 'apps/server/src/main.ts'],
  'node --import tsx (before)': [...NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
} as const;
type TMode = keyof typeof MODES;

const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(PORT),
  DATA_DIR: '.test-data/bench-start-up',
  EMBEDDED_PG_PORT: String(PG_PORT),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kib / 1024) * 10) / 10;
}

async function waitHealthy(child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(25);
  }
  throw new Error('the server did not answer /healthz in time');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function startOnce(mode: TMode): Promise<{ startSeconds: number; idleMiB: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...MODES[mode]], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  try {
    await waitHealthy(child, 120_000);
    const startSeconds = Math.round((performance.now() - started) / 10) / 100;
    await sleep(3_000);
    return { startSeconds, idleMiB: residentMiB(child.pid ?? 0) };
  } catch (error) {
    throw new Error(`${mode}: ${(error as Error).message}\n${errors.slice(-2000)}`);
  } finally {
    await stopServer(child);
  }
}

async function main(): Promise<void> {
  // The first start initialises PostgreSQL and seeds the demo: not measured.
  await startOnce('plain node (type stripping)');
  const runs: { mode: TMode; startSeconds: number; idleMiB: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const mode of Object.keys(MODES) as TMode[]) runs.push({ mode, ...(await startOnce(mode)) });
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const rows = (Object.keys(MODES) as TMode[]).map((mode) => {
    const mine = runs.filter((run) => run.mode === mode);
    return {
      mode,
      startSeconds: median(mine.map((run) => run.startSeconds)),
      idleMiB: median(mine.map((run) => run.idleMiB)),
    };
  });
  const plain = rows[0] as (typeof rows)[number];
  const ok = plain.startSeconds <= BUDGET.startSeconds && plain.idleMiB <= BUDGET.idleMiB;
  const summary = [
    `Server start-up (spawn to /healthz, embedded PostgreSQL already initialised) and idle resident memory 3 s later, median of ${RUNS}:`,
    '',
    '| mode | start-up s | idle RSS MiB |',
    '| --- | ---: | ---: |',
    ...rows.map((row) => `| ${row.mode} | ${row.startSeconds} | ${row.idleMiB} |`),
    '',
    `Budget for plain node: start-up ≤ ${BUDGET.startSeconds} s, idle ≤ ${BUDGET.idleMiB} MiB: ${ok ? 'met' : 'BROKEN'}.`,
  ];
  process.stdout.write(`${summary.join('\n')}\n`);
  writeResult('start-up', { ok, summary, budget: BUDGET, runs, medians: rows });
  process.exitCode = ok ? 0 : 1;
}

await main();
