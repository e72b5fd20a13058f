import { randomInt } from 'node:crypto';
import type { TPortalPinSent } from '@sello/contracts/catalogue/portal';
import type { Language } from '@sello/contracts/constants';
import { PIN_MAX_REQUESTS, PIN_VALID_MINUTES } from '@sello/contracts/portal-limits';
import { isPinMethod, type PinChannel, type PinSignMethod } from '@sello/contracts/reference/sign-methods';
import { formatDateTimeIn } from '@sello/contracts/reference/status-labels';
import { queueMessage } from '../delivery/outgoing-messages.ts';
import { ApiError, fieldError } from '../platform/api-error.ts';
import {
  countPins,
  insertPin,
  markPinUsed,
  selectPinMessages,
  selectUsablePin,
  type TPortalReceiver,
  updatePortalReceiver,
} from './portal.queries.ts';
import { assertCertifiable, isCloudSigned } from './portal-cloud-sign.ts';
import { pinMessage, pinVoiceMessage } from './portal-messages.ts';
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
  pinExpiry,
  pinRoute,
  samePin,
} from './portal-rules.ts';
import { renderChosenSms } from './portal-sms-templates.ts';

/** The receiver asks for a PIN to sign with: a new one, on the channel its type's PIN method names. */
export function createPortalPinService(deps: TPortalDeps) {
  return {
    requestPin(token: string, now = new Date()): Promise<TPortalPinSent> {
      return withReceiver(deps, token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        await assertCanAnswer(scope, ['sign']);
        if (!asksForPin(receiver)) throw new ApiError(403, 'ERR_FORBIDDEN');
        // No PIN for a certificate that could not be issued.
        if (isCloudSigned(scope)) await assertCertifiable(scope);
        const n = (await countPins(trx, receiver.receiverId)) + 1;
        if (n > PIN_MAX_REQUESTS) throw new ApiError(429, 'ERR_PIN_LIMIT');
        const route = pinRoute(receiver);
        if (!route) throw new ApiError(409, 'ERR_PIN_UNAVAILABLE');
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
        const bodyFor = async (channel: PinChannel) => {
          if (channel === 'voice') return pinVoiceMessage(language, pin);
          // By SMS the domain's chosen SMS template with `{{pin}}` is used when there is one.
          const chosen = channel === 'sms' ? await renderPinSms(deps, trx, receiver, pin, language) : null;
          return chosen ?? text.body;
        };
        const base = {
          shippingId: shipping.id,
          receiverId: receiver.receiverId,
          purpose: 'pin' as const,
          sandbox: receiver.isSandbox,
          recipient: route.recipient,
        };
        const message = await queueMessage(deps, trx, {
          ...base,
          channel: route.channel,
          subject: route.channel === 'email' ? text.subject : null,
          body: await bodyFor(route.channel),
          idempotencyKey: pinMessageKey(receiver.receiverId, n),
        });
        // Held until the first message does not deliver (a failed hand-over or delivery report).
        const fallback = route.fallback
          ? await queueMessage(deps, trx, {
              ...base,
              channel: route.fallback,
              subject: null,
              body: await bodyFor(route.fallback),
              idempotencyKey: pinMessageKey(receiver.receiverId, n, true),
              fallbackFor: message.id,
            })
          : null;
        const sentTo = maskContact(route.recipient);
        await note(trx, shipping, 'pinRequested', {
          receiverId: receiver.receiverId,
          pinNumber: n,
          signMethod: signMethodOf(receiver, route.channel),
          channel: route.channel,
          sentTo,
          messageId: message.id,
          ...(fallback && { fallbackChannel: route.fallback, fallbackMessageId: fallback.id }),
        });
        return {
          channel: route.channel,
          sentTo,
          fallbackChannel: route.fallback,
          expiresAt: expiresAt.toISOString(),
          attemptsLeft: pinAttemptsLeft(receiver.pinFailures),
        };
      });
    },
  };
}

async function renderPinSms(
  deps: TPortalDeps,
  trx: TScope['trx'],
  receiver: TPortalReceiver,
  pin: string,
  language: Language,
) {
  return renderChosenSms(
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
  );
}

/** The PIN method a signature used: the type's, or (a type without one) the SMS or e-mail it went by. */
function signMethodOf(receiver: Pick<TPortalReceiver, 'signMethod'>, channel: PinChannel): PinSignMethod {
  if (isPinMethod(receiver.signMethod)) return receiver.signMethod;
  return channel === 'sms' ? 'PIN_SMS' : 'PIN_EMAIL';
}

/**
 * What the evidence says of a PIN signature: the method, the channel that carried the PIN (the fallback
 * once it was released, as WhatsApp did not deliver) and the masked address it went to.
 */
export async function pinSignature(scope: TScope, pinNumber: number) {
  const { trx, receiver } = scope;
  const messages = await selectPinMessages(trx, [
    pinMessageKey(receiver.receiverId, pinNumber),
    pinMessageKey(receiver.receiverId, pinNumber, true),
  ]);
  const fallback = messages.find((message) => message.fallbackFor !== null && message.status !== 'held');
  const carrier = fallback ?? messages.find((message) => message.fallbackFor === null);
  if (!carrier) throw new Error(`PIN ${pinNumber} of receiver ${receiver.receiverId} has no message`);
  const channel = carrier.channel as PinChannel;
  return {
    signMethod: signMethodOf(receiver, channel),
    pinChannel: channel,
    pinSentTo: maskContact(carrier.recipient),
  };
}

function pinMessageKey(receiverId: string, n: number, fallback = false): string {
  return `pin:${receiverId}:${n}${fallback ? ':fallback' : ''}`;
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
