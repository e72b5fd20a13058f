import { randomInt } from 'node:crypto';
import type { TPortalPinSent } from '@sello/contracts/catalogue/portal';
import { PIN_MAX_REQUESTS, PIN_VALID_MINUTES } from '@sello/contracts/portal-limits';
import { formatDateTimeIn } from '@sello/contracts/reference/status-labels';
import { queueMessage } from '../delivery/outgoing-messages.ts';
import { ApiError, fieldError } from '../platform/api-error.ts';
import { countPins, insertPin, markPinUsed, selectUsablePin, updatePortalReceiver } from './portal.queries.ts';
import { pinMessage } from './portal-messages.ts';
import {
  assertCanAnswer,
  closeWithFailure,
  note,
  type TPortalDeps,
  type TScope,
  withReceiver,
} from './portal-receiver.ts';
import {
  asksForPin,
  hashPin,
  languageOf,
  maskContact,
  pinAttemptsLeft,
  pinDestination,
  pinExpiry,
  samePin,
} from './portal-rules.ts';
import { renderChosenSms } from './portal-sms-templates.ts';

/** The receiver asks for a PIN to sign with: a new one, by SMS or else by email. */
export function createPortalPinService(deps: TPortalDeps) {
  return {
    requestPin(token: string, now = new Date()): Promise<TPortalPinSent> {
      return withReceiver(deps, token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        await assertCanAnswer(scope, ['sign']);
        if (!asksForPin(receiver.serviceKind)) throw new ApiError(403, 'ERR_FORBIDDEN');
        const n = (await countPins(trx, receiver.receiverId)) + 1;
        if (n > PIN_MAX_REQUESTS) throw new ApiError(429, 'ERR_PIN_LIMIT');
        const destination = pinDestination(receiver);
        if (!destination) throw new ApiError(409, 'ERR_PIN_UNAVAILABLE');
        const { channel, recipient } = destination;
        const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const expiresAt = pinExpiry(now);
        await insertPin(trx, {
          receiverId: receiver.receiverId,
          n,
          pinHash: hashPin(receiver.receiverId, pin),
          createdAt: now,
          expiresAt,
        });
        const language = languageOf(receiver);
        const text = pinMessage(language, pin, PIN_VALID_MINUTES);
        // By SMS the domain's chosen SMS template with `{{pin}}` is used when there is one.
        const chosen =
          channel === 'sms'
            ? await renderChosenSms(
                trx,
                receiver.domainId,
                'pin',
                {
                  receiverName: receiver.receiverName,
                  company: receiver.senderCompany,
                  subject: receiver.subject,
                  reference: receiver.reference,
                  link: null,
                  deadline: receiver.responseDeadlineAt ? formatDateTimeIn(receiver.responseDeadlineAt, language) : '',
                  provider: deps.config.PROVIDER_NAME,
                  body: receiver.body,
                  pin,
                },
                await deps.preferences.consoleUrl(),
              )
            : null;
        const message = await queueMessage(deps, trx, {
          shippingId: shipping.id,
          receiverId: receiver.receiverId,
          purpose: 'pin',
          channel,
          sandbox: receiver.isSandbox,
          recipient,
          subject: channel === 'email' ? text.subject : null,
          body: chosen ?? text.body,
          idempotencyKey: `pin:${receiver.receiverId}:${n}`,
        });
        await note(trx, shipping, 'pinRequested', {
          receiverId: receiver.receiverId,
          pinNumber: n,
          channel,
          messageId: message.id,
        });
        return {
          channel,
          sentTo: maskContact(recipient),
          expiresAt: expiresAt.toISOString(),
          attemptsLeft: pinAttemptsLeft(receiver.pinFailures),
        };
      });
    },
  };
}

/**
 * Checks the PIN a receiver signs with. A right one is used up and answers which PIN and attempt it
 * was; a wrong one is counted (the last allowed closes the shipping) and answered as an ApiError to
 * throw after the commit. No PIN, or none usable, throws at once (nothing to remember).
 */
export async function verifyPin(
  deps: TPortalDeps,
  scope: TScope,
  pin: string | undefined,
  now: Date,
): Promise<{ pinNumber: number; attempt: number } | ApiError> {
  const { trx, shipping, receiver } = scope;
  if (!pin) throw fieldError('pin', 'ERR_FIELD_REQUIRED');
  const usable = await selectUsablePin(trx, receiver.receiverId, now);
  if (!usable) throw new ApiError(400, 'ERR_PIN_EXPIRED', { pin: 'ERR_PIN_EXPIRED' });
  const attempt = receiver.pinFailures + 1;
  if (samePin(usable.pinHash, receiver.receiverId, pin)) {
    await markPinUsed(trx, usable.id, now);
    return { pinNumber: usable.n, attempt };
  }
  await updatePortalReceiver(trx, receiver.receiverId, { pinFailures: attempt });
  const details = { receiverId: receiver.receiverId, pinNumber: usable.n, attempt };
  const attemptsLeft = pinAttemptsLeft(attempt);
  if (attemptsLeft === 0) {
    await markPinUsed(trx, usable.id, now);
    await updatePortalReceiver(trx, receiver.receiverId, { answeredAt: now });
    await closeWithFailure(deps, scope, 'pinFailed', details);
  } else {
    await note(trx, shipping, 'pinWrong', details);
  }
  return new ApiError(400, 'ERR_PIN_INVALID', { pin: 'ERR_PIN_INVALID' }, { attemptsLeft });
}
