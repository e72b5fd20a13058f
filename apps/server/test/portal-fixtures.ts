import { API_PREFIX } from '@sello/contracts/endpoint';
import { RECEIVER_TOKEN_HEADER } from '@sello/contracts/portal-limits';
import type { InjectOptions } from 'fastify';
import { dispatchStandIn } from './portal-dispatch-stand-in.ts';
import { sendShipping } from './shipping-fixtures.ts';
import type { TestClient, TTestApp } from './test-app.ts';

export type TDispatched = { shippingId: number; receiverIds: string[]; tokens: string[] };

/**
 * Creates a shipping of `typeName` through the API and sends it with the dispatch STAND-IN
 * (portal-dispatch-stand-in.ts) until the dispatch worker lands. Answers the links in receiver order.
 */
export async function dispatchForTest(
  t: TTestApp,
  client: TestClient,
  typeName: string,
  options: { body?: Record<string, unknown>; deadline?: Date; linkExpiresAt?: Date } = {},
): Promise<TDispatched> {
  const shippingId = await sendShipping(client, t.database.db, typeName, options.body);
  const links = await dispatchStandIn(t.database.db, t.ctx.jobs, String(shippingId), options);
  return { shippingId, ...links };
}

/** A recipient page call: only the link token, no session and no XSRF cookie. */
export function portalCall(
  t: TTestApp,
  token: string | null,
  method: InjectOptions['method'],
  path: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `${API_PREFIX}portal/${path}`,
    headers: token === null ? {} : { [RECEIVER_TOKEN_HEADER]: token },
    ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
  });
}

/** The PIN in the newest PIN message of a receiver, read from the outbox. */
export async function readPinFromOutbox(t: TTestApp, receiverId: string): Promise<string> {
  const message = await t.database.db
    .selectFrom('outbox')
    .select('body')
    .where('receiver_id', '=', receiverId)
    .where('purpose', '=', 'pin')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const pin = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!pin) throw new Error(`no PIN in ${message.body}`);
  return pin;
}

/** The events of a shipping, oldest first. */
export function eventsOf(t: TTestApp, shippingId: number) {
  return t.database.db
    .selectFrom('shipping_events')
    .select(['action', 'to_state as toState', 'to_result as toResult', 'reason', 'details'])
    .where('shipping_id', '=', String(shippingId))
    .orderBy('seq')
    .execute();
}

export function shippingRow(t: TTestApp, shippingId: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['state', 'result', 'substate', 'custody_until as custodyUntil'])
    .where('id', '=', String(shippingId))
    .executeTakeFirstOrThrow();
}
