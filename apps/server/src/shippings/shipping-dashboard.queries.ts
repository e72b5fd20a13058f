import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  selectShippingListIds,
  shippingListConditionWithin,
  type TShippingListWhere,
} from './shipping-list.queries.ts';

type Db = Kysely<Database>;

// Every count starts from the list's own where-clause, so it covers exactly the rows the list shows (tenancy,
// scope, period, deleted); on the shippings alone, as the list's names (type, company, sender) count nothing.

export function countList(db: Db, where: TShippingListWhere) {
  return selectShippingListIds(db, where)
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
}

type TCountRow = { kind: 'state' | 'result' | 'day'; key: string; count: number };

/**
 * The shippings of the list counted per state, per result (those without one left out) and per calendar
 * day in `timeZone` from the day of `from` to the day of `to` (days without any answer 0), in one pass over
 * the period's rows (GROUPING SETS) instead of one scan per count.
 */
export async function countByStateResultAndDay(db: Db, where: TShippingListWhere & { to: Date }, timeZone: string) {
  const period = selectShippingListIds(db, where)
    .clearSelect()
    .select([
      's.state as state',
      's.result as result',
      sql<string>`(s.created_at AT TIME ZONE ${timeZone})::date`.as('day'),
    ]);
  const { rows } = await sql<TCountRow>`
    WITH counted AS (
      SELECT p.state, p.result, p.day, GROUPING(p.state, p.result, p.day) AS grouping, count(*)::int AS n
        FROM (${period}) AS p
       GROUP BY GROUPING SETS ((p.state), (p.result), (p.day))
    )
    SELECT 'state' AS kind, c.state AS key, c.n AS count FROM counted c WHERE c.grouping = 3
    UNION ALL
    SELECT 'result', c.result, c.n FROM counted c WHERE c.grouping = 5 AND c.result IS NOT NULL
    UNION ALL
    SELECT 'day', to_char(d.day, 'YYYY-MM-DD'), coalesce(c.n, 0)::int
      FROM generate_series(
        (${where.from}::timestamptz AT TIME ZONE ${timeZone})::date,
        (${where.to}::timestamptz AT TIME ZONE ${timeZone})::date,
        interval '1 day'
      ) AS d(day)
      LEFT JOIN counted c ON c.grouping = 6 AND c.day = d.day::date
    ORDER BY 1, 2`.execute(db);
  return toCounts(rows);
}

function toCounts(rows: readonly TCountRow[]) {
  const pick = (kind: TCountRow['kind']) =>
    rows.filter((row) => row.kind === kind).map((row) => ({ key: row.key, count: row.count }));
  return {
    states: pick('state'),
    results: pick('result'),
    days: pick('day').map((row) => ({ day: row.key, count: row.count })),
  };
}

const HOUR_MS = 3_600_000;

/**
 * The kept hour counts (shipping_hour_counts, migration 028) hold the live shippings of a domain, and of each
 * of its companies, in the list of every shipping the user reaches (`all`) without other filters.
 */
function keptHoursServe(where: TShippingListWhere): boolean {
  const { visibility } = where;
  return (
    visibility.domainId !== null &&
    (visibility.companyIds === null || visibility.companyIds.length > 0) &&
    (visibility.reach === 'company' || visibility.reach === 'companyOrAuthoriser') &&
    where.scope === 'all' &&
    !where.deleted &&
    where.states === undefined &&
    where.results === undefined &&
    where.typeIds === undefined &&
    where.companyIds === undefined &&
    where.services === undefined &&
    where.channels === undefined &&
    where.customFields === undefined &&
    !where.search
  );
}

/**
 * The same counts as countByStateResultAndDay, the whole UTC hours of the period read from the kept hour counts
 * and only the partial first and last hours from the shippings. A kept hour counts towards the local day it
 * falls in whole; when a day of the period does not start on a whole UTC hour in `timeZone` (an offset that is
 * not a whole number of hours) the answer is null, as it is when the kept counts do not hold the list: the
 * caller then counts the rows.
 *
 * A company-limited user also sees the shippings of other companies they are a designated authoriser of:
 * those of the whole hours are counted from the shippings, driven by the user's authorisations.
 */
export async function countByStateResultAndDayFromHours(
  db: Db,
  where: TShippingListWhere & { to: Date },
  timeZone: string,
) {
  if (!keptHoursServe(where)) return null;
  const firstWhole = new Date(Math.ceil(where.from.getTime() / HOUR_MS) * HOUR_MS);
  const lastStart = new Date(Math.floor(where.to.getTime() / HOUR_MS) * HOUR_MS);
  if (firstWhole >= lastStart) return null;
  const { visibility } = where;
  const companyIds = visibility.companyIds;
  const byCompany = companyIds === null ? sql`k.company_id IS NULL` : sql`k.company_id IN (${sql.join(companyIds)})`;
  const kept = sql`SELECT k.state, k.result, k.hour AS at, k.live AS n FROM shipping_hour_counts k
    WHERE k.domain_id = ${visibility.domainId} AND ${byCompany}
      AND k.hour >= ${firstWhole} AND k.hour < ${lastStart} AND k.live <> 0`;
  const rowsOf = (condition: RawBuilder<SqlBool>) =>
    sql`SELECT s.state, s.result, s.created_at, 1 FROM shippings s WHERE ${condition}`;
  const parts = [
    kept,
    rowsOf(shippingListConditionWithin(where, { from: where.from, before: firstWhole })),
    rowsOf(shippingListConditionWithin(where, { from: lastStart, to: where.to })),
  ];
  if (companyIds !== null && visibility.reach === 'companyOrAuthoriser') {
    const authorised = { ...where, visibility: { ...visibility, reach: 'authoriser' as const } };
    const elsewhere = shippingListConditionWithin(authorised, { from: firstWhole, before: lastStart });
    parts.push(rowsOf(sql<SqlBool>`${elsewhere} AND s.company_id NOT IN (${sql.join(companyIds)})`));
  }
  // Days are ranges of instants from each local midnight to the next (found by a binary search over the
  // midnights), so that only the ~31 midnights are converted, not every hour. Exact when each midnight is a
  // whole UTC hour and really starts its day.
  const { rows } = await sql<TCountRow | { kind: 'inexact'; key: null; count: number }>`
    WITH counted AS (
      SELECT p.state, p.result, p.at, GROUPING(p.state, p.result, p.at) AS grouping, sum(p.n)::int AS n
        FROM (${sql.join(parts, sql` UNION ALL `)}) AS p
       GROUP BY GROUPING SETS ((p.state), (p.result), (p.at))
    ), midnights AS (
      SELECT d.day::date AS day, d.day AT TIME ZONE ${timeZone} AS starts, d.i
        FROM generate_series(
          (${where.from}::timestamptz AT TIME ZONE ${timeZone})::date::timestamp,
          (${where.to}::timestamptz AT TIME ZONE ${timeZone})::date::timestamp,
          interval '1 day'
        ) WITH ORDINALITY AS d(day, i)
    ), days AS (
      SELECT m.day, m.i, date_trunc('hour', m.starts, 'UTC') = m.starts
               AND (m.starts AT TIME ZONE ${timeZone})::date = m.day
               AND ((m.starts - interval '1 microsecond') AT TIME ZONE ${timeZone})::date = m.day - 1 AS exact
        FROM midnights m
    ), per_day AS (
      SELECT width_bucket(c.at, (SELECT array_agg(m.starts ORDER BY m.i) FROM midnights m)) AS i, sum(c.n) AS n
        FROM counted c WHERE c.grouping = 6 GROUP BY 1
    )
    SELECT 'state' AS kind, c.state AS key, c.n AS count FROM counted c WHERE c.grouping = 3
    UNION ALL
    SELECT 'result', c.result, c.n FROM counted c WHERE c.grouping = 5 AND c.result IS NOT NULL
    UNION ALL
    SELECT 'day', to_char(d.day, 'YYYY-MM-DD'), coalesce(p.n, 0)::int FROM days d LEFT JOIN per_day p ON p.i = d.i
    UNION ALL
    SELECT 'inexact', NULL, 0 FROM days d WHERE NOT d.exact
    ORDER BY 1, 2`.execute(db);
  if (rows.some((row) => row.kind === 'inexact')) return null;
  return toCounts(rows as TCountRow[]);
}

/** The latest shippings of the list whose result is `error` or whose state is `not_send_error`. */
export function selectRecentErrors(db: Db, where: TShippingListWhere, limit: number) {
  return selectShippingListIds(db, where)
    .clearSelect()
    .select(['s.id', 's.reference', 's.subject', 's.state', 's.result', 's.created_at as createdAt'])
    .where(sql<SqlBool>`(s.result = 'error' OR s.state = 'not_send_error')`)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}
