import { z } from 'zod';
import { LANGUAGES } from './constants.ts';

export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

export const ZId = z.coerce.number().int().positive();
export const ZIdParams = z.object({ id: ZId });

export const ZLanguage = z.enum(LANGUAGES);

/** A value of a configuration preference (spec §3: "a preference response has a value"). */
export const ZPreferenceValue = z.object({ value: z.string().nullable() });

/** Items of a combo (select) list. */
export const ZComboItem = z.object({ value: z.union([z.number(), z.string()]), text: z.string() });
export const ZComboList = z.array(ZComboItem);

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

/** Answer of calls that produce a file: the body is the file itself. */
export const ZFile = z.any().describe('binary file');
