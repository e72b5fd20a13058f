import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sello/contracts/constants';
import type { Channel, ServiceKind } from '@sello/contracts/enums';
import { CHANNEL_CONTACT, SERVICE_RULES } from '@sello/contracts/shipping-rules';
import type { Transaction } from 'kysely';
import type { TAppContext } from '../app-context.ts';
import type { Database } from '../db/schema.ts';
import { prepareSentCopies } from '../evidence/sent-copies.ts';
import { recipientLink } from '../platform/recipient-link.ts';
import { createToken, hashToken } from '../platform/tokens.ts';
import { applyTransitions, type TTransitionRequest } from '../shippings/shipping-transitions.ts';
import { composeReceiverAccess } from './access-compose.ts';
import {
  markReceiversSent,
  relaxCommitDurability,
  selectDispatchPlans,
  selectDispatchReceivers,
  type TDispatchPlan,
  type TDispatchReceiver,
} from './dispatch.queries.ts';
import { selectDomainCertTemplates } from './dispatch-templates.ts';
import { queueMessages } from './outgoing-messages.ts';

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

/** The language a receiver is written to in: its own, else the sender's, else the default. */
export function languageOf(receiver: { language: string | null }, plan: { senderLanguage: string }): Language {
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
export function linkExpiry(plan: Pick<TDispatchPlan, 'responseDeadlineAt' | 'custodyUntil'>): Date {
  const deadline = plan.responseDeadlineAt ?? new Date();
  const end = plan.custodyUntil && plan.custodyUntil > deadline ? plan.custodyUntil : deadline;
  return addDays(end, LINK_GRACE_DAYS);
}

type TAccess = { plan: TDispatchPlan; receiver: TDispatchReceiver };

/**
 * Sends receivers their access: a link (not for certified kinds), the access message in the receiver's
 * language, queued for its channel, and the receiver marked sent; a few statements for any number of
 * receivers. The attempt number of the idempotency key counts the receiver's earlier access messages,
 * so a retried shipping sends again but a repeated run of the same attempt writes nothing new.
 * Receivers whose status is in `keepStatuses` keep it. Answers the messages, in the order of `accesses`.
 */
async function sendAccesses(
  deps: TDispatchDeps,
  trx: Trx,
  accesses: readonly TAccess[],
  keepStatuses: ReadonlySet<string> = new Set(),
) {
  if (accesses.length === 0) return [];
  const consoleUrl = await deps.preferences.consoleUrl();
  const certTemplates = await selectDomainCertTemplates(
    trx,
    accesses.filter(({ plan }) => isCertifiedKind(plan.serviceKind)).map(({ plan }) => plan.domainId),
  );
  const composed = accesses.map(({ plan, receiver }) => {
    const channel = plan.channel as Channel;
    const language = languageOf(receiver, plan);
    const expiresAt = linkExpiry(plan);
    const token = isCertifiedKind(plan.serviceKind) ? null : createToken();
    const link = token === null ? null : recipientLink(consoleUrl, token);
    const text = composeReceiverAccess(
      plan,
      { name: receiver.name, language },
      { link, expiresAt, consoleUrl, provider: deps.config.PROVIDER_NAME, certTemplates },
    );
    return {
      receiver: {
        id: receiver.id,
        tokenHash: token === null ? null : hashToken(token),
        expiresAt,
        keepStatus: keepStatuses.has(receiver.status),
      },
      message: {
        shippingId: plan.id,
        receiverId: receiver.id,
        purpose: 'access' as const,
        channel,
        sandbox: plan.sandbox,
        recipient: recipientOf(channel, receiver) ?? receiver.name,
        subject: text.subject,
        body: text.body,
        bodyHtml: text.html,
        idempotencyKey: `access:${receiver.id}:${(receiver.accessMessages ?? 0) + 1}`,
      },
    };
  });
  await markReceiversSent(
    trx,
    composed.map((item) => item.receiver),
    new Date(),
  );
  return queueMessages(
    deps,
    trx,
    composed.map((item) => item.message),
  );
}

/** Signing kinds with multi-signer order 1 reach one receiver at a time, in order. */
function inOrder(plan: TDispatchPlan): boolean {
  return plan.multiSignerOrder === 1 && SERVICE_RULES[plan.serviceKind as ServiceKind]?.signing === true;
}

/**
 * Dispatches shippings in `pending_to_send`, in one transaction: each gets its response deadline (and
 * custody end), a link and an access message per receiver (only the first one when they sign in
 * order), and moves to `sent`. Anything else is left alone, so running it twice does nothing more. A
 * shipping with a receiver lacking the channel's contact goes to `not_send_error` (dispatchFailed) with
 * the reason. The whole batch costs a fixed number of statements, whatever its size. Answers the ids
 * it dispatched.
 */
export async function dispatchShippings(
  deps: TDispatchDeps,
  shippingIds: readonly string[],
  now = new Date(),
): Promise<string[]> {
  if (shippingIds.length === 0) return [];
  return deps.db.transaction().execute(async (trx) => {
    await relaxCommitDurability(trx);
    const plans = (await selectDispatchPlans(trx, shippingIds, { lock: true })).filter(
      (plan) => plan.deletedAt === null && plan.state === 'pending_to_send',
    );
    if (plans.length === 0) return [];
    const receiversOf = Map.groupBy(
      await selectDispatchReceivers(
        trx,
        plans.map((plan) => plan.id),
      ),
      (receiver) => receiver.shippingId,
    );
    const transitions: TTransitionRequest[] = [];
    const dispatched: TDispatchPlan[] = [];
    for (const plan of plans) {
      const receivers = receiversOf.get(plan.id) ?? [];
      const channel = plan.channel as Channel;
      const missing = receivers.filter((receiver) => recipientOf(channel, receiver) === null);
      if (receivers.length > 0 && missing.length === 0) {
        dispatched.push(plan);
        continue;
      }
      transitions.push({
        shipping: plan,
        action: 'dispatchFailed',
        actor: null,
        options: {
          reason: receivers.length === 0 ? 'no receivers' : `no ${CHANNEL_CONTACT[channel]} for a receiver`,
          details: { receivers: missing.map((receiver) => receiver.id) },
          situation: 'RCPT_INVALID',
        },
      });
    }
    for (const plan of dispatched) {
      plan.responseDeadlineAt = addDays(now, plan.responseDays);
      plan.custodyUntil =
        plan.serviceKind === 'custody'
          ? addDays(now, plan.custodyDays ?? plan.typeCustodyDays ?? plan.responseDays)
          : null;
    }
    await prepareSentCopies(
      deps,
      trx,
      dispatched.map((plan) => plan.id),
    );
    const accesses = dispatched.flatMap((plan) => {
      const receivers = receiversOf.get(plan.id)!;
      return (inOrder(plan) ? receivers.slice(0, 1) : receivers).map((receiver) => ({ plan, receiver }));
    });
    const messages = await sendAccesses(deps, trx, accesses);
    for (const plan of dispatched) {
      transitions.push({
        shipping: plan,
        action: 'dispatch',
        actor: null,
        options: {
          responseDeadlineAt: plan.responseDeadlineAt!,
          custodyUntil: plan.custodyUntil,
          details: {
            responseDeadlineAt: plan.responseDeadlineAt!.toISOString(),
            custodyUntil: plan.custodyUntil?.toISOString() ?? null,
            messages: messages.filter((_, index) => accesses[index]!.plan === plan).map((message) => message.guid),
            waiting: receiversOf.get(plan.id)!.length - accesses.filter((access) => access.plan === plan).length,
          },
        },
      });
    }
    await applyTransitions(trx, deps.jobs, transitions);
    return dispatched.map((plan) => plan.id);
  });
}

/**
 * Dispatches a batch in one transaction; when that fails, each shipping in its own, so one that cannot
 * be dispatched (a missing file) holds back nobody else. Throws the first failure then, so the batch is
 * retried (the shippings already dispatched are left alone by the retry).
 */
export async function dispatchBatch(deps: TDispatchDeps, shippingIds: readonly string[]): Promise<void> {
  try {
    await dispatchShippings(deps, shippingIds);
    return;
  } catch (error) {
    if (shippingIds.length === 1) throw error;
  }
  const failures: unknown[] = [];
  for (const shippingId of shippingIds) {
    await dispatchShippings(deps, [shippingId]).catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw failures[0];
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
  const [plan] = await selectDispatchPlans(trx, [shippingId], { lock: false });
  const receivers = await selectDispatchReceivers(trx, [shippingId]);
  const next = receivers.find((receiver) => receiver.status === 'pending');
  if (!plan || !next) return null;
  const [message] = await sendAccesses(deps, trx, [{ plan, receiver: next }]);
  return { receiverId: next.id, messageGuid: message!.guid };
}

/** A resend does not undo what an earlier access message achieved: the receiver got it, or opened the page. */
const RESEND_KEEPS_STATUS: ReadonlySet<string> = new Set(['delivered', 'opened']);

/**
 * Sends receivers of a shipping their access again, inside the caller's transaction on a shipping it
 * has locked: each gets a new link (the old one stops opening) and a new access message in its
 * language, composed and queued as the dispatch does (key `access:{receiverId}:{n+1}`). A receiver
 * `delivered` or `opened` keeps that status; the others are `sent` again. The caller chooses the
 * receivers and records the event. Answers the receivers and their message guids, in the order given.
 */
export async function resendAccess(
  deps: TDispatchDeps,
  trx: Trx,
  plan: TDispatchPlan,
  receivers: readonly TDispatchReceiver[],
): Promise<{ receiverId: string; messageGuid: string }[]> {
  const messages = await sendAccesses(
    deps,
    trx,
    receivers.map((receiver) => ({ plan, receiver })),
    RESEND_KEEPS_STATUS,
  );
  return receivers.map((receiver, index) => ({ receiverId: receiver.id, messageGuid: messages[index]!.guid }));
}
