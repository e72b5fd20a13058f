import { type Expression, type SelectQueryBuilder, sql } from 'kysely';
import { ApiError } from './api-error.ts';
import { findRefusedInput } from './input-guard.ts';
import { likeContains } from './like-pattern.ts';

/** How a list column can be filtered: by contained text, exact value, boolean, or a date range. */
export type TFilterKind = 'text' | 'exact' | 'boolean' | 'dateRange';

export type TListColumn = {
  /** SQL expression of the column, e.g. sql`u.username`. */
  expression: Expression<unknown>;
  sortable?: boolean;
  filter?: TFilterKind;
  /**
   * The expression is never null: the order then has no NULLS clause, so a descending page can walk
   * an ascending index backwards.
   */
  notNull?: boolean;
  /**
   * For a boolean filter on a computed expression: the condition that value holds, written so that an index
   * can find the rows (`expression = value` otherwise).
   */
  holds?: (value: boolean) => Expression<boolean>;
};

export type TListColumns = Record<string, TListColumn>;

export type TListQuery = {
  first: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: number;
  filters?: string;
};

/**
 * Parses the `filters` JSON of a list query: an object of field → value where null values are
 * omitted (spec §3). Unknown fields and values of the wrong kind answer ERR_VALIDATION.
 */
export function parseFilters(raw: string | undefined, columns: TListColumns): Record<string, unknown> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'ERR_VALIDATION', { filters: 'ERR_FIELD_INVALID' });
  }
  // The JSON text may hide from the request check a NUL character (\u0000) or nesting too deep.
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || findRefusedInput(parsed) !== null) {
    throw new ApiError(400, 'ERR_VALIDATION', { filters: 'ERR_FIELD_INVALID' });
  }
  const filters: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed)) {
    if (value === null || value === undefined || value === '') continue;
    const column = columns[field];
    if (!column?.filter || !isValidFilterValue(column.filter, value)) {
      throw new ApiError(400, 'ERR_VALIDATION', { [`filters.${field}`]: 'ERR_FIELD_INVALID' });
    }
    filters[field] = value;
  }
  return filters;
}

function isValidFilterValue(kind: TFilterKind, value: unknown): boolean {
  if (kind === 'text') return typeof value === 'string' && value.length <= 200;
  if (kind === 'exact') return (typeof value === 'string' && value.length <= 200) || typeof value === 'number';
  if (kind === 'boolean') return typeof value === 'boolean';
  if (!Array.isArray(value) || value.length !== 2) return false;
  return value.every((end) => end === null || toFilterDate(end) !== null);
}

/** A date-range end as a date PostgreSQL stores (years 1 to 9999), or null when it is not one. */
function toFilterDate(end: unknown): Date | null {
  if (typeof end !== 'string' && typeof end !== 'number') return null;
  const date = new Date(end);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}

/**
 * An exact filter compares as the column's own type only when the value can be one of any column (text or an
 * integer of 32 bits); anything else compares as text, so a word or a huge number against an integer column
 * matches nothing instead of failing the query.
 */
function exactCondition(expression: Expression<unknown>, value: unknown) {
  const text = String(value);
  if (/^-?\d{1,9}$/.test(text)) return sql<boolean>`${expression} = ${text}`;
  return sql<boolean>`${expression}::text = ${text}`;
}

/** Adds the WHERE conditions of the parsed filters. */
export function applyFilters<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filters: Record<string, unknown>,
  columns: TListColumns,
): SelectQueryBuilder<DB, TB, O> {
  let next = query;
  for (const [field, value] of Object.entries(filters)) {
    const column = columns[field]!;
    const expression = column.expression;
    if (column.filter === 'text')
      next = next.where(sql<boolean>`${expression}::text ILIKE ${likeContains(String(value))}`);
    else if (column.filter === 'exact') next = next.where(exactCondition(expression, value));
    else if (column.filter === 'boolean') {
      next = next.where(column.holds?.(value as boolean) ?? sql<boolean>`${expression} = ${value}`);
    } else if (column.filter === 'dateRange') {
      const [from, to] = value as [string | number | null, string | number | null];
      if (from !== null) next = next.where(sql<boolean>`${expression} >= ${toFilterDate(from)}`);
      if (to !== null) next = next.where(sql<boolean>`${expression} <= ${toFilterDate(to)}`);
    }
  }
  return next;
}

type TListOptions = { defaultSort: string; tieBreaker: Expression<unknown> };

export type TPagedListOptions = TListOptions & {
  /**
   * The total of the list when the query has no filter, read more cheaply than by counting its rows
   * (e.g. a kept count of live rows). Without it, or with a filter, the filtered rows are counted.
   */
  unfilteredTotal?: () => Promise<number>;
};

/**
 * The filtered list in the requested order (then by `tieBreaker`, so pages never overlap), without
 * paging: a page or an export adds its own offset and limit.
 */
export function buildListQuery<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: TListQuery,
  columns: TListColumns,
  options: TListOptions,
): { filtered: SelectQueryBuilder<DB, TB, O>; ordered: SelectQueryBuilder<DB, TB, O>; filterCount: number } {
  const filters = parseFilters(query.filters, columns);
  const filtered = applyFilters(base, filters, columns);
  const sortField = query.sortField && columns[query.sortField]?.sortable ? query.sortField : options.defaultSort;
  if (query.sortField && sortField !== query.sortField) {
    throw new ApiError(400, 'ERR_VALIDATION', { sortField: 'ERR_FIELD_INVALID' });
  }
  const direction = query.sortOrder === -1 ? sql`DESC` : sql`ASC`;
  const column = columns[sortField]!;
  const nulls = column.notNull ? sql`` : sql`NULLS LAST`;
  const ordered = filtered
    .orderBy(sql`${column.expression} ${direction} ${nulls}`)
    .orderBy(sql`${options.tieBreaker} ${direction}`);
  return { filtered, ordered, filterCount: Object.keys(filters).length };
}

/** The column of a page's rows that carries the list's total. */
const PAGE_TOTAL = 'sello_list_total';

/**
 * Runs a paged list: the filtered total and one page in the requested order.
 *
 * The page is read in two steps in one statement: the ids of the page (`tieBreaker`, unique per row)
 * in the list's order, from `first`, at most `pageSize`, then those rows with every column. The rows an
 * offset skips are thus only index entries (an index-only scan where the sort index carries its
 * column, see migrations/006_admin_list_indexes.sql), and the select list's subqueries run for the
 * page's rows only.
 */
export async function runPagedList<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: TListQuery,
  columns: TListColumns,
  options: TPagedListOptions,
): Promise<{ rows: O[]; total: number }> {
  const { filtered, ordered, filterCount } = buildListQuery(base, query, columns, options);
  const pageIds = ordered
    .clearSelect()
    .select(sql`${options.tieBreaker}`.as('page_id'))
    .offset(query.first)
    .limit(query.pageSize);
  // Kysely writes the subquery in parentheses.
  const page = ordered.where(sql<boolean>`${options.tieBreaker} IN ${pageIds}`).limit(query.pageSize);
  if (filterCount === 0 && options.unfilteredTotal) {
    const [total, rows] = await Promise.all([options.unfilteredTotal(), page.execute()]);
    return { rows, total };
  }
  const count = filtered.clearSelect().select(sql<number>`count(*)::int`.as('total'));
  // The total rides in the page's statement as an uncorrelated subquery (evaluated once): one round trip, not two.
  // A page past the end has no row to carry it and asks for it alone.
  const rows = (await page.select(sql<number>`${count}`.as(PAGE_TOTAL)).execute()) as (O & {
    [PAGE_TOTAL]: number;
  })[];
  const total = rows[0]
    ? rows[0][PAGE_TOTAL]
    : query.first === 0
      ? 0
      : (((await count.executeTakeFirst()) as { total: number } | undefined)?.total ?? 0);
  return { rows: rows.map(({ [PAGE_TOTAL]: _, ...row }) => row as unknown as O), total };
}
