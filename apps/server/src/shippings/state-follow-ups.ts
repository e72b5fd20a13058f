import type { ShippingStateFilter } from '@sello/contracts/enums';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordShippingWebhookEvents, type TShippingMove } from '../integration/webhook-events.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import type { TJobQueue } from '../platform/jobs.ts';

/**
 * Queues the work a state asks for, inside the transaction that enters it, one insert of jobs per kind of work: a
 * shipping that reaches `pending_to_send` is dispatched; one that reaches `pending_cert`/`pending_cert_postal` gets
 * its certificate; a cancellation of one travelling (`cancel_pending`) is confirmed. Every way into those states goes
 * through here, so none can be left waiting. The company's webhook events of the moves are recorded here too.
 */
export async function queueStateFollowUps(
  jobs: TJobQueue,
  trx: Transaction<Database>,
  moves: readonly TShippingMove[],
): Promise<void> {
  const entering = (states: readonly ShippingStateFilter[]) =>
    moves
      .filter((move) => move.from !== move.to && states.includes(move.to))
      .map((move) => ({ shippingId: move.shippingId }));
  await jobs.sendMany(DELIVERY_JOBS.dispatch, entering(['pending_to_send']), { within: trx });
  await jobs.sendMany(DELIVERY_JOBS.certificate, entering(['pending_cert', 'pending_cert_postal']), { within: trx });
  await jobs.sendMany(DELIVERY_JOBS.confirmCancel, entering(['cancel_pending']), { within: trx });
  await recordShippingWebhookEvents(trx, jobs, moves);
}
