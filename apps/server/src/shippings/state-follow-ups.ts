import type { ShippingStateFilter } from '@sello/contracts/enums';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DELIVERY_JOBS } from '../delivery/delivery-job-catalogue.ts';
import type { TJobQueue } from '../platform/jobs.ts';

/**
 * Queues the work a state asks for, inside the transaction that enters it: a shipping that reaches
 * `pending_to_send` is dispatched; one that reaches `pending_cert`/`pending_cert_postal` gets its
 * certificate; a cancellation of one travelling is confirmed. Every way into those states goes through here, so none can be left waiting.
 */
export async function queueStateFollowUp(
  jobs: TJobQueue,
  trx: Transaction<Database>,
  shippingId: string,
  from: ShippingStateFilter | null,
  to: ShippingStateFilter,
): Promise<void> {
  if (from === to) return;
  if (to === 'pending_to_send') {
    await jobs.send(DELIVERY_JOBS.dispatch, { shippingId }, { within: trx });
  } else if (to === 'cancel_pending') {
    await jobs.send(DELIVERY_JOBS.confirmCancel, { shippingId }, { within: trx });
  } else if (to === 'pending_cert' || to === 'pending_cert_postal') {
    await jobs.send(DELIVERY_JOBS.certificate, { shippingId }, { within: trx });
  }
}

/** queueStateFollowUp for many moves at once: one insert of jobs per kind of work (a batch of transitions). */
export async function queueStateFollowUps(
  jobs: TJobQueue,
  trx: Transaction<Database>,
  moves: readonly { shippingId: string; from: ShippingStateFilter | null; to: ShippingStateFilter }[],
): Promise<void> {
  const entering = (states: readonly ShippingStateFilter[]) =>
    moves
      .filter((move) => move.from !== move.to && states.includes(move.to))
      .map((move) => ({ shippingId: move.shippingId }));
  await jobs.sendMany(DELIVERY_JOBS.dispatch, entering(['pending_to_send']), { within: trx });
  await jobs.sendMany(DELIVERY_JOBS.certificate, entering(['pending_cert', 'pending_cert_postal']), { within: trx });
}
