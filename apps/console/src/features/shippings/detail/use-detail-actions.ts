import type { TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import { allowedUserActions, detailActionOf } from '@sello/contracts/shipping-lifecycle';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import type { TDenyReason } from '../shared/deny-dialog.tsx';
import { useSendAccessCommunication } from '../shared/shipping-api.ts';
import { type TDetailAction, useShippingActions } from '../shared/use-shipping-actions.ts';

/** The actions the server allows that the state machine also allows: the server also weighs the user's flags and role. */
export function allowedDetailActions(shipping: TShippingDetail): Set<TDetailAction> {
  const possible: readonly string[] = allowedUserActions(shipping).map(detailActionOf);
  return new Set(shipping.allowedActions.filter((action) => possible.includes(action)));
}

/** Running an action on one shipping, and sending its access communication again. */
export function useDetailActions() {
  const resendAccess = useSendAccessCommunication();
  const { one: act } = useShippingActions();
  const run = (requestId: number, action: TDetailAction, reason?: TDenyReason) =>
    act.mutateAsync({ action, requestId, reason }).catch(() => {});
  const sendAccessAgain = (requestId: number) =>
    resendAccess
      .mutateAsync(requestId)
      .then(
        (answer) => notify.success('SHIPPING_DONE_RESEND_ACCESS', { params: { count: answer.receivers } }),
        notifyFailure,
      );
  return { act, run, resendAccess, sendAccessAgain };
}

export type TDetailActions = ReturnType<typeof useDetailActions>;
