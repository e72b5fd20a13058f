import type { Kysely } from 'kysely';
import type pg from 'pg';
import { type Db, fromKysely, PgBoss, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.ts';

/** A kind of background work: a queue, its handler and, for periodic work, a cron schedule. */
export type TJob = {
  name: string;
  /** Five-field cron expression (UTC) for work that runs on a schedule. */
  cron?: string;
  /** Attempts after the first, spaced by exponential back-off. */
  retryLimit?: number;
  /** Jobs fetched at once and handlers running at once in this copy (pg-boss `batchSize`, `localConcurrency`). */
  batchSize?: number;
  localConcurrency?: number;
  /** Seconds between polls when idle (pg-boss default 2). */
  pollingIntervalSeconds?: number;
  /** The handler; a queue declared without one is created (so it can be sent to) but not worked here. */
  run?: (data: object) => Promise<void>;
  /** Instead of `run`: one call for a whole fetched batch (its jobs' data, in order). */
  runBatch?: (batch: object[]) => Promise<void>;
};

export type TJobQueue = {
  /**
   * Queues one run of `name`; answers the job id. With `within` (a Kysely transaction) the job exists
   * only if that transaction commits, so a state change and the work it causes never come apart.
   */
  send: (name: string, data?: object, options?: SendOptions & { within?: Kysely<Database> }) => Promise<string | null>;
  stop: () => Promise<void>;
};

/** pg-boss keeps its tables in their own schema, on the same pool as the application. */
export const JOBS_SCHEMA = 'pgboss';

function adaptPool(pool: pg.Pool): Db {
  return { executeSql: (text, values) => pool.query(text, values as unknown[]) };
}

/**
 * The PostgreSQL-backed queue: jobs survive restarts, failed runs are retried with back-off, and
 * every copy of the server may work them (pg-boss hands each job to one worker). Every copy can
 * queue jobs once `start` has run; only copies created with `work` run them and keep the schedules.
 * Features receive the queue before their jobs are declared, so a job may queue the next one.
 */
export function createJobQueue(options: { pool: pg.Pool; logger: Logger; work: boolean }) {
  const { pool, logger, work } = options;
  const boss = new PgBoss({ db: adaptPool(pool), schema: JOBS_SCHEMA, supervise: work, schedule: work });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));

  const queue: TJobQueue & { start: (jobs: readonly TJob[]) => Promise<void> } = {
    async start(jobs) {
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(job.name, { retryLimit: job.retryLimit ?? 5, retryBackoff: true, retryDelay: 5 });
        const { run, runBatch } = job;
        if (!work || (!run && !runBatch)) continue;
        const workOptions = {
          batchSize: job.batchSize ?? 1,
          localConcurrency: job.localConcurrency ?? 1,
          pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2,
          // A full batch means more work is waiting: fetch the next one at once instead of after the
          // polling interval, so a backlog moves at what the CPU allows, not at batchSize per interval.
          burstWhenBatchFull: true,
        };
        await boss.work<object>(job.name, workOptions, async (batch) => {
          const data = batch.map((item) => item.data ?? {});
          if (runBatch) await runBatch(data);
          else for (const item of data) await run!(item);
        });
        if (job.cron) await boss.schedule(job.name, job.cron);
      }
      if (work) logger.info({ jobs: jobs.map((job) => job.name) }, 'job queue working');
    },
    send: (name, data = {}, { within, ...sendOptions } = {}) =>
      boss.send(name, data, within ? { ...sendOptions, db: fromKysely(within) } : sendOptions),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
  return queue;
}

/** Creates or upgrades pg-boss's schema once (the test template uses it so copies start fast). */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  const boss = new PgBoss({ db: adaptPool(pool), schema: JOBS_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}
