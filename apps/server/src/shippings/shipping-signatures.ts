import type { TSignature } from '@sello/contracts/catalogue/shippings-detail';
import type { TEventRecord, TReceiverRecord } from './shipping-detail.queries.ts';

/** Events that record a receiver's answer to a shipping to sign (portal accept and reject). */
const ANSWER_ACTIONS: ReadonlySet<string> = new Set(['receiverAccepted', 'accept', 'reject']);

type TDetails = Record<string, unknown>;

function detailsOf(event: TEventRecord): TDetails {
  return (event.details ?? {}) as TDetails;
}

function isOf(event: TEventRecord, receiverId: string): boolean {
  const receiver = detailsOf(event).receiverId;
  return receiver !== undefined && receiver !== null && String(receiver) === receiverId;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

/**
 * Each receiver's signature as the evidence chain records it: the answer event (accepted with a PIN or
 * one click, or rejected with its reason), the PIN that signed and where it was sent. A receiver with no
 * answer event is pending, with the method its service asks for.
 */
export function buildSignatures(
  serviceKind: string,
  receivers: readonly TReceiverRecord[],
  events: readonly TEventRecord[],
): TSignature[] {
  const askedMethod = serviceKind === 'express_acceptance' ? 'click' : 'pin';
  return receivers.map((receiver) => {
    const answer = events.findLast((event) => ANSWER_ACTIONS.has(event.action) && isOf(event, receiver.id));
    const details = answer ? detailsOf(answer) : {};
    const rejected = answer?.action === 'reject';
    const method = details.method === 'oneClick' ? 'click' : details.method === 'pin' ? 'pin' : askedMethod;
    const pinNumber = numberOrNull(details.pinNumber);
    const pinRequest =
      pinNumber === null
        ? undefined
        : events.find(
            (event) =>
              event.action === 'pinRequested' && isOf(event, receiver.id) && detailsOf(event).pinNumber === pinNumber,
          );
    const pinChannel = pinRequest ? detailsOf(pinRequest).channel : null;
    return {
      position: receiver.position,
      signer: receiver.name,
      method,
      pinChannel: typeof pinChannel === 'string' ? pinChannel : null,
      pinNumber,
      attempt: numberOrNull(details.attempt),
      state: answer ? (rejected ? 'rejected' : 'signed') : 'pending',
      signedAt: answer ? answer.at.toISOString() : null,
      reason: rejected ? answer.reason : null,
      evidence: answer
        ? { seq: answer.seq, action: answer.action, at: answer.at.toISOString(), hash: answer.hash }
        : null,
    };
  });
}
