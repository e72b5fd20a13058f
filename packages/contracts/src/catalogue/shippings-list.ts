import { z } from 'zod';
import { pageOf, ZId, ZIdField, ZPickerItem, ZTimestamp } from '../common.ts';
import { LIMITS } from '../constants.ts';
import { ZDefaultTemplates } from '../default-templates.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  ZChannel,
  ZFont,
  ZIdentificationDocumentKind,
  ZMultiSignerOrder,
  ZPinSignatureTextValue,
  ZResultFilter,
  ZServiceKind,
  ZShippingStateFilter,
} from '../enums.ts';
import { READ, READ_TYPES, SHIPPING_SEARCH_MAX, ZShippingListScope } from './shippings-common.ts';
import { ZCustomField, ZFormControl, ZMetaProperty } from './types-schemas.ts';

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

/** A shipping type as the list filters and the new-shipping form need it. */
/** A type's settings the new-shipping form and sendrequest follow. */
export const ZTypeShippingSettings = z.object({
  signMethod: z.string().nullable(),
  pinSignatureText: ZPinSignatureTextValue.nullable(),
  font: ZFont,
  multiSignerOrder: ZMultiSignerOrder,
  identificationDocuments: z.array(ZIdentificationDocumentKind),
  otherDocumentsLimit: z.number().int(),
  metaProperties: z.array(ZMetaProperty),
  customFields: z.array(ZCustomField),
  formControls: z.array(ZFormControl),
});
export type TTypeShippingSettings = z.infer<typeof ZTypeShippingSettings>;

export const ZShippingTypeOption = ZPickerItem.extend({
  serviceKind: ZServiceKind,
  companyId: z.number().int().nullable(),
  /** With `complete`: what creating a shipping of the type takes. */
  channels: z.array(ZChannel).optional(),
  requiresAuth: z.boolean().optional(),
  authDeadlineHours: z.number().int().optional(),
  responseDays: z.number().int().optional(),
  custodyDays: z.number().int().nullable().optional(),
  /** With `complete`: the template a new shipping starts with, per content type and receiver language. */
  defaultTemplates: ZDefaultTemplates.optional(),
  authorisers: z
    .array(z.object({ kind: z.enum(['user', 'group']), id: z.number().int(), name: z.string() }))
    .optional(),
  /** With `complete`: the type's settings the new-shipping form follows. */
  settings: ZTypeShippingSettings.optional(),
});
export type TShippingTypeOption = z.infer<typeof ZShippingTypeOption>;

export const shippingsListApi = {
  list: defineEndpoint({
    id: 'shippings.list',
    method: 'GET',
    path: 'shippings/shippingslist',
    summary: 'Page of the shipping list',
    permission: READ,
    query: ZShippingListQuery,
    response: pageOf(ZShippingRow),
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
} as const;
