import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { selectShippingListIds, type TShippingListWhere } from './shipping-list.queries.ts';

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
  const pick = (kind: TCountRow['kind']) =>
    rows.filter((row) => row.kind === kind).map((row) => ({ key: row.key, count: row.count }));
  return {
    states: pick('state'),
    results: pick('result'),
    days: pick('day').map((row) => ({ day: row.key, count: row.count })),
  };
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
