import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.ts';
import {
  claimExpiredJobLeases,
  releaseJobLeases,
  renewJobLeases,
  type TExpiredLease,
  takeJobLeases,
} from './job-leases.queries.ts';

/** Leases taken over at most per beat; more wait for the next beat. */
const TAKEOVER_BATCH = 200;

/**
 * Leases on the jobs this copy is working (docs/decisions/jobs-and-strays.md "Leases on running jobs"). A job's lease
 * is taken before its handler runs and dropped when it ends; a heartbeat renews all of this copy's leases every
 * third of the lease, and takes over the leases of other copies that ran out: `takeOver` queues their jobs again.
 */
export function createJobLeases(options: {
  db: Kysely<Database>;
  /** The application's pool: the heartbeat opens one connection of its own with its settings. */
  pool: pg.Pool;
  logger: Logger;
  seconds: number;
  /** Queues the jobs of leases that ran out again, inside the transaction that claimed them. */
  takeOver: (trx: Kysely<Database>, leases: readonly TExpiredLease[]) => Promise<void>;
}) {
  const { db, logger, seconds } = options;
  const holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;
  // The heartbeat does not queue behind the pool: with every connection held by running jobs (a send holds one while
  // its peer answers), a beat waiting its turn would let this copy's leases run out and others' wait.
  let own: Kysely<Database> | null = null;
  const ownDb = () => {
    if (!own) {
      const { statement_timeout: _statement, ...settings } = options.pool.options;
      const pool = new pg.Pool({ ...settings, max: 1 });
      pool.on('error', (error) => logger.error({ err: error }, 'job lease connection lost'));
      own = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    }
    return own;
  };

  async function beat(): Promise<void> {
    try {
      const conn = ownDb();
      await renewJobLeases(conn, holder, seconds);
      // Claimed, cancelled and queued again in one transaction: a failure half-way leaves the leases to the next beat.
      await conn.transaction().execute(async (trx) => {
        const expired = await claimExpiredJobLeases(trx, TAKEOVER_BATCH);
        if (expired.length > 0) await options.takeOver(trx, expired);
      });
    } catch (error) {
      // The database may be away for a while: the next beat tries again (a lease outlives two missed beats).
      logger.error({ err: error, holder }, 'job lease heartbeat failed');
    }
  }

  return {
    holder,
    /** Runs a fetched batch under its leases; they are dropped whatever the outcome. */
    async run<T>(queue: string, batch: readonly { id: string; data: unknown }[], work: () => Promise<T>): Promise<T> {
      await takeJobLeases(db, queue, batch, holder, seconds);
      try {
        return await work();
      } finally {
        await releaseJobLeases(
          db,
          batch.map((job) => job.id),
        ).catch((error) => logger.error({ err: error, queue }, 'job leases not released: they will run out'));
      }
    },
    start(): void {
      if (timer) return;
      timer = setInterval(
        () => {
          beating ??= beat().finally(() => {
            beating = null;
          });
        },
        Math.max(250, (seconds * 1000) / 3),
      );
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await beating;
      await own?.destroy();
      own = null;
    },
  };
}
