import type pg from 'pg';
import { type Db, PgBoss, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';

/** A kind of background work: a queue, its handler and, for periodic work, a cron schedule. */
export type TJob = {
  name: string;
  /** Five-field cron expression (UTC) for work that runs on a schedule. */
  cron?: string;
  /** Attempts after the first, spaced by exponential back-off. */
  retryLimit?: number;
  run: (data: object) => Promise<void>;
};

export type TJobQueue = {
  /** Queues one run of `name`; answers the job id. */
  send: (name: string, data?: object, options?: SendOptions) => Promise<string | null>;
  stop: () => Promise<void>;
};

/** pg-boss keeps its tables in their own schema, on the same pool as the application. */
const JOBS_SCHEMA = 'pgboss';

function adaptPool(pool: pg.Pool): Db {
  return { executeSql: (text, values) => pool.query(text, values as unknown[]) };
}

/**
 * Starts the PostgreSQL-backed queue: jobs survive restarts, failed runs are retried with back-off,
 * and every copy of the server may work them (pg-boss hands each job to one worker).
 */
export async function startJobQueue(options: {
  pool: pg.Pool;
  logger: Logger;
  jobs: readonly TJob[];
}): Promise<TJobQueue> {
  const { pool, logger, jobs } = options;
  const boss = new PgBoss({ db: adaptPool(pool), schema: JOBS_SCHEMA });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, { retryLimit: job.retryLimit ?? 5, retryBackoff: true, retryDelay: 5 });
    await boss.work<object>(job.name, async (batch) => {
      for (const item of batch) await job.run(item.data ?? {});
    });
    if (job.cron) await boss.schedule(job.name, job.cron);
  }
  logger.info({ jobs: jobs.map((job) => job.name) }, 'job queue started');
  return {
    send: (name, data = {}, sendOptions = {}) => boss.send(name, data, sendOptions),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
