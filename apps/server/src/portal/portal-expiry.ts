import type { Language } from '@sello/contracts/constants';
import { LOCALE_BY_LANGUAGE } from '@sello/contracts/constants';
import type { Channel } from '@sello/contracts/enums';
import { findTransition } from '@sello/contracts/shipping-lifecycle';
import type { Kysely } from 'kysely';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { queueMessage } from '../delivery/outgoing-messages.ts';
import { issueReceiverAccess } from '../delivery/receiver-access.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { recipientLink } from '../platform/recipient-link.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { appendEvent, applyTransition, contextOf, eventTime, lifecycleOf } from '../shippings/shipping-transitions.ts';
import {
  markUnansweredReceivers,
  messageExists,
  selectEndedCustodyIds,
  selectOverdueShippingIds,
  selectReminderCandidates,
  type TReminderCandidate,
} from './portal.queries.ts';
import { reminderMessage } from './portal-messages.ts';
import { renderChosenSms } from './portal-sms-templates.ts';

export type TExpiryDeps = {
  db: Kysely<Database>;
  config: TConfig;
  jobs: TJobQueue;
  preferences: TPreferences;
};

/** Shippings (and reminder candidates) handled per run; the next minute's run takes the rest. */
const BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * When the reminders of a receiver fall: the first halfway through the response period, the second a
 * day before the deadline when the period is longer than two days (shorter ones get the first only).
 */
export function reminderTimes(dispatchedAt: Date, deadline: Date): Date[] {
  const period = deadline.getTime() - dispatchedAt.getTime();
  if (period <= 0) return [];
  const times = [new Date(dispatchedAt.getTime() + period / 2)];
  if (period > 2 * DAY_MS) times.push(new Date(deadline.getTime() - DAY_MS));
  return times;
}

function formatDeadline(deadline: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  }).format(deadline);
}

function contactOf(candidate: TReminderCandidate): string | null {
  return candidate.channel === 'email' ? candidate.email : candidate.mobile;
}

/**
 * One run of the expiry queue at `now`: unanswered shippings past their deadline expire (result
 * timeout), custodies past their time end, and receivers who have not answered get their due reminders.
 * Each shipping is handled in its own transaction, so one failure does not hold back the others.
 */
export async function runPortalExpiry(deps: TExpiryDeps, now = new Date()) {
  const { db, jobs } = deps;
  const counts = { expired: 0, custodiesEnded: 0, reminders: 0 };

  for (const id of await selectOverdueShippingIds(db, now, BATCH)) {
    await db.transaction().execute(async (trx) => {
      const shipping = await lockShipping(trx, null, id);
      if (!shipping || !findTransition(lifecycleOf(shipping), 'expire', contextOf(shipping, false))) return;
      await markUnansweredReceivers(trx, id, 'expired', now);
      await applyTransition(trx, jobs, shipping, 'expire', null, { details: { deadlinePassedAt: now.toISOString() } });
      counts.expired += 1;
    });
  }

  for (const id of await selectEndedCustodyIds(db, now, BATCH)) {
    await db.transaction().execute(async (trx) => {
      const shipping = await lockShipping(trx, null, id);
      if (!shipping || !findTransition(lifecycleOf(shipping), 'custodyEnd', contextOf(shipping, false))) return;
      await applyTransition(trx, jobs, shipping, 'custodyEnd', null, { details: { endedAt: now.toISOString() } });
      counts.custodiesEnded += 1;
    });
  }

  const consoleUrl = await deps.preferences.consoleUrl();
  for (const candidate of await selectReminderCandidates(db, now, BATCH)) {
    if (!candidate.deadline || !candidate.accessExpiresAt) continue;
    const recipient = contactOf(candidate);
    if (!recipient) continue;
    const due = reminderTimes(candidate.dispatchedAt, candidate.deadline).filter((at) => at <= now);
    // Only the latest due reminder is sent: one that fell while the job was down is not worth a second message.
    const n = due.length;
    if (n === 0) continue;
    const idempotencyKey = `reminder:${candidate.receiverId}:${n}`;
    if (await messageExists(db, idempotencyKey)) continue;
    const sent = await sendReminder(deps, candidate, recipient, n, idempotencyKey, consoleUrl, now);
    if (sent) counts.reminders += 1;
  }
  return counts;
}

async function sendReminder(
  deps: TExpiryDeps,
  candidate: TReminderCandidate,
  recipient: string,
  n: number,
  idempotencyKey: string,
  consoleUrl: string,
  now: Date,
): Promise<boolean> {
  const { db, config, jobs } = deps;
  return db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, candidate.shippingId);
    if (!shipping || shipping.result !== null || !['sent', 'in_course'].includes(shipping.state)) return false;
    const language = (candidate.language ?? 'es-es') as Language;
    // A receiver who never opened the link gets a fresh one (same expiry); one who did keeps theirs,
    // so a page open in their browser is not cut off.
    const link =
      candidate.openedAt === null
        ? recipientLink(
            consoleUrl,
            await issueReceiverAccess(trx, candidate.receiverId, candidate.accessExpiresAt!, now),
          )
        : null;
    const deadline = formatDeadline(candidate.deadline!, language);
    const text = reminderMessage(language, {
      sender: candidate.senderCompany,
      subject: candidate.subject,
      deadline,
      link,
    });
    // By SMS the domain's chosen SMS template without `{{pin}}` is used when there is one.
    const chosen =
      candidate.channel === 'sms'
        ? await renderChosenSms(
            trx,
            candidate.domainId,
            'reminder',
            {
              receiverName: candidate.name,
              company: candidate.senderCompany,
              subject: candidate.subject,
              reference: candidate.reference,
              link,
              deadline,
              provider: config.PROVIDER_NAME,
              body: candidate.body,
            },
            consoleUrl,
          )
        : null;
    const message = await queueMessage({ config, jobs }, trx, {
      shippingId: candidate.shippingId,
      receiverId: candidate.receiverId,
      purpose: 'reminder',
      channel: candidate.channel as Channel,
      sandbox: candidate.isSandbox,
      recipient,
      subject: candidate.channel === 'email' ? text.subject : null,
      body: chosen ?? (candidate.channel === 'email' ? text.body : text.short),
      idempotencyKey,
    });
    if (!message.created) return false;
    const lifecycle = lifecycleOf(shipping);
    await appendEvent(trx, shipping, {
      at: eventTime(),
      actor: null,
      action: 'reminded',
      from: lifecycle,
      to: lifecycle,
      details: { receiverId: candidate.receiverId, reminder: n, messageId: message.id, newLink: link !== null },
    });
    return true;
  });
}
