import type { TAppContext } from '../src/app-context.ts';
import { dispatchShippings } from '../src/delivery/dispatch.service.ts';
import { sendMessage } from '../src/delivery/dispatch-send.ts';
import { POSTAL_ADDRESS } from './postal-address.ts';
import { authoriseIfWaiting, LUCIA, sendShipping } from './shipping-fixtures.ts';
import type { TestClient, TTestApp } from './test-app.ts';

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
 * What the job workers do for a postal shipping: the dispatch worker records one postal access message
 * per receiver and moves it to `sent`; the send worker hands each message to the postal adapter, which
 * makes its letter. Answers the letters' references (the messages' guids) in receiver order.
 */
export async function dispatchToPrintRoom(t: TTestApp, shippingId: number): Promise<string[]> {
  await authoriseIfWaiting(t, shippingId);
  if ((await dispatchShippings(t.ctx, [String(shippingId)])).length === 0)
    throw new Error(`shipping ${shippingId} not dispatched`);
  const messages = await t.database.db
    .selectFrom('delivery_messages as m')
    .innerJoin('shipping_receivers as r', 'r.id', 'm.receiver_id')
    .select(['m.id', 'm.guid', 'm.transport'])
    .where('m.shipping_id', '=', String(shippingId))
    .where('m.purpose', '=', 'access')
    .orderBy('r.position')
    .execute();
  for (const message of messages) {
    if (message.transport !== 'postal') throw new Error(`message ${message.guid} went by ${message.transport}`);
    await sendMessage({ ...t.ctx, logger: t.app.log }, message.id);
  }
  return messages.map((message) => message.guid);
}

/** A postal shipping whose letters wait for a print batch; answers its id and the letters' references. */
export async function postalShippingWithLetters(
  client: TestClient,
  t: TTestApp,
  receivers?: Record<string, unknown>[],
) {
  const shippingId = await sendPostalShipping(client, t.ctx, receivers);
  return { shippingId, references: await dispatchToPrintRoom(t, shippingId) };
}
