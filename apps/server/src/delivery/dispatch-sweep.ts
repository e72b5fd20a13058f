import type { TAppContext } from '../app-context.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { selectStaleMessages, selectStaleShippingsToSend } from './dispatch.queries.ts';

const SWEEP_BATCH = 500;

/**
 * Re-queues what lost its job: shippings left in `pending_to_send`, messages overdue in `queued` and
 * messages left `sending` (their copy was killed; the send job tells a dead sender from a live one by
 * the message lock). The workers are idempotent, so a job queued twice does the work once.
 */
export async function sweepDispatch(
  deps: Pick<TAppContext, 'db' | 'jobs' | 'config'>,
  now = new Date(),
): Promise<{ shippings: number; messages: number }> {
  const before = new Date(now.getTime() - deps.config.DELIVERY_SWEEP_STALE_SECONDS * 1000);
  const shippings = await selectStaleShippingsToSend(deps.db, before, SWEEP_BATCH);
  for (const shippingId of shippings) await deps.jobs.send(DELIVERY_JOBS.dispatch, { shippingId });
  const messages = await selectStaleMessages(deps.db, before, SWEEP_BATCH);
  for (const messageId of messages) await deps.jobs.send(DELIVERY_JOBS.send, { messageId });
  return { shippings: shippings.length, messages: messages.length };
}
