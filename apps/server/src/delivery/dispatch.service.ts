import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sello/contracts/constants';
import type { Channel, ServiceKind } from '@sello/contracts/enums';
import { CHANNEL_CONTACT, SERVICE_RULES } from '@sello/contracts/shipping-rules';
import type { Transaction } from 'kysely';
import type { TAppContext } from '../app-context.ts';
import type { Database } from '../db/schema.ts';
import { prepareSentCopies } from '../evidence/sent-copies.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { lockShipping } from '../shippings/shippings.queries.ts';
import {
  relaxCommitDurability,
  selectDispatchPlan,
  selectDispatchReceivers,
  type TDispatchPlan,
  type TDispatchReceiver,
  updateReceiverStatus,
} from './dispatch.queries.ts';
import { composeAccessMessage, formatExpiry } from './dispatch-texts.ts';
import { queueMessage } from './outgoing-messages.ts';
import { issueReceiverAccess, recipientLink } from './receiver-access.ts';

type Trx = Transaction<Database>;
export type TDispatchDeps = Pick<TAppContext, 'db' | 'config' | 'jobs' | 'preferences' | 'blobs'>;

const DAY_MS = 86_400_000;
/** A link keeps opening this long after the deadline (or the custody end): the receiver can still read what they answered. */
export const LINK_GRACE_DAYS = 30;

/** Certified e-mail and SMS carry their content in the message itself: no recipient page, no link. */
export function isCertifiedKind(kind: string): boolean {
  return kind === 'certified_email' || kind === 'certified_sms';
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

function languageOf(receiver: TDispatchReceiver, plan: TDispatchPlan): Language {
  const wanted = receiver.language ?? plan.senderLanguage;
  return (LANGUAGES as readonly string[]).includes(wanted) ? (wanted as Language) : DEFAULT_LANGUAGE;
}

/** The address a postal letter goes to, on one line. */
function postalLine(receiver: TDispatchReceiver): string {
  const street = [receiver.streetType, receiver.street, receiver.streetNumType, receiver.streetNumber]
    .filter(Boolean)
    .join(' ');
  const place = [receiver.postalCode, receiver.city].filter(Boolean).join(' ');
  return [street, receiver.addressExtra, place, receiver.province, receiver.country].filter(Boolean).join(', ');
}

/** Where the message to this receiver goes over the channel, or null when the receiver lacks that contact. */
function recipientOf(channel: Channel, receiver: TDispatchReceiver): string | null {
  switch (CHANNEL_CONTACT[channel]) {
    case 'email':
      return receiver.email;
    case 'mobile':
      return receiver.mobile;
    case 'postal':
      return receiver.street && receiver.city ? postalLine(receiver) : null;
    case null:
      return receiver.name;
  }
}

/** Until when a receiver's link opens: the response deadline or the custody end, plus the grace. */
function linkExpiry(plan: Pick<TDispatchPlan, 'responseDeadlineAt' | 'custodyUntil'>): Date {
  const deadline = plan.responseDeadlineAt ?? new Date();
  const end = plan.custodyUntil && plan.custodyUntil > deadline ? plan.custodyUntil : deadline;
  return addDays(end, LINK_GRACE_DAYS);
}

/**
 * Issues one receiver's link (not for certified kinds), records the access message in the receiver's
 * language and queues its sending, and marks the receiver sent. The attempt number of the idempotency
 * key counts the receiver's earlier access messages, so a retried shipping sends again but a repeated
 * run of the same attempt writes nothing new.
 */
async function sendAccess(deps: TDispatchDeps, trx: Trx, plan: TDispatchPlan, receiver: TDispatchReceiver) {
  const channel = plan.channel as Channel;
  const language = languageOf(receiver, plan);
  const expiresAt = linkExpiry(plan);
  let link: string | null = null;
  if (!isCertifiedKind(plan.serviceKind)) {
    const token = await issueReceiverAccess(trx, receiver.id, expiresAt);
    link = recipientLink(await deps.preferences.consoleUrl(), token);
  }
  const text = composeAccessMessage(channel, language, {
    company: plan.companyName,
    provider: deps.config.PROVIDER_NAME,
    receiverName: receiver.name,
    subject: plan.subject,
    link,
    body: plan.body,
    expires: formatExpiry(expiresAt, language),
  });
  const message = await queueMessage(deps, trx, {
    shippingId: plan.id,
    receiverId: receiver.id,
    purpose: 'access',
    channel,
    sandbox: plan.sandbox,
    recipient: recipientOf(channel, receiver) ?? receiver.name,
    subject: text.subject,
    body: text.body,
    idempotencyKey: `access:${receiver.id}:${(receiver.accessMessages ?? 0) + 1}`,
  });
  await updateReceiverStatus(trx, receiver.id, 'sent', new Date());
  return message;
}

/** Signing kinds with multi-signer order 1 reach one receiver at a time, in order. */
function inOrder(plan: TDispatchPlan): boolean {
  return plan.multiSignerOrder === 1 && SERVICE_RULES[plan.serviceKind as ServiceKind]?.signing === true;
}

/**
 * The dispatch job: a shipping in `pending_to_send` gets its response deadline (and custody end), a
 * link and an access message per receiver (only the first one when they sign in order), and moves to
 * `sent`, all in one transaction. Anything else is left alone, so running it twice does nothing more.
 * A receiver without the channel's contact makes it `not_send_error` (dispatchFailed) with the reason.
 * Answers whether it dispatched.
 */
export async function dispatchShipping(deps: TDispatchDeps, shippingId: string, now = new Date()): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, shippingId);
    if (!shipping || shipping.deletedAt !== null || shipping.state !== 'pending_to_send') return false;
    await relaxCommitDurability(trx);
    const plan = await selectDispatchPlan(trx, shippingId);
    const receivers = await selectDispatchReceivers(trx, shippingId);
    const channel = plan.channel as Channel;
    const missing = receivers.filter((receiver) => recipientOf(channel, receiver) === null);
    if (receivers.length === 0 || missing.length > 0) {
      await applyTransition(trx, deps.jobs, shipping, 'dispatchFailed', null, {
        reason: receivers.length === 0 ? 'no receivers' : `no ${CHANNEL_CONTACT[channel]} for a receiver`,
        details: { receivers: missing.map((receiver) => receiver.id) },
      });
      return false;
    }
    plan.responseDeadlineAt = addDays(now, plan.responseDays);
    plan.custodyUntil =
      plan.serviceKind === 'custody'
        ? addDays(now, plan.custodyDays ?? plan.typeCustodyDays ?? plan.responseDays)
        : null;
    await prepareSentCopies(deps, trx, shippingId);
    const reached = inOrder(plan) ? receivers.slice(0, 1) : receivers;
    const messages: string[] = [];
    for (const receiver of reached) messages.push((await sendAccess(deps, trx, plan, receiver)).guid);
    await applyTransition(trx, deps.jobs, shipping, 'dispatch', null, {
      responseDeadlineAt: plan.responseDeadlineAt,
      custodyUntil: plan.custodyUntil,
      details: {
        responseDeadlineAt: plan.responseDeadlineAt.toISOString(),
        custodyUntil: plan.custodyUntil?.toISOString() ?? null,
        messages,
        waiting: receivers.length - reached.length,
      },
    });
    return true;
  });
}

/**
 * For shippings whose receivers sign in order: sends the next receiver still waiting (position order)
 * its link and access message, inside the caller's transaction. The recipient side calls it when the
 * previous receiver has answered, on a shipping it has locked, and lists the answer (message guid) in
 * the event it records. Answers the released receiver and message, or null when nobody waits.
 */
export async function releaseNextReceiver(
  deps: TDispatchDeps,
  trx: Trx,
  shippingId: string,
): Promise<{ receiverId: string; messageGuid: string } | null> {
  const plan = await selectDispatchPlan(trx, shippingId);
  const receivers = await selectDispatchReceivers(trx, shippingId);
  const next = receivers.find((receiver) => receiver.status === 'pending');
  if (!next) return null;
  const message = await sendAccess(deps, trx, plan, next);
  return { receiverId: next.id, messageGuid: message.guid };
}
