import { API_PREFIX } from '@sello/contracts/endpoint';
import { RECEIVER_TOKEN_HEADER } from '@sello/contracts/portal-limits';
import type { InjectOptions } from 'fastify';
import { dispatchShippings } from '../src/delivery/dispatch.service.ts';
import { authoriseIfWaiting, sendShipping } from './shipping-fixtures.ts';
import type { TestClient, TTestApp } from './test-app.ts';

/** `tokens` holds the links the receivers got, in receiver order; a receiver not reached yet has none. */
export type TDispatched = { shippingId: number; receiverIds: string[]; tokens: string[] };

/** The body of the newest outbox message of `purpose` to a receiver, if any. */
async function newestOutboxBody(t: TTestApp, receiverId: string, purpose: 'access' | 'pin'): Promise<string | null> {
  const message = await t.database.db
    .selectFrom('outbox')
    .select('body')
    .where('receiver_id', '=', receiverId)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return message?.body ?? null;
}

/**
 * The link token in the newest access message a receiver got through the outbox (e-mail and SMS
 * without a provider, sandbox), or null when it got none (not reached yet, or a certified kind).
 */
export async function linkFromOutbox(t: TTestApp, receiverId: string): Promise<string | null> {
  const body = await newestOutboxBody(t, receiverId, 'access');
  return (body && /\/portal\/#\/r\/([A-Za-z0-9_-]{43})/.exec(body)?.[1]) ?? null;
}

/**
 * Creates a shipping of `typeName` through the API, has the manager authorise it when it needs that,
 * and runs the dispatch worker on it (at `now`: its deadline is `now` + the type's response days).
 * Answers the receivers and the links their access messages carry.
 */
export async function dispatchForTest(
  t: TTestApp,
  client: TestClient,
  typeName: string,
  options: { body?: Record<string, unknown>; now?: Date } = {},
): Promise<TDispatched> {
  const shippingId = await sendShipping(client, t.database.db, typeName, options.body);
  await authoriseIfWaiting(t, shippingId);
  if ((await dispatchShippings(t.ctx, [String(shippingId)], options.now)).length === 0) {
    throw new Error(`shipping ${shippingId} was not dispatched`);
  }
  const receivers = await t.database.db
    .selectFrom('shipping_receivers')
    .select('id')
    .where('shipping_id', '=', String(shippingId))
    .orderBy('position')
    .execute();
  const tokens: string[] = [];
  for (const receiver of receivers) {
    const token = await linkFromOutbox(t, receiver.id);
    if (token) tokens.push(token);
  }
  return { shippingId, receiverIds: receivers.map((receiver) => receiver.id), tokens };
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
  const body = await newestOutboxBody(t, receiverId, 'pin');
  const pin = body && /\b(\d{6})\b/.exec(body)?.[1];
  if (!pin) throw new Error(`no PIN in ${body}`);
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
