import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { definePreparedQuery } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';
import { toIsoDay } from '../platform/iso-date.ts';
import { escapeLike } from '../platform/like-pattern.ts';
import type { TListColumns } from '../platform/paged-list.ts';
import { deletedByName } from '../platform/soft-delete.queries.ts';
import { canDecideNow, isVisible } from './shipping-access.queries.ts';
import { reachesWholeDomain, type TShippingVisibility } from './shipping-access.ts';

type Db = Kysely<Database>;

/** What the list shows of a shipping but the names of its type, company and sender. */
const SHIPPING_ROW_COLUMNS = [
  's.id',
  's.guid',
  's.reference',
  's.subject',
  's.service_kind as service',
  's.channel',
  's.type_id as typeId',
  's.company_id as companyId',
  's.sender_id as senderId',
  's.receiver_summary as receiver',
  's.state',
  's.result',
  's.is_sandbox as isSandbox',
  's.deleted_at as deletedAt',
  's.created_at as createdAt',
  's.updated_at as updatedAt',
] as const;

/** Shippings with the names the list shows. */
export function selectShippingRows(db: Db) {
  return db
    .selectFrom('shippings as s')
    .innerJoin('shipping_types as t', 't.id', 's.type_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('users as u', 'u.id', 's.sender_id')
    .select([
      ...SHIPPING_ROW_COLUMNS,
      't.name as typeName',
      'c.name as companyName',
      'u.name as sender',
      deletedByName(sql.ref('s.deleted_by')),
    ]);
}

/**
 * The same rows with each name read by its key: for a page of a few rows, where PostgreSQL planning the three
 * joins cost twice what reading the names does. Not to be ordered by a name (see SHIPPING_SORT_COLUMNS).
 */
export function selectShippingRowsByKey(db: Db) {
  return db
    .selectFrom('shippings as s')
    .select([
      ...SHIPPING_ROW_COLUMNS,
      sql<string>`(SELECT t.name FROM shipping_types t WHERE t.id = s.type_id)`.as('typeName'),
      sql<string>`(SELECT c.name FROM companies c WHERE c.id = s.company_id)`.as('companyName'),
      sql<string>`(SELECT u.name FROM users u WHERE u.id = s.sender_id)`.as('sender'),
      deletedByName(sql.ref('s.deleted_by')),
    ]);
}
export type TShippingRowRecord = Awaited<ReturnType<ReturnType<typeof selectShippingRows>['executeTakeFirstOrThrow']>>;

/** Sortable columns of the list (the `filters` JSON is parsed by the service). */
export const SHIPPING_SORT_COLUMNS: TListColumns = {
  requestId: { expression: sql`s.id`, sortable: true, notNull: true },
  reference: { expression: sql`s.reference`, sortable: true },
  subject: { expression: sql`lower(s.subject)`, sortable: true, notNull: true },
  service: { expression: sql`s.service_kind`, sortable: true, notNull: true },
  channel: { expression: sql`s.channel`, sortable: true, notNull: true },
  typeName: { expression: sql`lower(t.name)`, sortable: true, notNull: true },
  companyName: { expression: sql`lower(c.name)`, sortable: true, notNull: true },
  sender: { expression: sql`lower(u.name)`, sortable: true, notNull: true },
  receiver: { expression: sql`lower(s.receiver_summary)`, sortable: true, notNull: true },
  state: { expression: sql`s.state`, sortable: true, notNull: true },
  result: { expression: sql`s.result`, sortable: true },
  createdAt: { expression: sql`s.created_at`, sortable: true, notNull: true },
  updatedAt: { expression: sql`s.updated_at`, sortable: true, notNull: true },
  deletedAt: { expression: sql`s.deleted_at`, sortable: true },
};

export type TShippingListWhere = {
  visibility: TShippingVisibility;
  scope: 'own' | 'all' | 'auth';
  deleted: boolean;
  from: Date;
  to: Date | null;
  states?: readonly string[];
  results?: readonly string[];
  typeIds?: readonly string[];
  companyIds?: readonly string[];
  services?: readonly string[];
  channels?: readonly string[];
  /** Lower-case free text. */
  search?: string;
  customFields?: Record<string, string>;
};

/** The where-clause of a list on `shippings as s`, but for the creation-date range. */
function listFilters(where: TShippingListWhere): RawBuilder<SqlBool>[] {
  const { visibility } = where;
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`${isVisible(visibility)}`];
  if (where.scope === 'own') parts.push(sql<SqlBool>`s.sender_id = ${visibility.userId}`);
  if (where.scope === 'auth') parts.push(canDecideNow(visibility.userId));
  parts.push(where.deleted ? sql<SqlBool>`s.deleted_at IS NOT NULL` : sql<SqlBool>`s.deleted_at IS NULL`);
  const anyOf = (column: string, values: readonly string[] | undefined) => {
    if (values !== undefined) parts.push(sql<SqlBool>`${sql.ref(column)} IN (${sql.join(values)})`);
  };
  anyOf('s.state', where.states);
  anyOf('s.result', where.results);
  anyOf('s.type_id', where.typeIds);
  anyOf('s.company_id', where.companyIds);
  anyOf('s.service_kind', where.services);
  anyOf('s.channel', where.channels);
  if (where.customFields !== undefined) {
    parts.push(sql<SqlBool>`s.custom_fields @> ${JSON.stringify(where.customFields)}::jsonb`);
  }
  if (where.search) {
    const pattern = `%${escapeLike(where.search)}%`;
    const byId = /^\d{1,15}$/.test(where.search) ? sql<SqlBool>` OR s.id = ${where.search}` : sql``;
    parts.push(sql<SqlBool>`(s.search_text LIKE ${pattern}${byId})`);
  }
  return parts;
}

const allOf = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;

/** The whole where-clause of a list on `shippings as s`. */
export function shippingListCondition(where: TShippingListWhere): RawBuilder<SqlBool> {
  return allOf([
    ...listFilters(where),
    sql<SqlBool>`s.created_at >= ${where.from}`,
    ...(where.to === null ? [] : [sql<SqlBool>`s.created_at <= ${where.to}`]),
  ]);
}

/** The list rows a where-clause describes (before order and paging). */
export function selectShippingList(db: Db, where: TShippingListWhere) {
  return selectShippingRows(db).where(shippingListCondition(where));
}

/** The list as the Excel export reads it: each row with the values of its type's form. */
export function selectShippingExportList(db: Db, where: TShippingListWhere) {
  return selectShippingList(db, where).select('s.form_values as formValues');
}

/** The ids of the list, from the shippings alone (no names joined): what a page picks its rows by. */
export function selectShippingListIds(db: Db, where: TShippingListWhere) {
  return db.selectFrom('shippings as s').select('s.id').where(shippingListCondition(where));
}

const DAY_MS = 86_400_000;
/** The last instant a Date holds: the end of a range left open. */
const END_OF_TIME = new Date(8.64e15);

/** The whole units (UTC days or hours) inside [from, to]: from `from` (inclusive) to `before` (exclusive). */
export function findWholeUnits(from: Date, to: Date, unitMs: number): { from: Date; before: Date } {
  const first = Math.ceil(from.getTime() / unitMs) * unitMs;
  const last = Math.floor(to.getTime() / unitMs) * unitMs;
  return { from: new Date(first), before: new Date(Math.max(first, last)) };
}

const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
const nextMonthStart = (date: Date) => {
  const start = monthStart(date);
  return start.getTime() === date.getTime()
    ? start
    : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
};

/**
 * The kept counts (shipping_counts, migration 008) answer a list of the whole domain's live shippings
 * filtered at most by state, result and creation dates; any other filter or a narrower visibility is
 * counted row by row (those sets are a company's, a sender's or a search's, and far smaller).
 */
export function keptCountsServe(where: TShippingListWhere): boolean {
  return (
    reachesWholeDomain(where.visibility) &&
    where.scope === 'all' &&
    !where.deleted &&
    where.typeIds === undefined &&
    where.companyIds === undefined &&
    where.services === undefined &&
    where.channels === undefined &&
    where.customFields === undefined &&
    !where.search
  );
}

/**
 * The exact number of shippings a list holds. With the kept counts, the range is cut at UTC day and month
 * starts: the months it covers whole are summed from shipping_counts (migration 008), the other whole days from
 * shipping_day_counts (migration 029), and only the rows of its partial first and last day are counted through
 * the list's indexes (a day's shippings, where a partial month was up to a month's; without a state or result
 * filter, only the partial hours' rows, the whole hours from shipping_hour_totals, the whole days and months from
 * one total each); the function shipping_list_total (migrations 031, 065 and 067) sums them. A scalar subquery, so that a page's statement can carry it.
 */
export function selectListTotal(where: TShippingListWhere): RawBuilder<string> {
  const kept = keptTotalOf(where);
  if (!kept) return sql<string>`(SELECT count(*) FROM shippings s WHERE ${shippingListCondition(where)})::bigint`;
  return callListTotal(kept);
}

/** shipping_list_total's arguments, in its order. */
type TKeptTotal = {
  domainId: string | null;
  states: string[] | null;
  results: string[] | null;
  from: Date;
  to: Date | null;
  firstDay: Date;
  lastDay: Date | null;
  monthsFrom: string | null;
  monthsBefore: string | null;
  daysBefore: Date | null;
  daysAfter: Date | null;
};

/** The arguments of shipping_list_total when the kept counts total the list; null when its rows are counted. */
function keptTotalOf(where: TShippingListWhere): TKeptTotal | null {
  const wholeDays = findWholeUnits(where.from, where.to ?? END_OF_TIME, DAY_MS);
  const firstDay = wholeDays.from;
  const lastDay = where.to === null ? null : wholeDays.before;
  if (!keptCountsServe(where) || (lastDay !== null && firstDay >= lastDay)) return null;
  const firstMonth = nextMonthStart(firstDay);
  const lastMonth = lastDay === null ? null : monthStart(lastDay);
  // No whole month: every whole day from the day counts.
  const noMonth = lastMonth !== null && firstMonth >= lastMonth;
  const list = (values: readonly string[] | undefined) => (values === undefined ? null : [...values]);
  return {
    domainId: where.visibility.domainId,
    states: list(where.states),
    results: list(where.results),
    from: where.from,
    to: where.to,
    firstDay,
    lastDay,
    monthsFrom: noMonth ? null : toIsoDay(firstMonth),
    monthsBefore: lastMonth === null ? null : toIsoDay(lastMonth),
    daysBefore: noMonth ? lastDay : firstMonth,
    daysAfter: noMonth ? null : lastMonth,
  };
}

function callListTotal(total: TKeptTotal): RawBuilder<string> {
  return sql<string>`(SELECT shipping_list_total(
      ${total.domainId}, ${total.states}::text[], ${total.results}::text[], ${total.from}, ${total.to},
      ${total.firstDay}, ${total.lastDay}, ${total.monthsFrom}::date, ${total.monthsBefore}::date,
      ${total.daysBefore}, ${total.daysAfter}
    ))::bigint`;
}

/**
 * A list whose default page (newest first) the function shipping_list_page (migration 034) reads: a whole-domain
 * reader's live shippings filtered at most by creation dates.
 */
export function defaultPageServes(where: TShippingListWhere): boolean {
  return keptCountsServe(where) && where.states === undefined && where.results === undefined;
}

/** The columns of a list row, by their names in the row (shipping_list_page's, selectShippingRows'). */
const PAGE_COLUMNS = [
  'id',
  'guid',
  'reference',
  'subject',
  'service',
  'channel',
  'typeId',
  'companyId',
  'senderId',
  'receiver',
  'state',
  'result',
  'isSandbox',
  'deletedAt',
  'createdAt',
  'updatedAt',
  'typeName',
  'companyName',
  'sender',
  'deletedBy',
] as const satisfies readonly (keyof TShippingRowRecord)[];

function defaultPageQuery(db: Db, domainId: string | null, from: Date, to: Date | null, offset: number, limit: number) {
  const page = sql<TShippingRowRecord>`shipping_list_page(${domainId}, ${from}, ${to}, ${offset}::int, ${limit}::int)`;
  return db
    .selectFrom(page.as('p'))
    .select(PAGE_COLUMNS.map((column) => `p.${column}` as const))
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc');
}

/**
 * The default page with a total from the kept counts, the console's opening list: its SQL never varies, so Kysely
 * builds it once and each connection prepares it once.
 */
const selectKeptDefaultPage = definePreparedQuery(
  'sello_shipping_default_page',
  (
    db,
    offset: number,
    limit: number,
    domainId: string | null,
    from: Date,
    to: Date | null,
    firstDay: Date,
    lastDay: Date | null,
    monthsFrom: string | null,
    monthsBefore: string | null,
    daysBefore: Date | null,
    daysAfter: Date | null,
  ) => {
    const total = callListTotal({
      domainId,
      states: null,
      results: null,
      from,
      to,
      firstDay,
      lastDay,
      monthsFrom,
      monthsBefore,
      daysBefore,
      daysAfter,
    });
    return defaultPageQuery(db, domainId, from, to, offset, limit).select(total.as('listTotal'));
  },
);

/** The default page of a list defaultPageServes, with the list's total, in one statement. */
export function selectDefaultPage(db: Db, where: TShippingListWhere, offset: number, limit: number) {
  const kept = keptTotalOf(where);
  if (!kept) {
    return defaultPageQuery(db, where.visibility.domainId, where.from, where.to, offset, limit)
      .select(selectListTotal(where).as('listTotal'))
      .execute();
  }
  const { domainId, from, to, firstDay, lastDay, monthsFrom, monthsBefore, daysBefore, daysAfter } = kept;
  return selectKeptDefaultPage(
    db,
    offset,
    limit,
    domainId,
    from,
    to,
    firstDay,
    lastDay,
    monthsFrom,
    monthsBefore,
    daysBefore,
    daysAfter,
  );
}

/** The list's total alone (selectListTotal's statement). */
export async function countShippingList(db: Db, where: TShippingListWhere): Promise<number> {
  const { rows } = await sql<{ total: string }>`SELECT ${selectListTotal(where)} AS total`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
