import { z } from 'zod';
import {
  pageOf,
  ZFile,
  ZId,
  ZIdField,
  ZIdList,
  ZIdParams,
  ZLanguage,
  ZOk,
  ZPickerItem,
  ZReportExportRequest,
  ZTimestamp,
} from '../common.ts';
import { LIMITS } from '../constants.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
import {
  MULTI_SIGNER_ORDER,
  POSTAL_RECEIVER_TYPE,
  ZChannel,
  ZDocumentCategory,
  ZDownloadOption,
  ZFont,
  ZIdentificationSubstate,
  ZMultiSignerOrder,
  ZPinSignatureTextValue,
  ZPostalDocumentType,
  ZPostalReceiverType,
  ZResultFilter,
  ZServiceKind,
  ZShippingStateFilter,
  ZSituationCode,
  ZSituationReason,
} from '../enums.ts';
import { isEmail, isEmailList, isEntityNif, isIdentityDocument, isMobile, normaliseMobile } from '../patterns.ts';
import { CHANNEL_CONTACT } from '../shipping-rules.ts';

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
/** A document of a shipping, by its number within the shipping. */
const ZFileRequest = z.coerce.number().int().positive();

/**
 * Which shippings a list covers (spec §6: "a search can cover 'all' or only the user's own"):
 * `own` the ones the user sent (`/shippings`), `all` every one the user may see (`/shippings/all`),
 * `auth` the ones waiting for the user's authorisation (the authorisations list). A user holding
 * only `shippingListOnlyAuth` always gets `auth`.
 */
export const SHIPPING_LIST_SCOPES = ['own', 'all', 'auth'] as const;
export type ShippingListScope = (typeof SHIPPING_LIST_SCOPES)[number];
export const ZShippingListScope = z.enum(SHIPPING_LIST_SCOPES);

/** Longest free-text search. */
export const SHIPPING_SEARCH_MAX = 200;

/**
 * Shipping list query of spec §3. `filters` and `customFilters` are JSON; `filterFrom`/`filterTo` are
 * epoch ms of the creation date (at most the default max range of spec §9 apart); `filterAll` is the
 * free-text search.
 */
export const ZShippingListQuery = z.object({
  first: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  sortField: z.string().max(64).optional(),
  sortOrder: z.coerce.number().int().min(-1).max(1).optional(),
  filters: z.string().max(4000).optional(),
  filterFrom: z.coerce.number().int().min(0).optional(),
  filterTo: z.coerce.number().int().min(0).optional(),
  filterAll: z.string().trim().max(SHIPPING_SEARCH_MAX).optional(),
  customFilters: z.string().max(4000).optional(),
  scope: ZShippingListScope.default('own'),
  /** Super admins only: the domain to list (their own by default). */
  domainid: ZId.optional(),
});
export type TShippingListQuery = z.infer<typeof ZShippingListQuery>;

const oneOrMany = <T extends z.ZodType>(schema: T) => z.union([schema, z.array(schema).min(1).max(50)]);

/** The `filters` JSON of the list: each entry one value or a list of values (any of them). */
export const ZShippingListFilters = z.strictObject({
  state: oneOrMany(ZShippingStateFilter).optional(),
  result: oneOrMany(ZResultFilter).optional(),
  typeId: oneOrMany(ZIdField).optional(),
  companyId: oneOrMany(ZIdField).optional(),
  service: oneOrMany(ZServiceKind).optional(),
  channel: oneOrMany(ZChannel).optional(),
  /** Deleted shippings instead of live ones (deleted-items area, needs shpBin). */
  deleted: z.boolean().optional(),
});
export type TShippingListFilters = z.infer<typeof ZShippingListFilters>;

/** `customFilters` JSON: custom field name → exact value, at most the custom fields limit. */
export const ZShippingCustomFilters = z
  .record(z.string().min(1).max(64), z.string().max(1000))
  .refine((fields) => Object.keys(fields).length <= LIMITS.customFieldsLimit, 'ERR_TOO_MANY_ITEMS');

/** Columns the list can be sorted by. */
export const SHIPPING_SORT_FIELDS = [
  'requestId',
  'reference',
  'subject',
  'service',
  'channel',
  'typeName',
  'companyName',
  'sender',
  'receiver',
  'state',
  'result',
  'createdAt',
  'updatedAt',
  /** The deleted-items area lists the newest deletion first. */
  'deletedAt',
] as const;
export type ShippingSortField = (typeof SHIPPING_SORT_FIELDS)[number];

export const ZShippingRow = z.object({
  requestId: z.number().int(),
  guid: z.string(),
  reference: z.string().nullable(),
  subject: z.string(),
  service: ZServiceKind,
  channel: ZChannel,
  typeId: z.number().int(),
  typeName: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  senderId: z.number().int(),
  sender: z.string(),
  /** The first receiver's name, with how many more (`Ana Gil +2`). */
  receiver: z.string(),
  state: ZShippingStateFilter,
  result: ZResultFilter.nullable(),
  isSandbox: z.boolean(),
  deleted: z.boolean(),
  /** When and by whom (name) the shipping was deleted; null for a live one. */
  deletedAt: ZTimestamp.nullable(),
  deletedBy: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TShippingRow = z.infer<typeof ZShippingRow>;

/** What a stored file is: the sender's original, the copy sent, evidence produced later, captures. */
export const SHIPPING_DOCUMENT_KINDS = [
  'original',
  'sent',
  'non_report',
  'certificate',
  'courier',
  'identity',
  'video',
  // The postal letter as printed, and the courier's signed receipt of its delivery.
  'letter',
  'courier_proof',
] as const;
export const ZShippingDocumentKind = z.enum(SHIPPING_DOCUMENT_KINDS);

export const ZShippingDocument = z.object({
  fileRequest: z.number().int(),
  name: z.string(),
  kind: ZShippingDocumentKind,
  category: ZDocumentCategory,
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** SHA-256 of the bytes, computed by the server when they were stored. */
  sha256: z.string(),
  createdAt: ZTimestamp,
});
export type TShippingDocument = z.infer<typeof ZShippingDocument>;

/** One transition of the shipping, as recorded in its hash-chained event log. */
export const ZShippingEvent = z.object({
  seq: z.number().int(),
  at: ZTimestamp,
  /** `system` for the delivery side and jobs, otherwise the user's name. */
  actor: z.string(),
  actorUserId: z.number().int().nullable(),
  action: z.string(),
  fromState: ZShippingStateFilter.nullable(),
  fromResult: ZResultFilter.nullable(),
  toState: ZShippingStateFilter,
  toResult: ZResultFilter.nullable(),
  deleted: z.boolean(),
  reason: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type TShippingEvent = z.infer<typeof ZShippingEvent>;

export const AUTHORISATION_DECISIONS = ['pending', 'authorized', 'denied', 'expired'] as const;

export const ZShippingAuthorisation = z.object({
  id: z.number().int(),
  round: z.number().int(),
  authoriserKind: z.enum(['user', 'group']),
  authoriserId: z.number().int(),
  authoriserName: z.string(),
  decision: z.enum(AUTHORISATION_DECISIONS),
  decidedById: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: ZTimestamp.nullable(),
  comment: z.string().nullable(),
  deadlineAt: ZTimestamp,
});
export type TShippingAuthorisation = z.infer<typeof ZShippingAuthorisation>;

/** Spanish postal codes are five digits; Portuguese ones four, a dash and three. */
const POSTAL_CODE_BY_COUNTRY: Record<string, RegExp> = { ES: /^\d{5}$/, PT: /^\d{4}-\d{3}$/ };

export const ZPostalAddress = z
  .object({
    streetType: z.string().trim().max(20).optional(),
    street: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200),
    streetNumType: z.string().trim().max(20).optional(),
    streetNumber: z.string().trim().max(20).optional(),
    /** Floor, door, building. */
    addressExtra: z.string().trim().max(100).optional(),
    postalCode: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(10),
    city: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(100),
    province: z.string().trim().max(100).optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'ERR_FIELD_INVALID')
      .transform((value) => value.toUpperCase()),
  })
  .superRefine((address, context) => {
    const pattern = POSTAL_CODE_BY_COUNTRY[address.country];
    if (pattern && !pattern.test(address.postalCode)) {
      context.addIssue({ code: 'custom', path: ['postalCode'], message: 'ERR_FIELD_INVALID' });
    }
  });
export type TPostalAddress = z.infer<typeof ZPostalAddress>;

/**
 * A receiver (spec §3 postal receiver types: 1 individual, 2 company). The identity document is
 * optional, but when given it must be valid for its type, check character included; a company is
 * identified by the NIF of a legal entity.
 */
export const ZReceiver = z
  .object({
    receiverType: ZPostalReceiverType.default(POSTAL_RECEIVER_TYPE.individual),
    name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200),
    documentType: ZPostalDocumentType.optional(),
    documentNumber: z
      .string()
      .trim()
      .max(20)
      .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
      .optional(),
    email: z.string().trim().max(200).refine(isEmail, 'ERR_EMAIL_INVALID').optional(),
    cc: z.string().trim().max(2000).refine(isEmailList, 'ERR_EMAIL_INVALID').optional(),
    /** E.164, or a Spanish or Portuguese mobile number; stored in E.164. */
    mobile: z
      .string()
      .trim()
      .max(25)
      .refine(isMobile, 'ERR_MOBILE_INVALID')
      .transform((value) => normaliseMobile(value)!)
      .optional(),
    language: ZLanguage.optional(),
    postal: ZPostalAddress.optional(),
  })
  .superRefine((receiver, context) => {
    const { documentType, documentNumber } = receiver;
    if (documentNumber && !documentType) {
      context.addIssue({ code: 'custom', path: ['documentType'], message: 'ERR_FIELD_REQUIRED' });
    }
    if (documentType && !documentNumber) {
      context.addIssue({ code: 'custom', path: ['documentNumber'], message: 'ERR_FIELD_REQUIRED' });
    }
    if (!documentType || !documentNumber) return;
    if (receiver.receiverType === POSTAL_RECEIVER_TYPE.company && documentType !== 'NIF') {
      context.addIssue({ code: 'custom', path: ['documentType'], message: 'ERR_FIELD_INVALID' });
      return;
    }
    const valid =
      receiver.receiverType === POSTAL_RECEIVER_TYPE.company
        ? isEntityNif(documentNumber)
        : isIdentityDocument(documentType, documentNumber);
    if (!valid) context.addIssue({ code: 'custom', path: ['documentNumber'], message: 'ERR_DOCUMENT_ID_INVALID' });
  });
export type TReceiver = z.infer<typeof ZReceiver>;
export type TReceiverInput = z.input<typeof ZReceiver>;

/** A file sent with the shipping, as a base64 data URL; its type is checked by its bytes. */
export const ZSendDocument = z.object({
  name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(LIMITS.fileNameLength, 'ERR_FILE_NAME_TOO_LONG'),
  category: ZDocumentCategory.default('UNSPECIFIED'),
  content: z.string().regex(/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=]*$/, 'ERR_FIELD_INVALID'),
});

const ZNamedValues = (limit: number) =>
  z
    .record(z.string().regex(/^[A-Za-z][\w.-]{0,63}$/, 'ERR_FIELD_INVALID'), z.string().max(1000))
    .refine((fields) => Object.keys(fields).length <= limit, 'ERR_TOO_MANY_ITEMS');

/** Most authorisers a sender may add to a shipping. */
export const SENDER_AUTHORISERS_LIMIT = 10;

/**
 * Body of `sendrequest`: a new shipping of a type, to one or more receivers. The service kind comes
 * from the type; `message` is the body (a template's when `templateId` is given and `message` is not).
 */
export const ZSendRequest = z
  .object({
    companyId: ZIdField,
    typeId: ZIdField,
    channel: ZChannel,
    reference: z.string().trim().max(100).optional(),
    subject: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200),
    message: z.string().max(20_000).optional(),
    templateId: ZIdField.optional(),
    receivers: z.array(ZReceiver).min(1, 'ERR_FIELD_REQUIRED').max(LIMITS.uploadFileLimit),
    documents: z.array(ZSendDocument).max(LIMITS.uploadFileLimit, 'ERR_TOO_MANY_ITEMS').default([]),
    multiSignerOrder: ZMultiSignerOrder.default(MULTI_SIGNER_ORDER.withoutOrder),
    pinSignatureText: ZPinSignatureTextValue.optional(),
    font: ZFont.optional(),
    /** Custody services: days the documents stay available (the type's by default). */
    custodyDays: z.number().int().min(1).max(3650).optional(),
    customFields: ZNamedValues(LIMITS.customFieldsLimit).optional(),
    metaProperties: ZNamedValues(LIMITS.metaPropertiesLimit).optional(),
    /** Users who must authorise this shipping, besides those its type names. */
    authorizers: z.array(ZIdField).max(SENDER_AUTHORISERS_LIMIT, 'ERR_TOO_MANY_ITEMS').optional(),
  })
  .superRefine((request, context) => {
    const contact = CHANNEL_CONTACT[request.channel];
    if (!contact) return;
    request.receivers.forEach((receiver, index) => {
      if (receiver[contact] === undefined) {
        context.addIssue({ code: 'custom', path: ['receivers', index, contact], message: 'ERR_FIELD_REQUIRED' });
      }
    });
  });
export type TSendRequest = z.infer<typeof ZSendRequest>;
export type TSendRequestInput = z.input<typeof ZSendRequest>;

/**
 * Deny body (spec §3): `stateCom` and `resultCom` name the state and result the denial leaves the
 * shipping in; they must be those of the transition table (`no_auth`, `authorizer_reject`).
 */
export const ZDenyRequest = z.object({
  stateCom: ZShippingStateFilter,
  resultCom: ZResultFilter,
  comment: z.string().trim().max(500).optional(),
});

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

/** The stored file kinds each download option takes (`pack` takes every kind). */
export const DOWNLOAD_OPTION_KINDS = {
  original: ['original'],
  sent: ['sent'],
  nonReport: ['non_report'],
  certificate: ['certificate'],
  courier: ['courier', 'courier_proof'],
  pack: SHIPPING_DOCUMENT_KINDS,
} as const satisfies Record<z.infer<typeof ZDownloadOption>, readonly (typeof SHIPPING_DOCUMENT_KINDS)[number][]>;

export const ZNumberDownloadFiles = z.object({
  /** Files the archive would hold (the manifest not counted). */
  count: z.number().int().nonnegative(),
  shippings: z.number().int().nonnegative(),
  /** Most shippings one download may take (NUM_DOWNLOAD preference). */
  limit: z.number().int().positive(),
});

const ZFileRequestBody = z.object({ requestId: ZIdField, fileRequest: z.number().int().positive() });

export const ZShippingReceiver = z.object({
  position: z.number().int(),
  receiverType: ZPostalReceiverType,
  name: z.string(),
  documentType: ZPostalDocumentType.nullable(),
  documentNumber: z.string().nullable(),
  email: z.string().nullable(),
  cc: z.string().nullable(),
  mobile: z.string().nullable(),
  language: ZLanguage.nullable(),
  postal: z
    .object({
      streetType: z.string().nullable(),
      street: z.string(),
      streetNumType: z.string().nullable(),
      streetNumber: z.string().nullable(),
      addressExtra: z.string().nullable(),
      postalCode: z.string(),
      city: z.string(),
      province: z.string().nullable(),
      country: z.string(),
    })
    .nullable(),
  /** Delivery to this receiver: pending until the shipping is dispatched. */
  status: z.enum(['pending', 'sent', 'delivered', 'opened', 'accepted', 'rejected', 'failed', 'expired']),
  statusAt: ZTimestamp.nullable(),
});
export type TShippingReceiver = z.infer<typeof ZShippingReceiver>;

/** Actions the detail offers the user now: allowed by the transition table, the user's flags and role. */
export const SHIPPING_DETAIL_ACTIONS = ['authorize', 'deny', 'retry', 'delete', 'recover'] as const;

export const ZShippingDetail = ZShippingRow.extend({
  body: z.string().nullable(),
  templateId: z.number().int().nullable(),
  situationCode: ZSituationCode.nullable(),
  situationReason: ZSituationReason.nullable(),
  identificationSubstate: ZIdentificationSubstate.nullable(),
  customFields: z.record(z.string(), z.string()),
  metaProperties: z.record(z.string(), z.string()),
  multiSignerOrder: ZMultiSignerOrder,
  pinSignatureText: ZPinSignatureTextValue.nullable(),
  font: ZFont.nullable(),
  custodyDays: z.number().int().nullable(),
  requiresAuth: z.boolean(),
  authRound: z.number().int(),
  authDeadlineAt: ZTimestamp.nullable(),
  responseDeadlineAt: ZTimestamp.nullable(),
  custodyUntil: ZTimestamp.nullable(),
  deletedAt: ZTimestamp.nullable(),
  receivers: z.array(ZShippingReceiver),
  documents: z.array(ZShippingDocument),
  events: z.array(ZShippingEvent),
  authorisations: z.array(ZShippingAuthorisation),
  allowedActions: z.array(z.enum(SHIPPING_DETAIL_ACTIONS)),
  /** Whether this user may have the access message sent again now (sendAccessComunication). */
  canResendAccess: z.boolean(),
});
export type TShippingDetail = z.infer<typeof ZShippingDetail>;

/** The answer of a resend of the access communication: how many receivers got it again. */
export const ZAccessResent = z.object({ receivers: z.number().int().positive() });
export type TAccessResent = z.infer<typeof ZAccessResent>;

export const ZSignature = z.object({
  position: z.number().int(),
  signer: z.string(),
  /** `pin`: a code sent to the receiver confirms; `click`: express acceptance, no code. */
  method: z.enum(['pin', 'click']),
  state: z.enum(['pending', 'signed', 'rejected']),
  signedAt: ZTimestamp.nullable(),
});

/**
 * Export of the shipping list: the list query of the screen. With `asynchronous` the file is prepared
 * in the background: the answer is 202 with the job; asking again with `jobId` answers 202 with its
 * state until it is ready, then the file.
 */
export const ZShippingsReportRequest = ZReportExportRequest.extend({
  filterFrom: z.number().int().min(0).optional(),
  filterTo: z.number().int().min(0).optional(),
  filterAll: z.string().trim().max(SHIPPING_SEARCH_MAX).optional(),
  customFilters: z.string().max(4000).optional(),
  scope: ZShippingListScope.default('own'),
  asynchronous: z.boolean().default(false),
  jobId: z.uuid().optional(),
});
export type TShippingsReportRequest = z.infer<typeof ZShippingsReportRequest>;

export const EXPORT_JOB_STATES = ['pending', 'running', 'ready', 'failed'] as const;
export const ZExportJob = z.object({
  jobId: z.string(),
  state: z.enum(EXPORT_JOB_STATES),
  rowCount: z.number().int().nullable(),
  createdAt: ZTimestamp,
  finishedAt: ZTimestamp.nullable(),
});
export type TExportJob = z.infer<typeof ZExportJob>;

/** A shipping type as the list filters and the new-shipping form need it. */
export const ZShippingTypeOption = ZPickerItem.extend({
  serviceKind: ZServiceKind,
  companyId: z.number().int().nullable(),
  /** With `complete`: what creating a shipping of the type takes. */
  channels: z.array(ZChannel).optional(),
  requiresAuth: z.boolean().optional(),
  authDeadlineHours: z.number().int().optional(),
  responseDays: z.number().int().optional(),
  custodyDays: z.number().int().nullable().optional(),
  defaultTemplateId: z.number().int().nullable().optional(),
  defaultSmsTemplateId: z.number().int().nullable().optional(),
  authorisers: z
    .array(z.object({ kind: z.enum(['user', 'group']), id: z.number().int(), name: z.string() }))
    .optional(),
});
export type TShippingTypeOption = z.infer<typeof ZShippingTypeOption>;

/** Longest period of the dashboard without `filterFrom`: the last 30 days up to `filterTo` (or now). */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** How many of the latest shippings in error the dashboard lists. */
export const DASHBOARD_RECENT_ERRORS = 10;

/** An IANA time zone name (`Europe/Madrid`, `UTC`) that this runtime knows; never an offset. */
function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The dashboard of `/home` (not in spec §7; see docs/decisions.md): the list's period (`filterFrom`,
 * `filterTo`, epoch ms, at most 60 months apart; by default the last 30 days) and scope (`own` or
 * `all`, as the list); `timeZone` is where the days of the per-day counts begin and end.
 */
export const ZShippingDashboardQuery = z.object({
  filterFrom: z.coerce.number().int().min(0).optional(),
  filterTo: z.coerce.number().int().min(0).optional(),
  scope: z.enum(['own', 'all']).default('all'),
  timeZone: z.string().max(64).refine(isTimeZone, 'ERR_FIELD_INVALID').default('UTC'),
  /** Super admins only: the domain to count (their own by default). */
  domainid: ZId.optional(),
});
export type TShippingDashboardQuery = z.infer<typeof ZShippingDashboardQuery>;

const ZCount = z.number().int().nonnegative();
/** A calendar day in the query's time zone. */
export const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ZShippingDashboard = z.object({
  from: ZTimestamp,
  to: ZTimestamp,
  /** The scope really counted: authorisation-only users always get `auth`, as in the list. */
  scope: ZShippingListScope,
  timeZone: z.string(),
  /** Live shippings of the period and scope (what the list shows for them). */
  total: ZCount,
  /** Every state, in the order of the state filters, zero included. */
  byState: z.array(z.object({ state: ZShippingStateFilter, count: ZCount })),
  /** Every result, in the order of the result filters, zero included (shippings without a result are left out). */
  byResult: z.array(z.object({ result: ZResultFilter, count: ZCount })),
  /** Every day of the period, oldest first, days without shippings with 0. */
  byDay: z.array(z.object({ day: ZDay, count: ZCount })),
  /** Shippings waiting for this user's decision now, whatever the period: the authorisations list. */
  pendingAuthorisations: ZCount,
  /** The latest shippings of the period and scope whose result is `error` or state `not_send_error`. */
  recentErrors: z.array(
    z.object({
      requestId: z.number().int(),
      reference: z.string().nullable(),
      subject: z.string(),
      state: ZShippingStateFilter,
      result: ZResultFilter.nullable(),
      createdAt: ZTimestamp,
    }),
  ),
});
export type TShippingDashboard = z.infer<typeof ZShippingDashboard>;

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
    response: ZAccessResent,
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
    response: ZNumberDownloadFiles,
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
    response: z.array(ZShippingTypeOption),
  }),
  dashboard: defineEndpoint({
    id: 'shippings.dashboard',
    method: 'GET',
    path: 'shippings/dashboard',
    summary: 'Counts of the shippings of a period for the home dashboard',
    permission: READ,
    query: ZShippingDashboardQuery,
    response: ZShippingDashboard,
    beyondSpec: true,
  }),
} as const;
