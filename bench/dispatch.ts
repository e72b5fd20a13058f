// Dispatch throughput to the outbox (issue 4): N sandbox shippings (one receiver each) wait in
// `pending_to_send` with their dispatch jobs queued in one transaction; the real server, in its own
// process with the job workers on, dispatches them (deadline, link, outbox message, event, `sent`). The
// figure is N divided by the time from the commit that queued the jobs to the last shipping `sent`.
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { DELIVERY_JOBS } from '../apps/server/src/platform/job-catalogue.ts';
import { createJobQueue } from '../apps/server/src/platform/jobs.ts';
import { loadAverage, round } from './lib/bench-helpers.ts';
import { REPO_ROOT, writeResult } from './lib/bench-result.ts';
import { cleanUp, freePort, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';

const DATA_DIR = '.test-data/bench-dispatch-db';
const SHIPPINGS = Number(process.env.BENCH_DISPATCH_SHIPPINGS ?? 2_000);
const BUDGET = { shippingsPerSecond: 200 } as const;

const cleanups: TCleanups = [];

type TDatabase = Awaited<ReturnType<typeof startBenchDatabase>>['database'];

/**
 * N sandbox shippings of a notification type, one receiver each, in `pending_to_send`, and their
 * dispatch jobs, in one transaction (as creation queues them). Answers when it committed.
 */
async function queueShippings(database: TDatabase): Promise<number> {
  const { rows } = await database.pool.query<{ userId: string; companyId: string; domainId: string; typeId: string }>(
    `SELECT u.id AS "userId", uc.company_id AS "companyId", u.domain_id AS "domainId", t.id AS "typeId"
     FROM users u JOIN user_companies uc ON uc.user_id = u.id
     JOIN shipping_types t ON t.domain_id = u.domain_id AND t.name = 'Notarial notification'
     WHERE u.username = 'sandbox.user' LIMIT 1`,
  );
  const sender = rows[0];
  if (!sender) throw new Error('the demo has no sandbox.user with a company');
  const queue = createJobQueue({
    pool: database.pool,
    db: database.db,
    leaseSeconds: 15,
    logger: pino({ level: 'warn' }),
    work: false,
  });
  await queue.start([]);
  cleanups.push(() => queue.stop());
  await database.db.transaction().execute(async (trx) => {
    const { rows: inserted } = await sql<{ id: string }>`
      INSERT INTO shippings (domain_id, company_id, type_id, sender_id, service_kind, channel, subject, state,
        requires_auth, is_sandbox, receiver_summary, search_text)
      SELECT ${sender.domainId}::bigint, ${sender.companyId}::bigint, ${sender.typeId}::bigint, ${sender.userId}::bigint,
        'notification', 'email', 'Bench dispatch ' || n, 'pending_to_send', false, true, 'Receiver ' || n,
        'bench dispatch receiver ' || n
      FROM generate_series(1, ${SHIPPINGS}::int) AS n
      RETURNING id`.execute(trx);
    await trx
      .insertInto('shipping_receivers')
      .values(
        inserted.map((row, index) => ({
          shipping_id: row.id,
          position: 1,
          kind: 'individual',
          name: `Receiver ${index + 1}`,
          email: `receiver${index + 1}@example.es`,
          language: (['es-es', 'en-en', 'pt-pt'] as const)[index % 3],
        })),
      )
      .execute();
    for (const row of inserted) await queue.send(DELIVERY_JOBS.dispatch, { shippingId: row.id }, { within: trx });
  });
  return performance.now();
}

async function main(): Promise<void> {
  const load = { start: loadAverage(), end: 0 };
  // Any free port: other benches and helpers on this machine hold the fixed ones.
  const { url, database } = await startBenchDatabase({ dataDir: DATA_DIR, port: await freePort(), cleanups });
  await startBenchServer({
    databaseUrl: url,
    dataDir: DATA_DIR,
    env: { LOG_LEVEL: 'warn', JOBS_ENABLED: 'true' },
    cleanups,
  });
  const committed = await queueShippings(database);
  const count = async (query: string) => Number((await database.pool.query(query)).rows[0].n);
  const deadline = Date.now() + 120_000;
  let sent = 0;
  while (Date.now() < deadline) {
    sent = await count("SELECT count(*) AS n FROM shippings WHERE state = 'sent'");
    if (sent >= SHIPPINGS) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - committed) / 1000;
  const outbox = await count('SELECT count(*) AS n FROM outbox');
  const events = await count("SELECT count(*) AS n FROM shipping_events WHERE action = 'dispatch'");
  load.end = loadAverage();
  const perSecond = round(sent / seconds);
  const ok =
    sent === SHIPPINGS && outbox === SHIPPINGS && events === SHIPPINGS && perSecond >= BUDGET.shippingsPerSecond;
  const summary = [
    `- ${SHIPPINGS} sandbox shippings dispatched to the outbox by the server's job workers in ${round(seconds, 2)} s: **${perSecond} shippings/s** (budget ≥ ${BUDGET.shippingsPerSecond}/s)`,
    `- ${sent} sent, ${outbox} outbox messages, ${events} dispatch events; load average ${load.start} → ${load.end}`,
  ];
  process.stdout.write(`${summary.join('\n')}\n`);
  const file = writeResult('dispatch', {
    ok,
    summary,
    shippings: SHIPPINGS,
    sent,
    outboxMessages: outbox,
    dispatchEvents: events,
    seconds: round(seconds, 2),
    shippingsPerSecond: perSecond,
    budget: BUDGET,
    loadAverage1m: load,
  });
  process.stdout.write(`Written: ${path.relative(REPO_ROOT, file)}\n`);
  if (!ok) process.exitCode = 1;
}

main()
  .catch((error) => {
    process.stderr.write(`dispatch bench failed: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp(cleanups));
