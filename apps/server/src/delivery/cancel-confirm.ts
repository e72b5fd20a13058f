import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';

/**
 * The channel's confirmation of a sender's cancellation (`cancel_pending` → `cancelConfirmed`, result
 * `cancelled_by_sender`, then the certificate). The recipient pages stop taking answers once the shipping
 * leaves `cancel_pending`; an answer that arrived before the job ran has won (the shipping is no longer
 * `cancel_pending`) and nothing is done. Answers whether it confirmed.
 */
export async function confirmCancellation(
  deps: { db: Kysely<Database>; jobs: TJobQueue },
  shippingId: string,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, shippingId);
    if (!shipping || shipping.deletedAt !== null || shipping.state !== 'cancel_pending') return false;
    await applyTransition(trx, deps.jobs, shipping, 'cancelConfirmed', null);
    return true;
  });
}
