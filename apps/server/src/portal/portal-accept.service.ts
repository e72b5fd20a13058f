import type { TPortalView } from '@sello/contracts/catalogue/portal';
import { releaseNextReceiver } from '../delivery/dispatch.service.ts';
import type { TTrustLoaders } from '../evidence/trust-loaders.ts';
import { ApiError } from '../platform/api-error.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { selectCoReceivers, updatePortalReceiver } from './portal.queries.ts';
import { assertCertifiable, isCloudSigned, signWithOneTimeCertificate } from './portal-cloud-sign.ts';
import { pinSignature, verifyPin } from './portal-pin.service.ts';
import {
  assertCanAnswer,
  buildView,
  note,
  type TDetails,
  type TPortalDeps,
  type TScope,
  withReceiver,
} from './portal-receiver.ts';
import { asksForPin } from './portal-rules.ts';

/** The receiver accepts (or acknowledges): the shipping closes as accepted once every receiver has. */
export async function recordAcceptance(deps: TPortalDeps, scope: TScope, now: Date, details: TDetails): Promise<void> {
  const { trx, shipping, receiver } = scope;
  await updatePortalReceiver(trx, receiver.receiverId, { status: 'accepted', statusAt: now, answeredAt: now });
  const eventDetails = { receiverId: receiver.receiverId, ...details };
  if (receiver.serviceKind === 'custody') {
    // A custody runs to its end whatever the receivers say; the acknowledgement is evidence only.
    await note(trx, shipping, 'acknowledged', eventDetails);
    return;
  }
  const receivers = await selectCoReceivers(trx, shipping.id);
  const allAccepted = receivers.every((row) => row.status === 'accepted' && row.answeredAt !== null);
  if (allAccepted) {
    await applyTransition(trx, deps.jobs, shipping, 'accept', null, { details: eventDetails });
    return;
  }
  // Signers in order: the next one gets its link now, in this transaction, so an acceptance never
  // commits without the next signer's message (nor the message without the acceptance). Not while a
  // cancellation is pending: the sender has withdrawn it, so nobody new is asked to sign.
  const released =
    receiver.multiSignerOrder === 1 && shipping.state !== 'cancel_pending'
      ? await releaseNextReceiver(deps, trx, shipping.id)
      : null;
  await note(trx, shipping, 'receiverAccepted', {
    ...eventDetails,
    ...(released && { releasedReceiverId: released.receiverId, releasedMessage: released.messageGuid }),
  });
}

/** The receiver acknowledges a notification, or accepts a shipping to sign (with a PIN when its kind asks for one). */
export function createPortalAcceptService(deps: TPortalDeps, cloud: TTrustLoaders) {
  return {
    acknowledge(token: string, now = new Date()): Promise<TPortalView> {
      return withReceiver(deps, token, now, async (scope) => {
        await assertCanAnswer(scope, ['acknowledge']);
        await recordAcceptance(deps, scope, now, { answer: 'acknowledged' });
        return buildView(scope.trx, scope, now);
      });
    },

    accept(token: string, pin: string | undefined, now = new Date()): Promise<TPortalView> {
      return withReceiver(deps, token, now, async (scope) => {
        await assertCanAnswer(scope, ['sign']);
        // A handwritten signature is given with its own call, never replaced by a click.
        if (scope.receiver.signMethod === 'BIOHAND_GRAPH') throw new ApiError(400, 'ERR_SIGNATURE_REQUIRED');
        // So is a signature with the receiver's own certificate (portal-pki.service.ts).
        if (scope.receiver.signMethod === 'PKI') throw new ApiError(400, 'ERR_PKI_SIGNATURE_REQUIRED');
        if (!asksForPin(scope.receiver)) {
          await recordAcceptance(deps, scope, now, { answer: 'accepted', method: 'oneClick' });
          return buildView(scope.trx, scope, now);
        }
        if (isCloudSigned(scope)) await assertCertifiable(scope);
        const verified = await verifyPin(deps, scope, pin, now);
        if (verified instanceof ApiError) return verified;
        const signature = await pinSignature(scope, verified.pinNumber);
        // PKI_CLOUD: the PIN proved who signs; the one-time certificate signs (and its method replaces the PIN's).
        const certified = isCloudSigned(scope) ? await signWithOneTimeCertificate(deps, cloud, scope, now) : {};
        await recordAcceptance(deps, scope, now, {
          answer: 'accepted',
          method: 'pin',
          ...verified,
          ...signature,
          ...certified,
        });
        return buildView(scope.trx, scope, now);
      });
    },
  };
}
