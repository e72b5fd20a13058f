// pwdrecover must not tell a known login from an unknown one by its time: 200 calls for each,
// interleaved, and their medians within 10 %. Then sign-in (argon2id at OWASP's minimum: 19 MiB, 2
// passes) with 10 clients at once: its p95 is recorded. The real server runs in its own process, without
// SMTP (mail goes to the account outbox, as in the demo).
import { randomBytes } from 'node:crypto';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-password.ts';
import { loadAverage, round } from './lib/bench-helpers.ts';
import { writeResult } from './lib/bench-result.ts';
import { cleanUp, freePort, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';

const DATA_DIR = '.test-data/bench-pwd-recover-db';
const CALLS = 200;
const KNOWN = 'company.user';
const UNKNOWN = 'nobody.known.here';
const BUDGET = { medianGapPercent: 10 } as const;
const SIGN_IN = { clients: 10, perClient: 30 } as const;

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
    env: { LOG_LEVEL: 'warn', PASSWORD_RECOVER_PER_IP_PER_HOUR: '10000', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' },
    cleanups,
  });
  const xsrf = randomBytes(24).toString('base64url');
  const headers = { 'content-type': 'application/json', cookie: `${COOKIES.xsrf}=${xsrf}`, [HEADERS.xsrf]: xsrf };

  const recover = async (login: string): Promise<number> => {
    // The per-login limit (3 an hour) would stop the run: its record is cleared outside the timed part.
    await database.pool.query('DELETE FROM password_recover_requests');
    const started = performance.now();
    const response = await fetch(`${base}${API_PREFIX}security/pwdrecover`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ login, language: 'es-es' }),
    });
    await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`pwdrecover ${login} answered ${response.status}`);
    return elapsed;
  };

  for (let i = 0; i < 10; i++) await recover(i % 2 ? KNOWN : UNKNOWN); // warm-up
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    // Alternate which goes first, so neither always follows the other's after-answer mail work.
    if (i % 2 === 0) {
      known.push(await recover(KNOWN));
      unknown.push(await recover(UNKNOWN));
    } else {
      unknown.push(await recover(UNKNOWN));
      known.push(await recover(KNOWN));
    }
  }
  const medianKnown = round(percentile(known, 0.5), 2);
  const medianUnknown = round(percentile(unknown, 0.5), 2);
  const gapPercent = round((Math.abs(medianKnown - medianUnknown) / Math.max(medianKnown, medianUnknown)) * 100, 2);
  // 10 clients, each signing in again as soon as its previous sign-in answers.
  const signInTimes: number[] = [];
  let signInFailures = 0;
  const signInStarted = performance.now();
  await Promise.all(
    Array.from({ length: SIGN_IN.clients }, async () => {
      for (let i = 0; i < SIGN_IN.perClient; i++) {
        const started = performance.now();
        const response = await fetch(`${base}${API_PREFIX}security/login`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ login: KNOWN, password: DEMO_PASSWORD }),
        });
        await response.text();
        signInTimes.push(performance.now() - started);
        if (response.status !== 200) signInFailures++;
      }
    }),
  );
  const signInSeconds = (performance.now() - signInStarted) / 1000;
  const signInFigures = {
    clients: SIGN_IN.clients,
    requests: signInTimes.length,
    perSecond: round(signInTimes.length / signInSeconds, 1),
    p50Ms: round(percentile(signInTimes, 0.5), 1),
    p95Ms: round(percentile(signInTimes, 0.95), 1),
    p99Ms: round(percentile(signInTimes, 0.99), 1),
    failures: signInFailures,
  };
  const mailed = Number(
    (await database.pool.query("SELECT count(*) AS n FROM account_outbox WHERE purpose = 'recovery'")).rows[0].n,
  );
  load.end = loadAverage();

  const ok = gapPercent <= BUDGET.medianGapPercent && mailed >= CALLS && signInFailures === 0;
  const summary = [
    `pwdrecover, ${CALLS} calls each, interleaved: known login median ${medianKnown} ms (p95 ${round(percentile(known, 0.95), 2)}), unknown login median ${medianUnknown} ms (p95 ${round(percentile(unknown, 0.95), 2)}); gap ${gapPercent} % (budget ${BUDGET.medianGapPercent} %); ${mailed} links kept in the outbox.`,
    '',
    `Sign-in (argon2id, 19 MiB, t=2), ${SIGN_IN.clients} clients at once, ${signInFigures.requests} sign-ins: ${signInFigures.perSecond}/s, p50 ${signInFigures.p50Ms} ms, p95 ${signInFigures.p95Ms} ms, p99 ${signInFigures.p99Ms} ms, ${signInFailures} failed.`,
    '',
    `Load average (1 min) ${load.start} at the start, ${load.end} at the end.`,
  ];
  process.stdout.write(`${summary.join('\n')}\n${ok ? 'Budget kept.' : 'FAILED.'}\n`);
  writeResult('pwd-recover', {
    ok,
    summary,
    budget: BUDGET,
    load,
    pwdrecover: { calls: CALLS, medianKnownMs: medianKnown, medianUnknownMs: medianUnknown, gapPercent, mailed },
    signIn: signInFigures,
  });
  process.exitCode = ok ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp(cleanups).finally(() => process.exit(130)));
}
try {
  await main();
} catch (error) {
  process.stderr.write(`pwd-recover: ${(error as Error).stack ?? error}\n`);
  process.exitCode = 2;
} finally {
  await cleanUp(cleanups);
}
