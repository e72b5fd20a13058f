import type { TAccessResent } from '@sello/contracts/catalogue/shippings-actions';
import type { ShippingStateFilter } from '@sello/contracts/enums';
import { ACCESS_MESSAGES_MAX, ACCESS_RESEND_STATES, resendsAccess } from '@sello/contracts/shipping-rules';
import { ApiError, notFound } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { manageVisibility } from '../shippings/shipping-access.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { appendEvent, eventTime, lifecycleOf } from '../shippings/shipping-transitions.ts';
import { selectDispatchPlans, selectDispatchReceivers, type TDispatchReceiver } from './dispatch.queries.ts';
import { resendAccess, type TDispatchDeps } from './dispatch.service.ts';

/** Receiver statuses that are an answer (portal.service.ts writes them with `answered_at`). */
const ANSWERED_STATUSES: ReadonlySet<string> = new Set(['accepted', 'rejected']);

/**
 * Who gets the access again: receivers already reached (they have an access message) who have not
 * answered. A receiver waiting its turn in an ordered signing has none yet, so it is left alone.
 */
function resendTargets<R extends Pick<TDispatchReceiver, 'status' | 'answeredAt' | 'accessMessages'>>(
  receivers: readonly R[],
): R[] {
  return receivers.filter(
    (receiver) =>
      (receiver.accessMessages ?? 0) > 0 && receiver.answeredAt === null && !ANSWERED_STATUSES.has(receiver.status),
  );
}

/**
 * `sendAccessComunication/{id}`: the sender has the access message sent again to the receivers who
 * have not answered, each with a new link, in one transaction on the locked shipping, and an
 * `accessResent` event on its chain. Every refusal answers 409 with its key (a 403 signs the console
 * user out) and writes nothing. As for retry and delete, the sender's company must be the user's: a
 * shipping seen only as its authoriser, or not at all, answers 404.
 */
export function createAccessResend(deps: TDispatchDeps) {
  async function sendAccessCommunication(principal: TPrincipal, id: number): Promise<TAccessResent> {
    return deps.db.transaction().execute(async (trx) => {
      const shipping = await lockShipping(trx, manageVisibility(principal), String(id));
      if (!shipping) throw notFound();
      if (shipping.deletedAt !== null && principal.permissions.shpBin !== true) throw notFound();
      if (principal.permissions.newSend !== true) throw new ApiError(409, 'ERR_NOT_SENDER');
      if (shipping.deletedAt !== null || !ACCESS_RESEND_STATES.includes(shipping.state as ShippingStateFilter)) {
        throw new ApiError(409, 'ERR_NOT_SENT');
      }
      const [plan] = await selectDispatchPlans(trx, [shipping.id], { lock: false });
      if (!plan || !resendsAccess(plan.serviceKind, plan.channel)) throw new ApiError(409, 'ERR_RESEND_NOT_AVAILABLE');
      const targets = resendTargets(await selectDispatchReceivers(trx, [shipping.id]));
      if (targets.length === 0) throw new ApiError(409, 'ERR_ALREADY_ANSWERED');
      if (targets.some((receiver) => (receiver.accessMessages ?? 0) >= ACCESS_MESSAGES_MAX)) {
        throw new ApiError(409, 'ERR_RESEND_LIMIT', undefined, { limit: ACCESS_MESSAGES_MAX });
      }
      const sent = await resendAccess(deps, trx, plan, targets);
      const lifecycle = lifecycleOf(shipping);
      await appendEvent(trx, shipping, {
        at: eventTime(),
        actor: principal.userId,
        action: 'accessResent',
        from: lifecycle,
        to: lifecycle,
        details: {
          receivers: sent.map((item) => item.receiverId),
          messages: sent.map((item) => item.messageGuid),
        },
      });
      return { receivers: sent.length };
    });
  }

  return { sendAccessCommunication };
}
