import type { TAppContext } from '../src/app-context.ts';
import { POSTAL_ADDRESS } from './postal-address.ts';
import { dispatchPostalStandIn, sendThroughPrintRoom } from './postal-stand-in.ts';
import { LUCIA, sendShipping } from './shipping-fixtures.ts';
import type { TestClient } from './test-app.ts';

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
