import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { issueReceiverAccess } from '../src/delivery/receiver-access.ts';
import type { TJobQueue } from '../src/platform/jobs.ts';
import { applyTransition } from '../src/shippings/shipping-transitions.ts';
import { lockShipping } from '../src/shippings/shippings.queries.ts';

const DAY_MS = 86_400_000;

/**
 * STAND-IN for the dispatch worker, for recipient-page tests (API and browser) until the dispatch
 * slice lands; the real worker replaces it. Authorises the shipping as the system when it waits for
 * authorisation, moves it `dispatch` → `sent` with a response deadline, marks its receivers sent and
 * gives each a link (issueReceiverAccess). Answers the receiver ids and link tokens in receiver order.
 */
export async function dispatchStandIn(
  db: Kysely<Database>,
  jobs: TJobQueue,
  shippingId: string,
  options: { deadline?: Date; linkExpiresAt?: Date } = {},
): Promise<{ receiverIds: string[]; tokens: string[] }> {
  const deadline = options.deadline ?? new Date(Date.now() + 5 * DAY_MS);
  await db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, shippingId);
    if (!shipping) throw new Error(`shipping ${shippingId} not found`);
    if (shipping.state === 'pending_auth' || shipping.state === 'auths_pending_user') {
      await applyTransition(trx, jobs, shipping, 'authorize', null);
    }
    await applyTransition(trx, jobs, shipping, 'dispatch', null);
    await trx.updateTable('shippings').set({ response_deadline_at: deadline }).where('id', '=', shippingId).execute();
    await trx
      .updateTable('shipping_receivers')
      .set({ status: 'sent', status_at: new Date() })
      .where('shipping_id', '=', shippingId)
      .execute();
  });
  const receivers = await db
    .selectFrom('shipping_receivers')
    .select('id')
    .where('shipping_id', '=', shippingId)
    .orderBy('position')
    .execute();
  const linkExpiresAt = options.linkExpiresAt ?? new Date(deadline.getTime() + DAY_MS);
  const tokens: string[] = [];
  for (const receiver of receivers) tokens.push(await issueReceiverAccess(db, receiver.id, linkExpiresAt));
  return { receiverIds: receivers.map((receiver) => receiver.id), tokens };
}
