import type { TAppContext } from '../src/app-context.ts';
import { queueMessage } from '../src/delivery/outgoing-messages.ts';
import { createPostalAdapter } from '../src/postal/postal-adapter.ts';
import { applyTransition } from '../src/shippings/shipping-transitions.ts';
import { lockShipping } from '../src/shippings/shippings.queries.ts';

/** What the stand-ins use of the server: API tests pass the app's context, the browser tests their own. */
export type TStandInDeps = Pick<TAppContext, 'db' | 'jobs' | 'config' | 'blobs'>;

/**
 * STAND-IN for the dispatch slice's worker, until it lands: records a postal access message per
 * receiver and moves the shipping `pending_to_send` → `sent`, in one transaction, the way the dispatch
 * worker does. Answers the messages' guids. Replace with the real dispatch run once merged.
 */
export async function dispatchPostalStandIn(ctx: TStandInDeps, shippingId: number): Promise<string[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, String(shippingId));
    if (!shipping) throw new Error(`shipping ${shippingId} not found`);
    const receivers = await trx
      .selectFrom('shipping_receivers')
      .select(['id', 'name', 'postal_code', 'city'])
      .where('shipping_id', '=', String(shippingId))
      .orderBy('position')
      .execute();
    const guids: string[] = [];
    for (const receiver of receivers) {
      const message = await queueMessage(ctx, trx, {
        shippingId: String(shippingId),
        receiverId: receiver.id,
        purpose: 'access',
        channel: 'postal',
        sandbox: false,
        recipient: `${receiver.name}, ${receiver.postal_code} ${receiver.city}`,
        subject: 'Notice of protest',
        body: 'You have a certified notification. Open it at https://sello.example/portal with the code on this letter.',
        idempotencyKey: `access:${receiver.id}:1`,
      });
      guids.push(message.guid);
    }
    await applyTransition(trx, ctx.jobs, shipping, 'dispatch', null);
    return guids;
  });
}

/** What the send worker does for a postal message: hands it to the postal adapter. */
export function sendThroughPrintRoom(ctx: TStandInDeps, guid: string) {
  return createPostalAdapter(ctx).send({
    guid,
    channel: 'postal',
    recipient: '',
    subject: null,
    body: '',
    language: 'es-es',
  });
}
