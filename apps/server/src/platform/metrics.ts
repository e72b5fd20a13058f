import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/schema.ts';
import { ApiError } from './api-error.ts';
import { selectQueueDepths } from './metrics.queries.ts';

/**
 * The process's metrics, one registry for every copy of the app it runs. Counters move where their fact happens
 * (the count… functions below); what is a state rather than an event (queues, pool) is read when scraped.
 */
const registry = new Registry();
// Process memory, CPU, handles, garbage collection and event-loop lag (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: registry });

const registers = [registry];

const httpDuration = new Histogram({
  name: 'sello_http_request_duration_seconds',
  help: 'HTTP requests answered, by route template, method and status, and how long they took',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

const jobFailures = new Counter({
  name: 'sello_job_failures_total',
  help: 'Background job runs that failed (retried by the queue while attempts remain), by queue',
  labelNames: ['queue'] as const,
  registers,
});

const queueDepth = new Gauge({
  name: 'sello_job_queue_depth',
  help: 'Jobs waiting to run (created or retrying, counted up to 10000), by queue',
  labelNames: ['queue'] as const,
  registers,
});

const queueOldest = new Gauge({
  name: 'sello_job_queue_oldest_seconds',
  help: 'Seconds the oldest job that is due has waited for a worker (0 when none is due), by queue',
  labelNames: ['queue'] as const,
  registers,
});

const messages = new Counter({
  name: 'sello_messages_total',
  help: 'Messages whose outcome was recorded (sent, delivered, failed, unknown), by channel',
  labelNames: ['channel', 'outcome'] as const,
  registers,
});

const providerErrors = new Counter({
  name: 'sello_provider_errors_total',
  help: 'Hand-overs a channel provider failed (transient, permanent or unknown), by transport',
  labelNames: ['transport', 'kind'] as const,
  registers,
});

const dependencyErrors = new Counter({
  name: 'sello_dependency_errors_total',
  help: 'Calls to a service the server depends on that did not answer (trust_service: TSA, CRL, OCSP; blob_store)',
  labelNames: ['dependency'] as const,
  registers,
});

const certificates = new Counter({
  name: 'sello_certificates_produced_total',
  help: 'Delivery certificates built, sealed and stored',
  registers,
});

const certificatesRefused = new Counter({
  name: 'sello_certificates_refused_total',
  help: "Certificate runs refused because a certificate of the seal's or the TSA's chain is revoked, by reason",
  labelNames: ['reason'] as const,
  registers,
});

const stuckWork = new Counter({
  name: 'sello_stuck_work_requeued_total',
  help: "Work found stuck and queued again, by kind: the sweep (shippings, messages) or a dead copy's leases (queue)",
  labelNames: ['kind'] as const,
  registers,
});

const poolConnections = new Gauge({
  name: 'sello_db_pool_connections',
  help: 'Connections of the database pool, by state (in_use, idle) and its maximum (max)',
  labelNames: ['state'] as const,
  registers,
});

const poolWaiting = new Gauge({
  name: 'sello_db_pool_waiting',
  help: 'Requests waiting for a connection of the database pool',
  registers,
});

const poolWait = new Histogram({
  name: 'sello_db_pool_wait_seconds',
  help: 'How long taking a connection from the database pool took',
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5],
  registers,
});

// Shown at 0 before the first one, so that rate() and increase() see the first.
for (const dependency of ['trust_service', 'blob_store']) dependencyErrors.inc({ dependency }, 0);
for (const kind of ['shippings', 'messages']) stuckWork.inc({ kind }, 0);
certificatesRefused.inc({ reason: 'revoked' }, 0);

export function countJobFailure(queue: string): void {
  jobFailures.inc({ queue });
}

export function countMessageOutcome(channel: string, outcome: string): void {
  messages.inc({ channel, outcome });
}

export function countProviderError(transport: string, kind: string): void {
  providerErrors.inc({ transport, kind });
}

export function countDependencyError(dependency: 'trust_service' | 'blob_store'): void {
  dependencyErrors.inc({ dependency });
}

export function countCertificateProduced(): void {
  certificates.inc();
}

export function countCertificateRefused(reason: 'revoked'): void {
  certificatesRefused.inc({ reason });
}

/**
 * What the stuck-work sweep queued again, by kind. Work found without its job means a copy died or a job was lost:
 * an operator should hear of it, so it is logged at error level and counted (an alert rule watches the count).
 */
/** Jobs a dead copy held, taken over when its leases ran out (kind: the job's queue). */
export function countLeaseTakeover(queue: string, count: number): void {
  stuckWork.inc({ kind: queue }, count);
}

export function reportStuckWork(logger: FastifyBaseLogger, requeued: Record<string, number>): void {
  const found = Object.entries(requeued).filter(([, count]) => count > 0);
  if (found.length === 0) return;
  for (const [kind, count] of found) stuckWork.inc({ kind }, count);
  logger.error({ requeued }, 'stuck work found and queued again: a copy died or its jobs were lost');
}

type TConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void;

const timedPools = new WeakSet<pg.Pool>();

/** Times every wait for a pool connection: pg's pool tells how many wait, not for how long. */
function timePoolWaits(pool: pg.Pool): void {
  if (timedPools.has(pool)) return;
  timedPools.add(pool);
  const connect = pool.connect.bind(pool) as (callback?: TConnectCallback) => Promise<pg.PoolClient> | undefined;
  // pool.query takes its connection through the callback form, Kysely through the promise form.
  const timedConnect = (callback?: TConnectCallback) => {
    const stop = poolWait.startTimer();
    if (callback) {
      return connect((error, client, release) => {
        stop();
        callback(error, client, release);
      });
    }
    return connect()?.finally(() => stop());
  };
  pool.connect = timedConnect as typeof pool.connect;
}

async function readStateGauges(db: Kysely<Database>, pool: pg.Pool, logger: FastifyBaseLogger): Promise<void> {
  poolConnections.set({ state: 'max' }, pool.options.max ?? 10);
  poolConnections.set({ state: 'idle' }, pool.idleCount);
  poolConnections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
  poolWaiting.set(pool.waitingCount);
  queueDepth.reset();
  queueOldest.reset();
  try {
    for (const row of await selectQueueDepths(db)) {
      queueDepth.set({ queue: row.queue }, row.depth);
      queueOldest.set({ queue: row.queue }, Math.max(0, row.oldestSeconds ?? 0));
    }
  } catch (error) {
    // The rest of the scrape still answers; the queues' series are absent until the database does.
    logger.warn({ err: error }, 'metrics: the job queues could not be read');
  }
}

/** Records one answered request (what the hook does per request; bench/metrics-hook.ts measures its cost). */
export function observeRequest(route: string, method: string, status: number, elapsedMs: number): void {
  httpDuration.observe({ route, method, status: String(status) }, elapsedMs / 1000);
}

const digestOf = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus's text format, for a caller with `Authorization: Bearer <METRICS_TOKEN>`, and the
 * hook that times every request. Without a token configured nothing is registered (the path answers 404).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { token: string | undefined; db: Kysely<Database>; pool: pg.Pool },
): void {
  if (!options.token) return;
  const expected = digestOf(`Bearer ${options.token}`);
  timePoolWaits(options.pool);
  // A callback hook: no promise per request. The route's template keeps the label set small; 'unmatched' for 404s.
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Digests of equal length, compared in constant time, so the answer's timing tells nothing of the token.
    if (!timingSafeEqual(digestOf(request.headers.authorization ?? ''), expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw new ApiError(401, 'ERR_METRICS_TOKEN_INVALID');
    }
    await readStateGauges(options.db, options.pool, request.log);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
