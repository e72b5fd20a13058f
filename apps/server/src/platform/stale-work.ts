import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.ts';
import type { TJobDefinition, TJobQueue, TSendOptions } from './jobs.ts';
import { countLeaseTakeover } from './metrics.ts';

/** Why work is queued again: its copy stopped renewing its lease, or a sweep found it waiting too long. */
export type TStaleReason = 'lease_expired' | 'stale';

/**
 * The one place where work a copy left behind is queued again, whoever found it (the lease reaper of the job
 * queue, or a feature's sweep). The workers are idempotent, so work queued again that was not lost after all is
 * done once. The operator sees a warning naming the queue, how many and why. With `within` the jobs exist only if
 * that transaction commits.
 */
export async function requeueStaleWork(
  deps: { jobs: Pick<TJobQueue, 'send'>; logger: Logger | FastifyBaseLogger },
  job: TJobDefinition,
  payloads: readonly (object | undefined)[],
  reason: TStaleReason,
  { within, ...detail }: { within?: Kysely<Database> } & Record<string, unknown> = {},
): Promise<void> {
  if (payloads.length === 0) return;
  const send = deps.jobs.send as (job: TJobDefinition, payload?: object, options?: TSendOptions) => Promise<unknown>;
  for (const payload of payloads) await send(job, payload, within ? { within } : {});
  const entry = { job: job.name, count: payloads.length, reason, ...detail };
  if (reason === 'stale') return deps.logger.warn(entry, 'stale work queued again');
  // A copy died holding this work: an operator alert (the sweep's own finds are reported by the sweep's job).
  countLeaseTakeover(job.name, payloads.length);
  deps.logger.error(entry, 'stuck work found and queued again: a copy stopped renewing its leases');
}
