import type { TPortalView } from '@sello/contracts/catalogue/portal';
import type { RecipientRejectReason } from '@sello/contracts/shipping-situations';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { updatePortalReceiver } from './portal.queries.ts';
import { assertCanAnswer, buildView, type TPortalDeps, withReceiver } from './portal-receiver.ts';

/** The receiver rejects a shipping to sign, with a reason: one rejection closes it. */
export function createPortalRejectService(deps: TPortalDeps) {
  return {
    reject(
      token: string,
      reason: string,
      situation: RecipientRejectReason = 'NOT_DOCUMENT_AGREE',
      now = new Date(),
    ): Promise<TPortalView> {
      return withReceiver(deps, token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        await assertCanAnswer(scope, ['sign']);
        await updatePortalReceiver(trx, receiver.receiverId, { status: 'rejected', statusAt: now, answeredAt: now });
        await applyTransition(trx, deps.jobs, shipping, 'reject', null, {
          reason,
          situation,
          details: { receiverId: receiver.receiverId, answer: 'rejected' },
        });
        return buildView(trx, scope, now);
      });
    },
  };
}
