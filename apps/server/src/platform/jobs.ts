import type { Kysely } from 'kysely';
import type pg from 'pg';
import { type Db, fromKysely, type JobResult, PgBoss, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import type { TExpiredLease } from './job-leases.queries.ts';
import { createJobLeases } from './job-leases.ts';
import { countJobFailure } from './metrics.ts';
import { requeueStaleWork } from './stale-work.ts';

/** How a queue is worked. */
export type TJobOptions = {
  /** Five-field cron expression (UTC) for work that runs on a schedule. */
  cron?: string;
  /** Attempts after the first, spaced by exponential back-off. */
  retryLimit?: number;
  /** Longest wait between two attempts, seconds (the back-off stops growing there). */
  retryDelayMax?: number;
  /** Jobs fetched at once and handlers running at once in this copy (pg-boss `batchSize`, `localConcurrency`). */
  batchSize?: number;
  localConcurrency?: number;
  /** Seconds between polls when idle (pg-boss default 2). */
  pollingIntervalSeconds?: number;
};

/** A payload is a JSON object (pg-boss stores a job's data as one). */
type TPayloadSchema = z.ZodType<unknown, object>;

/**
 * A kind of background work, as senders and workers both know it: the queue's name, the schema of what a
 * job carries (none when `payload` is absent) and how the queue is worked. Declared once with `defineJob`.
 */
export type TJobDefinition<TSchema extends TPayloadSchema | undefined = TPayloadSchema | undefined> = TJobOptions & {
  name: string;
  payload?: TSchema;
};

/** What a handler receives: the payload after its schema parsed it (undefined for a job without payload). */
export type TPayloadOf<TJob> =
  TJob extends TJobDefinition<infer TSchema> ? (TSchema extends z.ZodType ? z.output<TSchema> : undefined) : never;

export type TSendOptions = SendOptions & { within?: Kysely<Database> };

/** What `send` takes after the job: its payload (none for a job without one), then the options. */
type TSendArgs<TJob> =
  TJob extends TJobDefinition<infer TSchema>
    ? TSchema extends z.ZodType
      ? [payload: z.input<TSchema>, options?: TSendOptions]
      : [payload?: undefined, options?: TSendOptions]
    : never;

/** Declares a job; the feature that owns the queue exports it, so senders and the worker share one definition. */
export function defineJob<TSchema extends TPayloadSchema | undefined = undefined>(
  definition: TJobDefinition<TSchema>,
): TJobDefinition<TSchema> {
  return definition;
}

type THandler<TPayload> =
  | { run: (payload: TPayload) => Promise<void> }
  /** Instead of `run`: one call for a whole fetched batch (its valid payloads, in order). */
  | { runBatch: (payloads: TPayload[]) => Promise<void> };

/**
 * A job bound to its handler, as the queue starts it. The handlers are declared as methods so jobs of
 * different payloads fit one list; the queue only ever calls them with what the job's own schema parsed.
 */
export type TJob = TJobDefinition & {
  run?(payload: unknown): Promise<void>;
  runBatch?(payloads: unknown[]): Promise<void>;
};

/** Binds a job's handler, typed from its definition; the feature that works the queue calls it. */
export function bindJob<TDefinition extends TJobDefinition>(
  definition: TDefinition,
  handler: THandler<TPayloadOf<TDefinition>>,
): TJob {
  return { ...definition, ...handler };
}

export type TJobQueue = {
  /**
   * Queues one run of `job` with its payload; answers the job id. With `within` (a Kysely transaction)
   * the job exists only if that transaction commits, so a state change and the work it causes never come apart.
   */
  send: <TDefinition extends TJobDefinition>(
    job: TDefinition,
    ...args: TSendArgs<TDefinition>
  ) => Promise<string | null>;
  /** Queues many runs of `job` with one statement (a batch of state changes); `within` as for `send`. */
  sendMany: <TDefinition extends TJobDefinition>(
    job: TDefinition,
    payloads: readonly TSendArgs<TDefinition>[0][],
    options?: { within?: Kysely<Database> },
  ) => Promise<void>;
  stop: () => Promise<void>;
};

/** pg-boss keeps its tables in their own schema, on the same pool as the application. */
export const JOBS_SCHEMA = 'pgboss';

function adaptPool(pool: pg.Pool): Db {
  return { executeSql: (text, values) => pool.query(text, values as unknown[]) };
}

/**
 * Runs a fetched batch: each job's data is parsed by the job's schema first. A job whose data does not
 * match is logged and failed for good (its data will not change on a retry); the others run. A handler
 * that throws fails the whole batch, which pg-boss retries.
 */
async function workBatch(job: TJob, batch: readonly { id: string; data: unknown }[], logger: Logger) {
  const results: JobResult[] = [];
  const valid: { id: string; payload: unknown }[] = [];
  for (const item of batch) {
    if (!job.payload) {
      valid.push({ id: item.id, payload: undefined });
      continue;
    }
    const parsed = job.payload.safeParse(item.data);
    if (parsed.success) {
      valid.push({ id: item.id, payload: parsed.data });
    } else {
      const issues = parsed.error.issues;
      logger.error({ job: job.name, jobId: item.id, issues }, 'job payload does not match its schema: job failed');
      countJobFailure(job.name);
      results.push({ id: item.id, status: 'deadletter', output: { message: 'invalid payload', issues } });
    }
  }
  const payloads = valid.map((item) => item.payload);
  if (job.runBatch) {
    if (payloads.length > 0) await job.runBatch(payloads);
  } else if (job.run) {
    for (const payload of payloads) await job.run(payload);
  }
  return [...results, ...valid.map((item): JobResult => ({ id: item.id, status: 'completed' }))];
}

/**
 * The PostgreSQL-backed queue: jobs survive restarts, failed runs are retried with back-off, and
 * every copy of the server may work them (pg-boss hands each job to one worker). Every copy can
 * queue jobs once `start` has run; only copies created with `work` run them and keep the schedules.
 * Features receive the queue before their jobs are bound, so a job may queue the next one.
 */
export function createJobQueue(options: {
  pool: pg.Pool;
  db: Kysely<Database>;
  logger: Logger;
  work: boolean;
  /** Seconds a running job's lease lasts without renewal (JOB_LEASE_SECONDS). */
  leaseSeconds: number;
}) {
  const { pool, logger, work } = options;
  const boss = new PgBoss({ db: adaptPool(pool), schema: JOBS_SCHEMA, supervise: work, schedule: work });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, TJobDefinition>();
  const leases = createJobLeases({
    db: options.db,
    pool,
    logger,
    seconds: options.leaseSeconds,
    takeOver: (trx, expired) => takeOverJobs(trx, expired),
  });

  /** Jobs whose copy stopped renewing their leases: the dead copy's run is cancelled and each is queued again. */
  async function takeOverJobs(trx: Kysely<Database>, expired: readonly TExpiredLease[]): Promise<void> {
    for (const name of new Set(expired.map((lease) => lease.queue))) {
      const mine = expired.filter((lease) => lease.queue === name);
      await boss.cancel(
        name,
        mine.map((lease) => lease.jobId),
        { db: fromKysely(trx) },
      );
      await requeueStaleWork(
        { jobs: queue, logger },
        definitions.get(name) ?? { name },
        mine.map((lease) => lease.payload),
        'lease_expired',
        {
          within: trx,
          holders: [...new Set(mine.map((lease) => lease.holder))],
          overdueSeconds: Math.round(Math.max(...mine.map((lease) => lease.expiredFor))),
        },
      );
    }
  }

  const send = (job: TJobDefinition, payload?: object, { within, ...sendOptions }: TSendOptions = {}) =>
    boss.send(job.name, payload ?? {}, within ? { ...sendOptions, db: fromKysely(within) } : sendOptions);

  const queue: TJobQueue & { start: (jobs: readonly TJob[]) => Promise<void> } = {
    async start(jobs) {
      await boss.start();
      for (const job of jobs) {
        definitions.set(job.name, job);
        const retries = {
          retryLimit: job.retryLimit ?? 5,
          retryBackoff: true,
          retryDelay: 5,
          ...(job.retryDelayMax && { retryDelayMax: job.retryDelayMax }),
        };
        await boss.createQueue(job.name, retries);
        // A queue made by an older version keeps its old policy unless told: the definition is the source of truth.
        await boss.updateQueue(job.name, retries);
        if (!work || (!job.run && !job.runBatch)) continue;
        const workOptions = {
          batchSize: job.batchSize ?? 1,
          localConcurrency: job.localConcurrency ?? 1,
          pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2,
          // A full batch means more work is waiting: fetch the next one at once instead of after the
          // polling interval, so a backlog moves at what the CPU allows, not at batchSize per interval.
          burstWhenBatchFull: true,
          perJobResults: true as const,
        };
        const run = (batch: Parameters<typeof workBatch>[1]) =>
          workBatch(job, batch, logger).catch((error: unknown) => {
            countJobFailure(job.name);
            throw error;
          });
        await boss.work(job.name, workOptions, (batch) => leases.run(job.name, batch, () => run(batch)));
        if (job.cron) await boss.schedule(job.name, job.cron);
      }
      if (work) {
        leases.start();
        logger.info({ jobs: jobs.map((job) => job.name), holder: leases.holder }, 'job queue working');
      }
    },
    send,
    async sendMany(job, payloads, { within } = {}) {
      if (payloads.length === 0) return;
      const inserts = payloads.map((payload) => ({ data: (payload ?? {}) as object }));
      await boss.insert(job.name, inserts, within ? { db: fromKysely(within) } : {});
    },
    async stop() {
      // The heartbeat goes on while running jobs finish, so their leases do not run out under them.
      await boss.stop({ graceful: true, timeout: 10_000 });
      await leases.stop();
    },
  };
  return queue;
}

/** Creates or upgrades pg-boss's schema once (the test template uses it so copies start fast). */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  const boss = new PgBoss({ db: adaptPool(pool), schema: JOBS_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}
