import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { deletedByName } from '../administration/admin.queries.ts';
import type { Database } from '../db/schema.ts';
import { toIsoDay } from '../platform/iso-date.ts';
import { escapeLike } from '../platform/like-pattern.ts';
import type { TListColumns } from '../platform/paged-list.ts';
import { canDecideNow, isVisible } from './shipping-access.queries.ts';
import type { TShippingVisibility } from './shipping-access.ts';

type Db = Kysely<Database>;

/** Shippings with the names the list shows. */
export function selectShippingRows(db: Db) {
  return db
    .selectFrom('shippings as s')
    .innerJoin('shipping_types as t', 't.id', 's.type_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('users as u', 'u.id', 's.sender_id')
    .select([
      's.id',
      's.guid',
      's.reference',
      's.subject',
      's.service_kind as service',
      's.channel',
      's.type_id as typeId',
      't.name as typeName',
      's.company_id as companyId',
      'c.name as companyName',
      's.sender_id as senderId',
      'u.name as sender',
      's.receiver_summary as receiver',
      's.state',
      's.result',
      's.is_sandbox as isSandbox',
      's.deleted_at as deletedAt',
      deletedByName(sql.ref('s.deleted_by')),
      's.created_at as createdAt',
      's.updated_at as updatedAt',
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

/** Creation dates from `from` (inclusive) up to `to` (inclusive) or `before` (exclusive); null: open. */
function createdBetween(from: Date | null, to: Date | null, before: Date | null = null): RawBuilder<SqlBool>[] {
  return [
    ...(from === null ? [] : [sql<SqlBool>`s.created_at >= ${from}`]),
    ...(to === null ? [] : [sql<SqlBool>`s.created_at <= ${to}`]),
    ...(before === null ? [] : [sql<SqlBool>`s.created_at < ${before}`]),
  ];
}

const allOf = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;

/** The whole where-clause of a list on `shippings as s`. */
export function shippingListCondition(where: TShippingListWhere): RawBuilder<SqlBool> {
  return allOf([...listFilters(where), ...createdBetween(where.from, where.to)]);
}

/**
 * The list's where-clause with its creation dates narrowed to `from` (inclusive) up to `to` (inclusive) or
 * `before` (exclusive), within the list's own range: a part of the list's period.
 */
export function shippingListConditionWithin(
  where: TShippingListWhere,
  range: { from: Date; to?: Date; before?: Date },
): RawBuilder<SqlBool> {
  return allOf([
    ...listFilters(where),
    ...createdBetween(where.from, where.to),
    ...createdBetween(range.from, range.to ?? null, range.before ?? null),
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
function keptCountsServe(where: TShippingListWhere): boolean {
  const { visibility } = where;
  return (
    visibility.domainId !== null &&
    visibility.companyIds === null &&
    (visibility.reach === 'company' || visibility.reach === 'companyOrAuthoriser') &&
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
 * The exact number of shippings a list holds. With the kept counts: the months the range covers whole
 * are summed from shipping_counts, the rows of the partial first month (from `from` to the next month)
 * and of the partial last month (from its start to `to`) are counted through the list's indexes.
 */
export async function countShippingList(db: Db, where: TShippingListWhere): Promise<number> {
  const filters = listFilters(where);
  const countRows = (range: RawBuilder<SqlBool>[]) =>
    sql<string>`(SELECT count(*) FROM shippings s WHERE ${allOf([...filters, ...range])})`;
  let total: RawBuilder<string>;
  const firstWhole = nextMonthStart(where.from);
  const lastPartial = where.to === null ? null : monthStart(where.to);
  if (!keptCountsServe(where) || (lastPartial !== null && firstWhole > lastPartial)) {
    total = countRows(createdBetween(where.from, where.to));
  } else {
    const kept = [
      sql<SqlBool>`c.domain_id = ${where.visibility.domainId}`,
      sql<SqlBool>`c.month >= ${toIsoDay(firstWhole)}::date`,
      ...(lastPartial === null ? [] : [sql<SqlBool>`c.month < ${toIsoDay(lastPartial)}::date`]),
      ...(where.states === undefined ? [] : [sql<SqlBool>`c.state IN (${sql.join(where.states)})`]),
      ...(where.results === undefined ? [] : [sql<SqlBool>`c.result IN (${sql.join(where.results)})`]),
    ];
    const whole = sql<string>`(SELECT coalesce(sum(c.live), 0) FROM shipping_counts c WHERE ${allOf(kept)})`;
    const head = countRows(createdBetween(where.from, null, firstWhole));
    const tail = lastPartial === null ? sql`0` : countRows(createdBetween(lastPartial, where.to));
    total = sql<string>`${whole} + ${head} + ${tail}`;
  }
  const { rows } = await sql<{ total: string }>`SELECT (${total})::bigint AS total`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
