import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  findWholeUnits,
  keptCountsServe,
  selectShippingListIds,
  type TShippingListWhere,
} from './shipping-list.queries.ts';

type Db = Kysely<Database>;

// Every count starts from the list's own where-clause, so it covers exactly the rows the list shows (tenancy,
// scope, period, deleted); on the shippings alone, as the list's names (type, company, sender) count nothing.

function countList(db: Db, where: TShippingListWhere) {
  return selectShippingListIds(db, where).clearSelect().select(sql<number>`count(*)::int`.as('count'));
}

type TCountRow = { kind: 'state' | 'result' | 'day'; key: string; count: number };
type TKeptRow = { kind: 'pair' | 'day' | 'inexact'; key: string; result: string | null; count: number };
type TPeriodWhere = TShippingListWhere & { to: Date };

/**
 * The shippings of the list counted per state and result and per calendar day in `timeZone` from the day of
 * `from` to the day of `to` (days without any answer 0), row by row, in one pass over the period's rows
 * (GROUPING SETS) instead of one scan per count: rows shaped as those of shipping_dashboard_counts.
 */
function countRowByRow(db: Db, where: TPeriodWhere, timeZone: string) {
  const period = selectShippingListIds(db, where)
    .clearSelect()
    .select([
      's.state as state',
      's.result as result',
      sql<string>`(s.created_at AT TIME ZONE ${timeZone})::date`.as('day'),
    ]);
  return sql<TKeptRow>`
    WITH counted AS (
      SELECT p.state, p.result, p.day, GROUPING(p.state, p.result, p.day) AS grouping, count(*)::int AS n
        FROM (${period}) AS p
       GROUP BY GROUPING SETS ((p.state, p.result), (p.day))
    )
    SELECT 'pair' AS kind, c.state AS key, c.result, c.n AS count FROM counted c WHERE c.grouping = 1
    UNION ALL
    SELECT 'day', to_char(d.day, 'YYYY-MM-DD'), NULL, coalesce(c.n, 0)::int
      FROM generate_series(
        (${where.from}::timestamptz AT TIME ZONE ${timeZone})::date,
        (${where.to}::timestamptz AT TIME ZONE ${timeZone})::date,
        interval '1 day'
      ) AS d(day)
      LEFT JOIN counted c ON c.grouping = 6 AND c.day = d.day::date`;
}

/** The row-by-row counts alone (the kept counts' fallback, and their reference in tests). */
export async function countByStateResultAndDay(db: Db, where: TPeriodWhere, timeZone: string) {
  const { rows } = await countRowByRow(db, where, timeZone).execute(db);
  return toKeptCounts(rows);
}

/** The counts by kind, each in the order of its keys (the same for both ways of counting). */
function toCounts(rows: readonly TCountRow[]) {
  const pick = (kind: TCountRow['kind']) =>
    rows.filter((row) => row.kind === kind).map((row) => ({ key: row.key, count: row.count }));
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return {
    states: pick('state').sort(byKey),
    results: pick('result').sort(byKey),
    days: pick('day')
      .sort(byKey)
      .map((row) => ({ day: row.key, count: row.count })),
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The kept counts (shipping_day_counts and shipping_hour_totals, migration 029) hold every live shipping of a
 * domain: the list of a reader of the whole domain (`all`) without other filters.
 */
function keptDashboardCountsServe(where: TShippingListWhere): boolean {
  return keptCountsServe(where) && where.states === undefined && where.results === undefined;
}

/**
 * The same counts as countRowByRow for a reader of the whole domain, from the kept counts: the by-state and
 * by-result counts from the whole UTC days of the period, the per-day counts from its whole UTC hours, each local
 * day summing the hours between its midnights. Only the rows of the partial first and last UTC days are read from
 * the shippings (the domain's date index), those of the partial hours among them. Null when the kept counts do
 * not hold the list (a company-limited or filtered list). Its rows say `inexact` when a day of the period does not
 * start on a whole UTC hour in `timeZone` (an offset that is not a whole number of hours): the rows are then
 * counted one by one. The function shipping_dashboard_counts (migration 030), for its generic plan.
 */
function countFromKept(where: TPeriodWhere, timeZone: string) {
  if (!keptDashboardCountsServe(where)) return null;
  const wholeDays = findWholeUnits(where.from, where.to, DAY_MS);
  const wholeHours = findWholeUnits(where.from, where.to, HOUR_MS);
  return sql<TKeptRow>`SELECT c.kind, c.key, c.result, c.count FROM shipping_dashboard_counts(
      ${where.visibility.domainId}, ${where.from}, ${where.to}, ${wholeDays.from}, ${wholeDays.before},
      ${wholeHours.from}, ${wholeHours.before}, ${timeZone}
    ) AS c`;
}

/** The kept counts alone: null when they do not hold the list or a day does not start on a whole UTC hour. */
export async function countByStateResultAndDayFromKept(db: Db, where: TPeriodWhere, timeZone: string) {
  const counts = countFromKept(where, timeZone);
  if (!counts) return null;
  const { rows } = await counts.execute(db);
  return rows.some((row) => row.kind === 'inexact') ? null : toKeptCounts(rows);
}

/**
 * The dashboard's counts, its pending authorisations and its latest errors in one statement (one round trip
 * instead of three). The counts come from the kept counts when they hold the list, else row by row; when a day
 * does not start on a whole UTC hour, the kept counts say so and the rows are counted in a second statement.
 */
export async function selectDashboard(
  db: Db,
  query: { period: TPeriodWhere; pending: TShippingListWhere; timeZone: string; recentErrors: number },
) {
  const { period, timeZone } = query;
  const kept = countFromKept(period, timeZone);
  const counts = kept ?? countRowByRow(db, period, timeZone);
  // A whole-domain reader's errors through their function (migration 033), for its generic plan.
  const errors = kept
    ? sql`SELECT e.id, e.reference, e.subject, e.state, e.result, e."createdAt"
        FROM shipping_dashboard_errors(${period.visibility.domainId}, ${period.from}, ${period.to}, ${query.recentErrors}) AS e`
    : selectRecentErrors(db, period, query.recentErrors);
  const { rows } = await sql<{ counts: TKeptRow[]; pending: number; errors: TRecentErrorJson[] }>`
    SELECT (SELECT coalesce(json_agg(c), '[]') FROM (${counts}) AS c) AS counts,
           (${countList(db, query.pending)}) AS pending,
           (SELECT coalesce(json_agg(e), '[]') FROM (${errors}) AS e) AS errors`.execute(db);
  const row = rows[0]!;
  const exact = row.counts.some((count) => count.kind === 'inexact')
    ? await countByStateResultAndDay(db, period, timeZone)
    : toKeptCounts(row.counts);
  return { ...exact, pending: row.pending, errors: row.errors };
}

/** The counts per state, per result (those without one left out) and per day, from pair and day rows. */
function toKeptCounts(rows: readonly TKeptRow[]) {
  return toCounts([
    ...sumPairs(rows, (row) => row.key, 'state'),
    ...sumPairs(rows, (row) => row.result, 'result'),
    ...rows.filter((row): row is TKeptRow & { kind: 'day' } => row.kind === 'day'),
  ]);
}

/** The (state, result) pairs summed per state or per result (those without one left out). */
function sumPairs(rows: readonly TKeptRow[], keyOf: (row: TKeptRow) => string | null, kind: 'state' | 'result') {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (row.kind === 'pair' && key !== null) sums.set(key, (sums.get(key) ?? 0) + row.count);
  }
  return [...sums].map(([key, count]): TCountRow => ({ kind, key, count }));
}

/** A recent error as json_agg writes it: the instant as text. */
type TRecentErrorJson = {
  id: number;
  reference: string | null;
  subject: string;
  state: string;
  result: string | null;
  createdAt: string;
};

/** The latest shippings of the list whose result is `error` or whose state is `not_send_error`. */
function selectRecentErrors(db: Db, where: TShippingListWhere, limit: number) {
  return selectShippingListIds(db, where)
    .clearSelect()
    .select(['s.id', 's.reference', 's.subject', 's.state', 's.result', 's.created_at as createdAt'])
    .where(sql<SqlBool>`(s.result = 'error' OR s.state = 'not_send_error')`)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit);
}
