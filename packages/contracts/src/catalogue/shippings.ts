import { z } from 'zod';
import {
  pageOf,
  ZFile,
  ZId,
  ZIdField,
  ZIdList,
  ZIdParams,
  ZOk,
  ZPickerList,
  ZReportExportRequest,
  ZTimestamp,
} from '../common.ts';
import { LIMITS } from '../constants.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
import {
  ZChannel,
  ZDocumentCategory,
  ZDownloadOption,
  ZIdentificationSubstate,
  ZMultiSignerOrder,
  ZPostalDocumentType,
  ZPostalReceiverType,
  ZResultFilter,
  ZServiceKind,
  ZShippingStateFilter,
  ZSituationCode,
  ZSituationReason,
} from '../enums.ts';
import { isEmail, isEmailList } from '../patterns.ts';

/** Reading shippings: the full list or the authorisations list (spec §6). */
const READ = { any: ['shippingList', 'shippingListOnlyAuth'] } as const satisfies TPermissionRule;
/**
 * Changing shippings also needs edit mode. Authorising and denying do not: authorisers may only hold
 * the authorisations list; the server checks that the user is an authoriser of each shipping.
 */
const EDIT = { all: ['editMode'], any: ['shippingList', 'shippingListOnlyAuth'] } as const satisfies TPermissionRule;
const CREATE = { all: ['newSend', 'editMode'] } as const satisfies TPermissionRule;
/** The new-shipping form needs the types too, even without a list permission. */
const READ_TYPES = { any: ['shippingList', 'shippingListOnlyAuth', 'newSend'] } as const satisfies TPermissionRule;
/** Recovering happens in the deleted-items area, which the bin flag opens. */
const BIN = { all: ['shpBin'] } as const satisfies TPermissionRule;

const ZRequestIdQuery = z.object({ requestId: ZId });
/** A document of a shipping, by its id within the shipping. */
const ZFileRequest = z.coerce.number().int().positive();

/** Shipping list query of spec §3. `filters` and `customFilters` are JSON; `filterFrom`/`filterTo` are epoch ms. */
export const ZShippingListQuery = z.object({
  first: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  sortField: z.string().max(64).optional(),
  sortOrder: z.coerce.number().int().min(-1).max(1).optional(),
  filters: z.string().max(4000).optional(),
  filterFrom: z.coerce.number().int().min(0).optional(),
  filterTo: z.coerce.number().int().min(0).optional(),
  /** True searches every shipping the user may see; false only the user's own. */
  filterAll: z.stringbool().optional(),
  customFilters: z.string().max(4000).optional(),
});
export type TShippingListQuery = z.infer<typeof ZShippingListQuery>;

export const ZShippingRow = z.object({
  requestId: z.number().int(),
  reference: z.string().nullable(),
  service: ZServiceKind,
  channel: ZChannel,
  typeId: z.number().int(),
  typeName: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  sender: z.string(),
  receiver: z.string(),
  state: ZShippingStateFilter,
  result: ZResultFilter.nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TShippingRow = z.infer<typeof ZShippingRow>;

export const ZShippingDocument = z.object({
  fileRequest: z.number().int(),
  name: z.string(),
  category: ZDocumentCategory,
  sizeBytes: z.number().int().nonnegative(),
});

export const ZShippingEvent = z.object({
  at: ZTimestamp,
  state: ZShippingStateFilter,
  description: z.string(),
});

export const ZShippingDetail = ZShippingRow.extend({
  guid: z.string(),
  subject: z.string().nullable(),
  situationCode: ZSituationCode.nullable(),
  situationReason: ZSituationReason.nullable(),
  identificationSubstate: ZIdentificationSubstate.nullable(),
  documents: z.array(ZShippingDocument),
  events: z.array(ZShippingEvent),
  deleted: z.boolean(),
});
export type TShippingDetail = z.infer<typeof ZShippingDetail>;

export const ZPostalAddress = z.object({
  receiverType: ZPostalReceiverType,
  documentType: ZPostalDocumentType,
  documentNumber: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(20),
  streetType: z.string().max(20),
  street: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200),
  streetNumType: z.string().max(20).optional(),
  streetNumber: z.string().max(20).optional(),
  postalCode: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(10),
  city: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(100),
  country: z.string().length(2),
});

export const ZReceiver = z.object({
  name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200),
  email: z.string().trim().max(200).refine(isEmail, 'ERR_EMAIL_INVALID').optional(),
  cc: z.string().trim().max(2000).refine(isEmailList, 'ERR_EMAIL_INVALID').optional(),
  phone: z
    .string()
    .regex(/^\+?\d{6,15}$/, 'ERR_FIELD_INVALID')
    .optional(),
  postal: ZPostalAddress.optional(),
});
export type TReceiver = z.infer<typeof ZReceiver>;

export const ZSendDocument = z.object({
  name: z.string().trim().min(1).max(LIMITS.fileNameLength),
  category: ZDocumentCategory.default('UNSPECIFIED'),
  /** The file as a base64 data URL. */
  content: z.string().regex(/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=]*$/, 'ERR_FIELD_INVALID'),
});

/** Body of `sendrequest`: a new shipping of a type, to one or more receivers. */
export const ZSendRequest = z.object({
  companyId: ZIdField,
  typeId: ZIdField,
  channel: ZChannel,
  reference: z.string().max(100).optional(),
  subject: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200),
  message: z.string().max(5000).optional(),
  receivers: z.array(ZReceiver).min(1, 'ERR_FIELD_REQUIRED').max(LIMITS.uploadFileLimit),
  documents: z.array(ZSendDocument).max(LIMITS.uploadFileLimit).default([]),
  multiSignerOrder: ZMultiSignerOrder.optional(),
  customFields: z
    .record(z.string().max(100), z.string().max(1000))
    .refine((fields) => Object.keys(fields).length <= LIMITS.customFieldsLimit, 'ERR_FIELD_INVALID')
    .optional(),
});
export type TSendRequest = z.infer<typeof ZSendRequest>;

/** Deny body (spec §3): the state and result the denial leaves the shipping in. */
export const ZDenyRequest = z.object({ stateCom: ZShippingStateFilter, resultCom: ZResultFilter });

/** Outcome of a batch action: which shippings changed and which did not, with the reason. */
export const ZBatchResult = z.object({
  succeeded: z.array(z.number().int()),
  failed: z.array(z.object({ requestId: z.number().int(), key: z.string() })),
});
export type TBatchResult = z.infer<typeof ZBatchResult>;

/** Documentation download (spec §4): at least one shipping and one option; `pack` goes alone. */
export const ZDownloadRequest = z.object({
  listOfRequests: ZIdList,
  downloadOptions: z
    .array(ZDownloadOption)
    .min(1, 'ERR_FIELD_REQUIRED')
    .refine((options) => new Set(options).size === options.length, 'ERR_FIELD_INVALID')
    .refine((options) => !options.includes('pack') || options.length === 1, 'ERR_FIELD_INVALID'),
});
export type TDownloadRequest = z.infer<typeof ZDownloadRequest>;

const ZFileRequestBody = z.object({ requestId: ZIdField, fileRequest: z.number().int().positive() });

export const ZShippingAuthorisation = z.object({
  userid: z.string(),
  name: z.string(),
  state: z.enum(['pending', 'authorized', 'denied', 'expired']),
  at: ZTimestamp.nullable(),
});

export const ZSignature = z.object({
  signer: z.string(),
  method: z.string(),
  state: z.enum(['pending', 'signed', 'rejected']),
  signedAt: ZTimestamp.nullable(),
});

export const ZShippingsReportRequest = ZReportExportRequest.extend({
  filterFrom: z.number().int().min(0).optional(),
  filterTo: z.number().int().min(0).optional(),
  filterAll: z.boolean().optional(),
  customFilters: z.string().max(4000).optional(),
  /** Produce the report in the background and mail it instead of answering the file. */
  asynchronous: z.boolean().default(false),
});

export const shippingsApi = {
  list: defineEndpoint({
    id: 'shippings.list',
    method: 'GET',
    path: 'shippings/shippingslist',
    summary: 'Page of the shipping list',
    permission: READ,
    query: ZShippingListQuery,
    response: pageOf(ZShippingRow),
  }),
  sendRequest: defineEndpoint({
    id: 'shippings.sendRequest',
    method: 'POST',
    path: 'shippings/sendrequest',
    summary: 'Create and send a shipping',
    permission: CREATE,
    body: ZSendRequest,
    response: z.object({ requestId: z.number().int() }),
  }),
  detail: defineEndpoint({
    id: 'shippings.detail',
    method: 'GET',
    path: 'shippings/shippingdetail',
    summary: 'One shipping with its documents and history',
    permission: READ,
    query: ZRequestIdQuery,
    response: ZShippingDetail,
  }),
  samlAccess: defineEndpoint({
    id: 'shippings.samlAccess',
    method: 'GET',
    path: 'shippings/shippingSamlAccess',
    summary: 'SAML access link of a shipping',
    permission: READ,
    query: ZRequestIdQuery,
    response: z.object({ url: z.string() }),
  }),
  auths: defineEndpoint({
    id: 'shippings.auths',
    method: 'GET',
    path: 'shippings/shippingauths',
    summary: 'Authorisations of a shipping',
    permission: READ,
    query: ZRequestIdQuery,
    response: z.array(ZShippingAuthorisation),
  }),
  authorize: defineEndpoint({
    id: 'shippings.authorize',
    method: 'PUT',
    path: 'shippings/shippingauthorize',
    summary: 'Authorise shippings',
    permission: READ,
    body: z.object({ authorizeShippingList: ZIdList }),
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
  signatures: defineEndpoint({
    id: 'shippings.signatures',
    method: 'GET',
    path: 'shippings/signatures/{id}',
    summary: 'Signatures collected by a shipping',
    permission: READ,
    params: ZIdParams,
    response: z.array(ZSignature),
  }),
  sendAccessCommunication: defineEndpoint({
    id: 'shippings.sendAccessCommunication',
    method: 'PUT',
    path: 'shippings/sendAccessComunication/{id}',
    summary: 'Send the receiver the access communication again',
    permission: EDIT,
    params: ZIdParams,
    response: ZOk,
  }),
  urlVideoDownload: defineEndpoint({
    id: 'shippings.urlVideoDownload',
    method: 'GET',
    path: 'shippings/shippingUrlVideoDownload',
    summary: 'Download link of the video of a video identification',
    permission: READ,
    query: ZRequestIdQuery,
    response: z.object({ url: z.string() }),
  }),
  readOriginalFile: defineEndpoint({
    id: 'shippings.readOriginalFile',
    method: 'GET',
    path: 'shippings/shippingreadoriginalfile',
    summary: 'Original file of a shipping document',
    permission: READ,
    query: z.object({ requestId: ZId, fileRequest: ZFileRequest }),
    response: ZFile,
    responseKind: 'file',
  }),
  downloadFile: defineEndpoint({
    id: 'shippings.downloadFile',
    method: 'POST',
    path: 'shippings/shippingdownloadfile',
    summary: 'Download a shipping document',
    permission: READ,
    body: ZFileRequestBody,
    response: ZFile,
    responseKind: 'file',
  }),
  downloadAuthFile: defineEndpoint({
    id: 'shippings.downloadAuthFile',
    method: 'POST',
    path: 'shippings/shippingdownloadauthfile',
    summary: 'Download a document of a shipping that waits for authorisation',
    permission: READ,
    body: ZFileRequestBody,
    response: ZFile,
    responseKind: 'file',
  }),
  downloadPtRequest: defineEndpoint({
    id: 'shippings.downloadPtRequest',
    method: 'POST',
    path: 'shippings/shippingDownloadPtRequest',
    summary: 'Download the evidence document of a shipping',
    permission: READ,
    query: ZRequestIdQuery,
    response: ZFile,
    responseKind: 'file',
  }),
  downloadFiles: defineEndpoint({
    id: 'shippings.downloadFiles',
    method: 'PUT',
    path: 'shippings/shippingdownloadfiles',
    summary: 'Download the chosen documents of several shippings as one archive',
    permission: READ,
    body: ZDownloadRequest,
    response: ZFile,
    responseKind: 'file',
  }),
  numberDownloadFiles: defineEndpoint({
    id: 'shippings.numberDownloadFiles',
    method: 'PUT',
    path: 'shippings/numberDownloadFiles',
    summary: 'How many files a documentation download would hold',
    permission: READ,
    body: ZDownloadRequest,
    response: z.object({ count: z.number().int().nonnegative() }),
  }),
  report: defineEndpoint({
    id: 'shippings.report',
    method: 'POST',
    path: 'shippings/shippingsreport',
    summary: 'Export the shipping list, directly or in the background',
    permission: READ,
    body: ZShippingsReportRequest,
    response: ZFile,
    responseKind: 'file',
  }),
  listTypes: defineEndpoint({
    id: 'shippings.listTypes',
    method: 'GET',
    path: 'shippings/shippingListTypes',
    summary: 'Shipping types of a company, for the list filters and the new-shipping form',
    permission: READ_TYPES,
    query: z.object({
      companyId: ZId.optional(),
      complete: z.stringbool().optional(),
      onlyactive: z.stringbool().optional(),
    }),
    response: ZPickerList,
  }),
} as const;
