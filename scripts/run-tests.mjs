// Runs every check of the project and ends with one line `N passed, N failed[, N skipped]`.
// Type-check, lint and the console build count as one test each; unit, API and browser tests
// are counted from their runners' JSON reports. Each phase prints how long it took, and a summary of
// the phases' durations comes just before the final line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-data');
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each phase's label and its duration in seconds, in the order they ran. */
const durations = [];

function run(label, command, args, options = {}) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const startedAt = performance.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
    ...options,
  });
  const took = ((performance.now() - startedAt) / 1000).toFixed(1);
  durations.push([label, took]);
  process.stdout.write(`=== ${label}: ${took} s ===\n`);
  return result.status === 0;
}

function countCheck(label, ok) {
  if (ok) totals.passed++;
  else {
    totals.failed++;
    process.stdout.write(`FAILED: ${label}\n`);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Debian's Chromium (browser tests), poppler-utils (PDF signature checks) and prometheus (promtool checks the alert rules) when absent. */
function ensureSystemPackages() {
  const wanted = [
    ['/usr/bin/chromium', 'chromium'],
    ['/usr/bin/pdfsig', 'poppler-utils'],
    ['/usr/bin/promtool', 'prometheus'],
  ].filter(([binary]) => !existsSync(binary));
  if (wanted.length === 0) return true;
  const packages = wanted.map(([, name]) => name);
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    spawnSync(prefix[0] ?? 'apt-get', [...prefix.slice(1), ...(asRoot ? [] : ['apt-get']), ...args], {
      stdio: 'inherit',
      env,
    });
  process.stdout.write(`\n=== installing ${packages.join(', ')} from Debian ===\n`);
  apt(['update', '-qq']);
  return apt(['install', '-y', '-qq', ...packages]).status === 0;
}

countCheck('system packages', ensureSystemPackages());
countCheck('type-check', run('type-check', 'tsc', ['-p', 'tsconfig.json']));
countCheck('lint', run('lint', 'biome', ['check', '.']));

const vitestReport = path.join(reports, 'vitest-results.json');
rmSync(vitestReport, { force: true });
const vitestOk = run('unit and API tests', 'vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A suite that failed to load has no tests to count; count it as a failure.
  if (!vitestOk && vitest.numFailedTests === 0) totals.failed += Math.max(1, vitest.numFailedTestSuites);
} else {
  totals.failed++;
}

const built = run('console build', 'npm', ['run', 'build', '--silent']);
countCheck('console build', built);
if (built) {
  const e2eReport = path.join(reports, 'e2e-results.json');
  rmSync(e2eReport, { force: true });
  const e2eOk = run('browser tests', 'playwright', ['test', '--config', 'e2e/playwright.config.ts']);
  const e2e = readJson(e2eReport);
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    if (!e2eOk && e2e.stats.unexpected === 0) totals.failed++;
  } else {
    totals.failed++;
  }
}

process.stdout.write(`\n${durations.map(([label, took]) => `${label}: ${took} s`).join('\n')}\n`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(totals.failed > 0 ? 1 : 0);
