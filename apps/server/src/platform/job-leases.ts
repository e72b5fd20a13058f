import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
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
  logger: Logger;
  seconds: number;
  takeOver: (leases: readonly TExpiredLease[]) => Promise<void>;
}) {
  const { db, logger, seconds } = options;
  const holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;

  async function beat(): Promise<void> {
    try {
      await renewJobLeases(db, holder, seconds);
      const expired = await claimExpiredJobLeases(db, TAKEOVER_BATCH);
      if (expired.length > 0) await options.takeOver(expired);
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
    },
  };
}
