import type { TAppContext } from '../src/app-context.ts';
import { queueMessage } from '../src/delivery/outgoing-messages.ts';
import { createPostalAdapter } from '../src/postal/postal-adapter.ts';
import { applyTransition } from '../src/shippings/shipping-transitions.ts';
import { lockShipping } from '../src/shippings/shippings.queries.ts';
import { LUCIA, sendShipping } from './shipping-fixtures.ts';
import type { TestClient } from './test-app.ts';

export const POSTAL_ADDRESS = {
  streetType: 'CALLE',
  street: 'Mayor',
  streetNumber: '7',
  addressExtra: '3º B',
  postalCode: '28013',
  city: 'Madrid',
  province: 'Madrid',
  country: 'ES',
};

/** Creates a postal shipping of the demo type that has the postal channel; answers its id. */
export function sendPostalShipping(
  client: TestClient,
  ctx: Pick<TAppContext, 'db'>,
  receivers: Record<string, unknown>[] = [{ ...LUCIA, postal: POSTAL_ADDRESS }],
  body: Record<string, unknown> = {},
) {
  return sendShipping(client, ctx.db, 'Notarial notification', {
    channel: 'postal',
    subject: 'Notice of protest',
    receivers,
    ...body,
  });
}

/**
 * STAND-IN for the dispatch slice's worker, until it lands: records a postal access message per
 * receiver and moves the shipping `pending_to_send` → `sent`, in one transaction, the way the dispatch
 * worker does. Answers the messages' guids. Replace with the real dispatch run once merged.
 */
export async function dispatchPostalStandIn(ctx: TAppContext, shippingId: number): Promise<string[]> {
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
export function sendThroughPrintRoom(ctx: TAppContext, guid: string) {
  return createPostalAdapter(ctx).send({
    guid,
    channel: 'postal',
    recipient: '',
    subject: null,
    body: '',
    language: 'es-es',
  });
}

/** A postal shipping whose letters wait for a print batch; answers its id and the letters' references. */
export async function postalShippingWithLetters(
  client: TestClient,
  ctx: TAppContext,
  receivers?: Record<string, unknown>[],
) {
  const shippingId = await sendPostalShipping(client, ctx, receivers);
  const guids = await dispatchPostalStandIn(ctx, shippingId);
  for (const guid of guids) await sendThroughPrintRoom(ctx, guid);
  return { shippingId, references: guids };
}
