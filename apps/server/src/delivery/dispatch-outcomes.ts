import type { SituationReason } from '@sello/contracts/enums';
import { findTransition, type ShippingAction } from '@sello/contracts/shipping-lifecycle';
import { deliveryFailureReason } from '@sello/contracts/shipping-situations';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { countMessageOutcome } from '../platform/metrics.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { appendEvent, applyTransition, contextOf, eventTime, lifecycleOf } from '../shippings/shipping-transitions.ts';
import { releaseFallbacks } from './delivery.queries.ts';
import { allAccessDelivered, selectServiceKind, type TMessageRow, updateReceiverStatus } from './dispatch.queries.ts';
import { isCertifiedKind } from './dispatch.service.ts';

type Trx = Transaction<Database>;

/** What became of a message: handed to the provider, delivered, refused for good, or unknowable. */
export type TDeliveryOutcome = 'sent' | 'delivered' | 'failed' | 'unknown';

const EVENT_OF: Record<TDeliveryOutcome, string> = {
  sent: 'messageSent',
  delivered: 'messageDelivered',
  failed: 'messageFailed',
  unknown: 'messageUnknown',
};

/**
 * Records on the shipping what became of one of its messages, as evidence, and moves the shipping when
 * the outcome decides it: the first delivered access message takes it `sent` → `in_course`; for
 * certified kinds, every receiver delivered closes it (`certifiedDelivered`); a failed or unknown one
 * is a failed delivery (`dispatchFailed`), unless the channel refused the recipient at hand-over while the
 * shipping was still `sent` (`dispatchRefused` → `not_send_error`). Otherwise (pin and reminder messages, a shipping already
 * further on) an event with the same state before and after. A message that failed releases its held
 * fallback (named in the event). Runs inside the caller's transaction.
 */
export async function recordDeliveryOutcome(
  jobs: TJobQueue,
  trx: Trx,
  message: Pick<TMessageRow, 'id' | 'guid' | 'shippingId' | 'receiverId' | 'purpose' | 'channel' | 'transport'>,
  outcome: TDeliveryOutcome,
  report: {
    providerRef?: string | null;
    detail?: string | null;
    reportedAt?: string | null;
    source: string;
    /** The channel refused the recipient at hand-over (SMTP 5xx, the provider's 4xx): nothing was sent. */
    refused?: boolean;
  },
): Promise<void> {
  const shipping = await lockShipping(trx, null, message.shippingId);
  if (!shipping) return;
  countMessageOutcome(message.channel, outcome);
  const at = eventTime();
  const details: Record<string, string | null> = {
    message: message.guid,
    receiver: message.receiverId,
    channel: message.channel,
    transport: message.transport,
    purpose: message.purpose,
    outcome,
    source: report.source,
    providerRef: report.providerRef ?? null,
    reportedAt: report.reportedAt ?? null,
  };
  if (outcome === 'failed' || outcome === 'unknown') {
    // A message that did not deliver lets its held fallback go (WhatsApp → SMS or a voice call), on record.
    const [fallback] = await releaseFallbacks(trx, message.id);
    if (fallback) {
      if (fallback.transport !== 'outbox') {
        await jobs.send(DELIVERY_JOBS.send, { messageId: fallback.id }, { within: trx });
      }
      details.fallbackMessage = fallback.guid;
      details.fallbackChannel = fallback.channel;
    }
  }
  const reason = report.detail ?? null;
  let action: ShippingAction | null = null;
  let situation: SituationReason | undefined;
  if (message.purpose === 'access') {
    if (outcome === 'delivered') {
      await updateReceiverStatus(trx, message.receiverId, 'delivered', at, ['pending', 'sent', 'failed']);
      const { serviceKind } = await selectServiceKind(trx, message.shippingId);
      if (!isCertifiedKind(serviceKind)) action = 'deliver';
      else if (await allAccessDelivered(trx, message.shippingId)) action = 'certifiedDelivered';
    } else if (outcome === 'failed' || outcome === 'unknown') {
      await updateReceiverStatus(trx, message.receiverId, 'failed', at, ['pending', 'sent']);
      situation = deliveryFailureReason({ outcome, channel: message.channel });
      // Refused before anything travelled (applies while the shipping is `sent`): the sender's to correct and retry.
      action = outcome === 'failed' && report.refused ? 'dispatchRefused' : 'dispatchFailed';
    }
  }
  if (action && findTransition(lifecycleOf(shipping), action, contextOf(shipping, false))) {
    await applyTransition(trx, jobs, shipping, action, null, { reason, details, situation });
    return;
  }
  const lifecycle = lifecycleOf(shipping);
  await appendEvent(trx, shipping, {
    at,
    actor: null,
    action: EVENT_OF[outcome],
    from: lifecycle,
    to: lifecycle,
    reason,
    details,
  });
}

/**
 * Records on the shipping that one of its messages could not be handed over for now and waits for its next
 * attempt (the peer down, timing out, answering 5xx or 4xx-for-now, a document unreadable for now), with the
 * attempt, when the next one is due and why. The state does not move. Runs inside the caller's transaction.
 */
export async function recordDeliveryRetry(
  trx: Trx,
  message: Pick<TMessageRow, 'guid' | 'shippingId' | 'receiverId' | 'purpose' | 'channel' | 'transport'>,
  retry: { attempt: number; nextAttemptAt: Date; error: string },
): Promise<void> {
  const shipping = await lockShipping(trx, null, message.shippingId);
  if (!shipping) return;
  const lifecycle = lifecycleOf(shipping);
  await appendEvent(trx, shipping, {
    at: eventTime(),
    actor: null,
    action: 'messageRetrying',
    from: lifecycle,
    to: lifecycle,
    reason: retry.error.slice(0, 500),
    details: {
      message: message.guid,
      receiver: message.receiverId,
      channel: message.channel,
      transport: message.transport,
      purpose: message.purpose,
      attempt: String(retry.attempt),
      nextAttemptAt: retry.nextAttemptAt.toISOString(),
    },
  });
}
