import { RECEIVER_TOKEN_HEADER } from '@sello/contracts/catalogue/portal';
import { API_PREFIX } from '@sello/contracts/endpoint';
import type { InjectOptions } from 'fastify';
import { issueReceiverAccess } from '../src/delivery/receiver-access.ts';
import { applyTransition } from '../src/shippings/shipping-transitions.ts';
import { lockShipping } from '../src/shippings/shippings.queries.ts';
import { sendShipping } from './shipping-fixtures.ts';
import type { TestClient, TTestApp } from './test-app.ts';

const DAY_MS = 86_400_000;

export type TDispatched = { shippingId: number; receiverIds: string[]; tokens: string[] };

/**
 * STAND-IN for the dispatch worker, for recipient-page tests until the dispatch slice lands (it will be
 * replaced by running the real worker): creates a shipping of `typeName` through the API, authorises it
 * as the system when its type asks for authorisation, moves it `dispatch` → `sent` with a response
 * deadline, and gives every receiver a link (issueReceiverAccess). Answers the links in receiver order.
 */
export async function dispatchForTest(
  t: TTestApp,
  client: TestClient,
  typeName: string,
  options: { body?: Record<string, unknown>; deadline?: Date; linkExpiresAt?: Date } = {},
): Promise<TDispatched> {
  const { db } = t.database;
  const shippingId = await sendShipping(client, db, typeName, options.body);
  const deadline = options.deadline ?? new Date(Date.now() + 5 * DAY_MS);
  await db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, String(shippingId));
    if (!shipping) throw new Error(`shipping ${shippingId} not found`);
    if (shipping.state === 'pending_auth' || shipping.state === 'auths_pending_user') {
      await applyTransition(trx, t.ctx.jobs, shipping, 'authorize', null);
    }
    await applyTransition(trx, t.ctx.jobs, shipping, 'dispatch', null);
    await trx
      .updateTable('shippings')
      .set({ response_deadline_at: deadline })
      .where('id', '=', String(shippingId))
      .execute();
    await trx
      .updateTable('shipping_receivers')
      .set({ status: 'sent', status_at: new Date() })
      .where('shipping_id', '=', String(shippingId))
      .execute();
  });
  const receivers = await db
    .selectFrom('shipping_receivers')
    .select('id')
    .where('shipping_id', '=', String(shippingId))
    .orderBy('position')
    .execute();
  const tokens: string[] = [];
  for (const receiver of receivers) {
    tokens.push(
      await issueReceiverAccess(db, receiver.id, options.linkExpiresAt ?? new Date(deadline.getTime() + DAY_MS)),
    );
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
