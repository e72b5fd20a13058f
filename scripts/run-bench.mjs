// Runs every bench script of bench/ (its top-level *.ts files) one after the other under tsx, prints
// their figures and writes one JSON and one Markdown summary of the run to bench/results/, named with
// the date. Exits non-zero when a bench reports a broken budget or fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const resultsDir = path.join(benchDir, 'results');
/** No bench may run longer than this; admin-lists needs about 50 s, light-get about 40 s, login-bundle about 1 s. */
const BENCH_TIMEOUT_MS = 150_000;
/** Benches that take longer: shippings-list and console-calls load 1,000,000 shippings (2 to 10 minutes); start-up starts the server seven times; imports loads 100,000 rows. */
const BENCH_TIMEOUTS_MS = {
  'shippings-list': 480_000,
  'console-calls': 900_000,
  'start-up': 300_000,
  imports: 600_000,
  'import-uploads': 300_000,
  'send-with-key': 300_000,
  // The soak runs BENCH_SOAK_SECONDS (60 by default) after its start-up; the faults bench starts the server four times.
  soak: 240_000 + Number(process.env.BENCH_SOAK_SECONDS ?? 60) * 1000,
  faults: 600_000,
};

function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
}

const loadAverage = () => Math.round(os.loadavg()[0] * 100) / 100;

function git(...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const started = new Date();
const stamp = started.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
const scripts = readdirSync(benchDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .sort();
mkdirSync(resultsDir, { recursive: true });

const run = {
  date: started.toISOString(),
  machine: machine(),
  loadAverage1m: { start: loadAverage(), end: 0 },
  commit: git('rev-parse', '--short', 'HEAD'),
  uncommittedChanges: (git('status', '--porcelain', '--untracked-files=no') ?? '') !== '',
  seconds: 0,
  ok: true,
  benches: {},
};

for (const script of scripts) {
  const name = script.replace(/\.ts$/, '');
  const resultFile = path.join(resultsDir, `${name}.tmp`);
  rmSync(resultFile, { force: true });
  process.stdout.write(`\n=== ${name} ===\n`);
  const begin = Date.now();
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, script)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULT_FILE: resultFile, FORCE_COLOR: '0' },
    timeout: BENCH_TIMEOUTS_MS[name] ?? BENCH_TIMEOUT_MS,
    killSignal: 'SIGINT',
  });
  const seconds = Math.round((Date.now() - begin) / 100) / 10;
  const result = readJson(resultFile);
  rmSync(resultFile, { force: true });
  const timedOut = child.error?.code === 'ETIMEDOUT';
  const ok = child.status === 0 && result?.ok === true;
  const failure = timedOut
    ? `timed out after ${(BENCH_TIMEOUTS_MS[name] ?? BENCH_TIMEOUT_MS) / 1000} s`
    : result === null
      ? `failed (exit ${child.status ?? child.signal}) without figures`
      : result.ok
        ? null
        : 'budget broken';
  if (!ok) process.stdout.write(`FAILED: ${name}: ${failure ?? `exit ${child.status}`}\n`);
  run.ok &&= ok;
  const { name: _name, summary = [], ...figures } = result ?? {};
  run.benches[name] = { ok, seconds, ...(failure && { failure }), summary, ...figures };
}

run.loadAverage1m.end = loadAverage();
run.seconds = Math.round((Date.now() - started.getTime()) / 1000);

const { machine: m } = run;
const markdown = [
  `# Bench run ${run.date.slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}`,
  `- Node ${m.node}; commit ${run.commit ?? 'unknown'}${run.uncommittedChanges ? ' with uncommitted changes' : ''}`,
  `- Load average (1 min) ${run.loadAverage1m.start} at the start, ${run.loadAverage1m.end} at the end; ${run.seconds} s in all`,
  `- Result: ${run.ok ? 'every budget kept' : '**FAILED**'}`,
  ...Object.entries(run.benches).flatMap(([name, bench]) => [
    '',
    `## ${name}${bench.ok ? '' : ' (FAILED)'}`,
    '',
    ...(bench.failure ? [`Failure: ${bench.failure}.`, ''] : []),
    ...bench.summary,
  ]),
  '',
].join('\n');

const jsonFile = path.join(resultsDir, `${stamp}.json`);
writeFileSync(jsonFile, `${JSON.stringify(run, null, 2)}\n`);
writeFileSync(path.join(resultsDir, `${stamp}.md`), markdown);

process.stdout.write(`\n${markdown}\nWritten: ${path.relative(root, jsonFile)} and .md\n`);
if (!existsSync(jsonFile) || !run.ok) process.exit(1);
