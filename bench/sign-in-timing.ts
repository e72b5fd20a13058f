// A wrong password must not tell a known login from an unknown one by its time (issue 26): 200 sign-ins with a wrong
// password for a login that exists and 200 for one nobody has, interleaved, and their medians within 10 %. The real
// server runs in its own process, without SMTP. The failures each call records are cleared before it, outside the
// timed part, so that no call meets a delay (and, on the code before session 11, no account lock).
import { randomBytes } from 'node:crypto';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { loadAverage, round } from './lib/bench-helpers.ts';
import { writeResult } from './lib/bench-result.ts';
import { cleanUp, freePort, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';

const DATA_DIR = '.test-data/bench-sign-in-timing-db';
const CALLS = 200;
const KNOWN = 'company.user';
const UNKNOWN = 'nobody.known.here';
const BUDGET = { medianGapPercent: 10 } as const;
/** Forgets every recorded failure: sign_in_failures since session 11, the users' own count before it. */
const FORGET_FAILURES = `DO $$ BEGIN
    DELETE FROM sign_in_failures;
  EXCEPTION WHEN undefined_table THEN
    EXECUTE 'UPDATE users SET failed_attempts = 0, locked_until = NULL';
  END $$`;

const cleanups: TCleanups = [];

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  const load = { start: loadAverage(), end: 0 };
  const { url, database } = await startBenchDatabase({ dataDir: DATA_DIR, port: await freePort(), cleanups });
  const { base } = await startBenchServer({
    databaseUrl: url,
    dataDir: DATA_DIR,
    env: { LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' },
    cleanups,
  });
  const xsrf = randomBytes(24).toString('base64url');
  const headers = { 'content-type': 'application/json', cookie: `${COOKIES.xsrf}=${xsrf}`, [HEADERS.xsrf]: xsrf };

  const wrongSignIn = async (login: string): Promise<number> => {
    await database.pool.query(FORGET_FAILURES);
    const started = performance.now();
    const response = await fetch(`${base}${API_PREFIX}security/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ login, password: 'Not-the-password-1' }),
    });
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 401 || !body.includes('ERR_LOGIN_INVALID')) {
      throw new Error(`login ${login} answered ${response.status} ${body}`);
    }
    return elapsed;
  };

  for (let i = 0; i < 10; i++) await wrongSignIn(i % 2 ? KNOWN : UNKNOWN); // warm-up
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    // Alternate which goes first, so neither always follows the other's after-answer work.
    if (i % 2 === 0) {
      known.push(await wrongSignIn(KNOWN));
      unknown.push(await wrongSignIn(UNKNOWN));
    } else {
      unknown.push(await wrongSignIn(UNKNOWN));
      known.push(await wrongSignIn(KNOWN));
    }
  }
  load.end = loadAverage();
  const medianKnown = round(percentile(known, 0.5), 2);
  const medianUnknown = round(percentile(unknown, 0.5), 2);
  const gapPercent = round((Math.abs(medianKnown - medianUnknown) / Math.max(medianKnown, medianUnknown)) * 100, 2);

  const ok = gapPercent <= BUDGET.medianGapPercent;
  const summary = [
    `Wrong-password sign-ins, ${CALLS} calls each, interleaved: known login median ${medianKnown} ms (p95 ${round(percentile(known, 0.95), 2)}), unknown login median ${medianUnknown} ms (p95 ${round(percentile(unknown, 0.95), 2)}); gap ${gapPercent} % (budget ${BUDGET.medianGapPercent} %).`,
    '',
    `Load average (1 min) ${load.start} at the start, ${load.end} at the end.`,
  ];
  process.stdout.write(`${summary.join('\n')}\n${ok ? 'Budget kept.' : 'FAILED.'}\n`);
  writeResult('sign-in-timing', {
    ok,
    summary,
    budget: BUDGET,
    load,
    signIn: { calls: CALLS, medianKnownMs: medianKnown, medianUnknownMs: medianUnknown, gapPercent },
  });
  process.exitCode = ok ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp(cleanups).finally(() => process.exit(130)));
}
try {
  await main();
} catch (error) {
  process.stderr.write(`sign-in-timing: ${(error as Error).stack ?? error}\n`);
  process.exitCode = 2;
} finally {
  await cleanUp(cleanups);
}
