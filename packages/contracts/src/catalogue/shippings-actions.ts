import { z } from 'zod';
import { ZIdField, ZIdList, ZIdParams, ZOk } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZResultFilter, ZShippingStateFilter } from '../enums.ts';
import { BIN, EDIT, READ } from './shippings-common.ts';

/**
 * Deny body (spec §3): `stateCom` and `resultCom` name the state and result the denial leaves the
 * shipping in; they must be those of the transition table for its state (shipping-situations.ts
 * DENY_OUTCOMES: `no_auth`/`authorizer_reject` awaiting authorisation, `closed`/`supervisor_reject` under
 * review). `comment` is the free-text reason, required for a supervisor's rejection.
 */
export const ZDenyRequest = z.object({
  stateCom: ZShippingStateFilter,
  resultCom: ZResultFilter,
  comment: z.string().trim().max(500, 'ERR_FIELD_TOO_LONG').optional(),
});

/** Outcome of a batch action: which shippings changed and which did not, with the reason. */
export const ZBatchResult = z.object({
  succeeded: z.array(z.number().int()),
  failed: z.array(z.object({ requestId: z.number().int(), key: z.string() })),
});
export type TBatchResult = z.infer<typeof ZBatchResult>;

/** The answer of a resend of the access communication: how many receivers got it again. */
export const ZAccessResent = z.object({ receivers: z.number().int().positive() });
export type TAccessResent = z.infer<typeof ZAccessResent>;

export const shippingsActionsApi = {
  authorize: defineEndpoint({
    id: 'shippings.authorize',
    method: 'PUT',
    path: 'shippings/shippingauthorize',
    summary: 'Authorise shippings',
    permission: READ,
    body: z.object({ authorizeShippingList: ZIdList, comment: z.string().trim().max(500).optional() }),
    response: ZBatchResult,
  }),
  retry: defineEndpoint({
    id: 'shippings.retry',
    method: 'PUT',
    path: 'shippings/shippingretry',
    summary: 'Retry sending a shipping',
    permission: EDIT,
    body: z.object({ requestId: ZIdField }),
    response: ZOk,
  }),
  retryList: defineEndpoint({
    id: 'shippings.retryList',
    method: 'PUT',
    path: 'shippings/shippingRetryList',
    summary: 'Retry sending shippings',
    permission: EDIT,
    body: z.object({ retryShippingList: ZIdList }),
    response: ZBatchResult,
  }),
  deleteList: defineEndpoint({
    id: 'shippings.deleteList',
    method: 'PUT',
    path: 'shippings/shippingDeleteList',
    summary: 'Soft-delete shippings',
    permission: EDIT,
    body: z.object({ deleteShippingList: ZIdList }),
    response: ZBatchResult,
  }),
  denyList: defineEndpoint({
    id: 'shippings.denyList',
    method: 'PUT',
    path: 'shippings/shippingDenyList',
    summary: 'Deny shippings',
    permission: READ,
    body: ZDenyRequest.extend({ denyShippingList: ZIdList }),
    response: ZBatchResult,
  }),
  deny: defineEndpoint({
    id: 'shippings.deny',
    method: 'PUT',
    path: 'shippings/deny/{id}',
    summary: 'Deny a shipping',
    permission: READ,
    params: ZIdParams,
    body: ZDenyRequest,
    response: ZOk,
  }),
  cancel: defineEndpoint({
    id: 'shippings.cancel',
    method: 'PUT',
    path: 'shippings/cancel/{id}',
    summary: 'The sender cancels a shipping: at once while queued, else once the channel confirms',
    permission: EDIT,
    params: ZIdParams,
    response: ZOk,
    beyondSpec: true,
  }),
  delete: defineEndpoint({
    id: 'shippings.delete',
    method: 'DELETE',
    path: 'shippings/delete/{id}',
    summary: 'Soft-delete a shipping',
    permission: EDIT,
    params: ZIdParams,
    response: ZOk,
  }),
  recover: defineEndpoint({
    id: 'shippings.recover',
    method: 'PUT',
    path: 'shippings/recover/{id}',
    summary: 'Recover a deleted shipping',
    permission: BIN,
    params: ZIdParams,
    response: ZOk,
  }),
  sendAccessCommunication: defineEndpoint({
    id: 'shippings.sendAccessCommunication',
    method: 'PUT',
    path: 'shippings/sendAccessComunication/{id}',
    summary: 'Send the receiver the access communication again',
    permission: EDIT,
    params: ZIdParams,
    response: ZAccessResent,
  }),
} as const;
