// Webhook deliveries per second (issue 33): N events of one company, each with its first delivery job queued to one
// endpoint, in one transaction; the real server, in its own process with the job workers on, signs and posts each to a
// loopback https receiver (a self-signed certificate the server is told to trust) and logs each attempt. The figure is
// N divided by the time from the commit that queued the jobs to the last delivery logged.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { WEBHOOK_SECRET_BINDING } from '../apps/server/src/integration/webhook-delivery.ts';
import { createWebhookSecret } from '../apps/server/src/integration/webhook-signature.ts';
import { certificateKeyId } from '../apps/server/src/platform/certificate-key.ts';
import { WEBHOOK_JOBS } from '../apps/server/src/platform/job-catalogue.ts';
import { createJobQueue } from '../apps/server/src/platform/jobs.ts';
import { sealBox } from '../apps/server/src/platform/sealed-box.ts';
import { loadAverage, round } from './lib/bench-helpers.ts';
import { REPO_ROOT, writeResult } from './lib/bench-result.ts';
import { cleanUp, freePort, startBenchDatabase, startBenchServer, type TCleanups } from './lib/bench-server.ts';

const DATA_DIR = '.test-data/bench-webhooks-db';
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3_000);
const BUDGET = { deliveriesPerSecond: 200 } as const;

const cleanups: TCleanups = [];

type TDatabase = Awaited<ReturnType<typeof startBenchDatabase>>['database'];

/** A loopback https receiver that answers 200 to every post and counts them. */
async function startReceiver() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-bench-webhooks-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const received = { count: 0 };
  const server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (request, response) => {
    request.resume();
    request.on('end', () => {
      received.count += 1;
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  return { url: `https://127.0.0.1:${port}/hooks`, certFile, received };
}

/** One endpoint of a demo company and N events with their first delivery queued, in one transaction. */
async function queueDeliveries(database: TDatabase, url: string, encryptionKey: Buffer): Promise<number> {
  const { rows } = await database.pool.query<{ userId: string; companyId: string }>(
    `SELECT u.id AS "userId", uc.company_id AS "companyId" FROM users u
     JOIN user_companies uc ON uc.user_id = u.id WHERE u.username = 'company.admin' LIMIT 1`,
  );
  const admin = rows[0];
  if (!admin) throw new Error('the demo has no company.admin with a company');
  const key = { key: encryptionKey, id: certificateKeyId(encryptionKey), source: 'configuration' as const };
  const { id: endpointId } = await database.db
    .insertInto('webhook_endpoints')
    .values({
      company_id: admin.companyId,
      url,
      events: ['shipping.sent'],
      secret_sealed: sealBox(createWebhookSecret(), key, WEBHOOK_SECRET_BINDING),
      secret_key_id: key.id,
      created_by: admin.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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
    const { rows: events } = await sql<{ id: string }>`
      INSERT INTO webhook_events (id, company_id, type, data)
      SELECT 'msg_bench' || n, ${admin.companyId}::bigint, 'shipping.sent',
        jsonb_build_object('shippingId', n, 'companyId', ${admin.companyId}::bigint, 'state', 'sent', 'result', null)
      FROM generate_series(1, ${EVENTS}::int) AS n
      RETURNING id`.execute(trx);
    await queue.sendMany(
      WEBHOOK_JOBS.deliver,
      events.map((event) => ({ eventId: event.id, endpointId, attempt: 1 })),
      { within: trx },
    );
  });
  return performance.now();
}

async function main(): Promise<void> {
  const load = { start: loadAverage(), end: 0 };
  const receiver = await startReceiver();
  const { url, database } = await startBenchDatabase({ dataDir: DATA_DIR, port: await freePort(), cleanups });
  const encryptionKey = randomBytes(32);
  await startBenchServer({
    databaseUrl: url,
    dataDir: DATA_DIR,
    env: {
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'true',
      CERTIFICATE_ENCRYPTION_KEY: encryptionKey.toString('hex'),
      // The receiver is on loopback with its own certificate: allowed and trusted here only.
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
      NODE_EXTRA_CA_CERTS: receiver.certFile,
    },
    cleanups,
  });
  const committed = await queueDeliveries(database, receiver.url, encryptionKey);
  const count = async (query: string) => Number((await database.pool.query(query)).rows[0].n);
  const deadline = Date.now() + 120_000;
  let logged = 0;
  while (Date.now() < deadline) {
    logged = await count('SELECT count(*) AS n FROM webhook_deliveries');
    if (logged >= EVENTS) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - committed) / 1000;
  const succeeded = await count('SELECT count(*) AS n FROM webhook_deliveries WHERE succeeded');
  const latency = (
    await database.pool.query(
      'SELECT percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95 FROM webhook_deliveries',
    )
  ).rows[0].p95;
  load.end = loadAverage();
  const perSecond = round(succeeded / seconds);
  const ok = succeeded === EVENTS && receiver.received.count >= EVENTS && perSecond >= BUDGET.deliveriesPerSecond;
  const summary = [
    `- ${EVENTS} webhook deliveries signed and posted by the server's job workers to a loopback https receiver in ${round(seconds, 2)} s: **${perSecond} deliveries/s** (budget ≥ ${BUDGET.deliveriesPerSecond}/s)`,
    `- ${succeeded} logged as succeeded, ${receiver.received.count} received; p95 of one post ${round(Number(latency), 1)} ms; load average ${load.start} → ${load.end}`,
  ];
  process.stdout.write(`${summary.join('\n')}\n`);
  const file = writeResult('webhooks', {
    ok,
    summary,
    events: EVENTS,
    succeeded,
    received: receiver.received.count,
    seconds: round(seconds, 2),
    deliveriesPerSecond: perSecond,
    postLatencyP95Ms: round(Number(latency), 1),
    budget: BUDGET,
    loadAverage1m: load,
  });
  process.stdout.write(`Written: ${path.relative(REPO_ROOT, file)}\n`);
  if (!ok) process.exitCode = 1;
}

main()
  .catch((error) => {
    process.stderr.write(`webhooks bench failed: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp(cleanups));
