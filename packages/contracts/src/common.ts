import { z } from 'zod';
import { LANGUAGES, LIMITS } from './constants.ts';

export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

export const ZId = z.coerce.number().int().positive();
export const ZIdParams = z.object({ id: ZId });
/** An id inside a JSON body: a number, never a numeric string. */
export const ZIdField = z.number().int().positive();

/** `?selected=` names the record a detail (or per-record) call is about. */
export const ZSelectedQuery = z.object({ selected: ZId });
export const ZDomainIdQuery = z.object({ domainid: ZId });
export const ZOptionalDomainIdQuery = z.object({ domainid: ZId.optional() });

/** Comma-separated ids in a query string (`?ids=1,2,3`), at most the online limit of spec §9, parsed to numbers. */
export const ZIdListQueryValue = z
  .string()
  .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,999}$/, 'ERR_FIELD_INVALID')
  .transform((value) => value.split(',').map(Number));

/** Ids a batch call acts on; at most the online limit of spec §9 per call. */
export const ZIdList = z.array(ZIdField).min(1, 'ERR_FIELD_REQUIRED').max(LIMITS.onlineLimit);

export const ZTimestamp = z.iso.datetime({ offset: true });

export const ZLanguage = z.enum(LANGUAGES);

/** A value of a configuration preference (spec §3: "a preference response has a value"). */
export const ZPreferenceValue = z.object({ value: z.string().nullable() });

/** Items of a combo (select) list. */
export const ZComboItem = z.object({ value: z.union([z.number(), z.string()]), text: z.string() });
export const ZComboList = z.array(ZComboItem);

/** Item of the dual-list picker (spec §3). `blocked` is true when the record is inactive. */
export const ZPickerItem = z.object({
  value: z.number().int(),
  text: z.string(),
  description: z.string().nullable(),
  blocked: z.boolean(),
});
export type TPickerItem = z.infer<typeof ZPickerItem>;
export const ZPickerList = z.array(ZPickerItem);

/** Both sides of a dual-list picker: what may be chosen and what is chosen, in order. */
export const ZDualList = z.object({ available: ZPickerList, selected: ZPickerList });

/** Answer of a paged read: the page of rows and the total count. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int().nonnegative() });
}

/** Query of a paged administration read (spec §3). `filters` is JSON with null values omitted. */
export const ZPagedQuery = z.object({
  first: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  sortField: z.string().max(64).optional(),
  sortOrder: z.coerce.number().int().min(-1).max(1).optional(),
  filters: z.string().max(4000).optional(),
  domainid: z.coerce.number().int().positive().optional(),
  companySelected: z.coerce.number().int().positive().optional(),
});
export type TPagedQuery = z.infer<typeof ZPagedQuery>;

/**
 * Query of a list export: the list query of the screen, with a page up to the Excel export limit of
 * spec §9, and the language of the file.
 */
export const ZExportQuery = ZPagedQuery.extend({
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.shippingListExcelExportLimit)
    .default(LIMITS.shippingListExcelExportLimit),
  language: ZLanguage.optional(),
});
export type TExportQuery = z.infer<typeof ZExportQuery>;

/**
 * Report export request of spec §3. `url` and `authToken` repeat what the DownloadFile form posts, so
 * the same JSON can go either way; a direct call authenticates with the auth-token header instead.
 */
export const ZReportExportRequest = z.object({
  domainId: ZIdField.optional(),
  url: z.string().max(2000).optional(),
  first: z.number().int().min(0).default(0),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(LIMITS.shippingListExcelExportLimit)
    .default(LIMITS.shippingListExcelExportLimit),
  sortField: z.string().max(64).optional(),
  sortOrder: z.number().int().min(-1).max(1).optional(),
  filters: z.string().max(4000).optional(),
  language: ZLanguage.optional(),
  authToken: z.string().max(500).optional(),
});
export type TReportExportRequest = z.infer<typeof ZReportExportRequest>;

/** Answer of calls that produce a file: the body is the file itself. */
export const ZFile = z.any().describe('binary file');
