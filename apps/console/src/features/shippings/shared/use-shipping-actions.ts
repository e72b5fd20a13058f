import { shippingsActionsApi, type TBatchResult } from '@sello/contracts/catalogue/shippings-actions';
import type { SHIPPING_DETAIL_ACTIONS } from '@sello/contracts/catalogue/shippings-detail';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../alerts/alert-store.ts';
import { callEndpoint, notifyFailure } from '../../../api/http-client.ts';
import type { TBatchAction } from '../list/batch-actions.ts';
import type { TDenyReason } from './deny-dialog.tsx';

/** An action of the detail page, on one shipping. */
export type TDetailAction = (typeof SHIPPING_DETAIL_ACTIONS)[number];

type TOneRequest = { action: TDetailAction; requestId: number; reason?: TDenyReason };
type TBatchRequest = { action: TBatchAction; ids: number[]; reason?: TDenyReason };

async function runOne({ action, requestId, reason }: TOneRequest): Promise<TDetailAction> {
  if (action === 'authorize') {
    const result = await callEndpoint(shippingsActionsApi.authorize, { body: { authorizeShippingList: [requestId] } });
    const failure = result.failed[0];
    if (failure) throw Object.assign(new Error(failure.key), { batchKey: failure.key });
  } else if (action === 'deny')
    await callEndpoint(shippingsActionsApi.deny, {
      params: { id: requestId },
      body: {
        stateCom: reason?.stateCom ?? 'no_auth',
        resultCom: reason?.resultCom ?? 'authorizer_reject',
        ...(reason?.comment && { comment: reason.comment }),
      },
    });
  else if (action === 'cancel') await callEndpoint(shippingsActionsApi.cancel, { params: { id: requestId } });
  else if (action === 'retry') await callEndpoint(shippingsActionsApi.retry, { body: { requestId } });
  else if (action === 'delete') await callEndpoint(shippingsActionsApi.delete, { params: { id: requestId } });
  else await callEndpoint(shippingsActionsApi.recover, { params: { id: requestId } });
  return action;
}

async function runBatch({
  action,
  ids,
  reason,
}: TBatchRequest): Promise<{ action: TBatchAction; result: TBatchResult }> {
  let result: TBatchResult;
  if (action === 'authorize')
    result = await callEndpoint(shippingsActionsApi.authorize, { body: { authorizeShippingList: ids } });
  else if (action === 'deny')
    result = await callEndpoint(shippingsActionsApi.denyList, {
      body: {
        denyShippingList: ids,
        stateCom: reason?.stateCom ?? 'no_auth',
        resultCom: reason?.resultCom ?? 'authorizer_reject',
        ...(reason?.comment && { comment: reason.comment }),
      },
    });
  else if (action === 'retry')
    result = await callEndpoint(shippingsActionsApi.retryList, { body: { retryShippingList: ids } });
  else result = await callEndpoint(shippingsActionsApi.deleteList, { body: { deleteShippingList: ids } });
  return { action, result };
}

/**
 * The user's actions on shippings (authorise, deny, retry, cancel, delete, recover): `one` for the detail page, `batch`
 * for the list's selection. Each tells the user how it went and refreshes every shippings query.
 */
export function useShippingActions({
  onBatchDone,
}: {
  /** Called with the server's answer to a batch, before the notice and the refresh. */
  onBatchDone?: (action: TBatchAction, result: TBatchResult) => void;
} = {}) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['shippings'] });

  const one = useMutation({
    mutationFn: runOne,
    onSuccess: (action) => {
      notify.success(`SHIPPING_DONE_${action.toUpperCase()}`);
      return refresh();
    },
    onError: (error) => {
      const key = (error as { batchKey?: string }).batchKey;
      if (key) notify.error(key);
      else notifyFailure(error);
    },
  });

  const batch = useMutation({
    mutationFn: runBatch,
    onSuccess: ({ action, result }) => {
      onBatchDone?.(action, result);
      if (result.failed.length === 0) notify.success(`SHIPPING_BATCH_${action.toUpperCase()}_OK`);
      else notify.warning('SHIPPING_BATCH_PARTIAL', { params: { count: result.failed.length } });
      return refresh();
    },
    onError: notifyFailure,
  });

  return { one, batch };
}
