import type { TAppContext } from '../app-context.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { requeueStaleWork } from '../platform/stale-work.ts';
import { selectStaleMessages, selectStaleShippingsToSend } from './dispatch.queries.ts';

const SWEEP_BATCH = 500;

/**
 * The backstop behind the jobs' leases (platform/job-leases.ts), which take over a dead copy's running jobs
 * within seconds: re-queues what lost its job some other way, shippings left in `pending_to_send`, messages
 * overdue in `queued` and messages left `sending` (the send job tells a dead sender from a live one by the
 * message lock). The workers are idempotent, so a job queued twice does the work once.
 */
export async function sweepDispatch(
  deps: Pick<TAppContext, 'db' | 'jobs' | 'config' | 'app'>,
  now = new Date(),
): Promise<{ shippings: number; messages: number }> {
  const before = new Date(now.getTime() - deps.config.DELIVERY_SWEEP_STALE_SECONDS * 1000);
  const requeue = { jobs: deps.jobs, logger: deps.app.log };
  const shippings = await selectStaleShippingsToSend(deps.db, before, SWEEP_BATCH);
  const shippingPayloads = shippings.map((shippingId) => ({ shippingId }));
  await requeueStaleWork(requeue, DELIVERY_JOBS.dispatch, shippingPayloads, 'stale');
  const messages = await selectStaleMessages(deps.db, before, SWEEP_BATCH);
  await requeueStaleWork(
    requeue,
    DELIVERY_JOBS.send,
    messages.map((messageId) => ({ messageId })),
    'stale',
  );
  return { shippings: shippings.length, messages: messages.length };
}
