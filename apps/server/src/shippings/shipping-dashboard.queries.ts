import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { selectShippingList, type TShippingListWhere } from './shipping-list.queries.ts';

type Db = Kysely<Database>;

// Every count starts from the list's own query, so it covers exactly the rows the list shows for the
// same where-clause (tenancy, scope, period, deleted).

/** How many shippings of the list are in each state. */
export function countByState(db: Db, where: TShippingListWhere) {
  return selectShippingList(db, where)
    .clearSelect()
    .select(['s.state as key', sql<number>`count(*)::int`.as('count')])
    .groupBy('s.state')
    .execute();
}

/** How many shippings of the list have each result (those without one are left out). */
export function countByResult(db: Db, where: TShippingListWhere) {
  return selectShippingList(db, where)
    .clearSelect()
    .select(['s.result as key', sql<number>`count(*)::int`.as('count')])
    .where('s.result', 'is not', null)
    .groupBy('s.result')
    .execute();
}

export function countList(db: Db, where: TShippingListWhere) {
  return selectShippingList(db, where)
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
}

/**
 * One row per calendar day (in `timeZone`) from the day of `from` to the day of `to`, with how many
 * shippings of the list were created that day; days without any answer 0.
 */
export async function countByDay(db: Db, where: TShippingListWhere & { to: Date }, timeZone: string) {
  const perDay = selectShippingList(db, where)
    .clearSelect()
    .select([sql<string>`(s.created_at AT TIME ZONE ${timeZone})::date`.as('day'), sql<number>`count(*)::int`.as('n')])
    // By position: the zone is a parameter, and two parameters never compare equal in GROUP BY.
    .groupBy(sql`1`);
  const { rows } = await sql<{ day: string; count: number }>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(c.n, 0)::int AS count
    FROM generate_series(
      (${where.from}::timestamptz AT TIME ZONE ${timeZone})::date,
      (${where.to}::timestamptz AT TIME ZONE ${timeZone})::date,
      interval '1 day'
    ) AS d(day)
    LEFT JOIN (${perDay}) AS c ON c.day = d.day::date
    ORDER BY d.day`.execute(db);
  return rows;
}

/** The latest shippings of the list whose result is `error` or whose state is `not_send_error`. */
export function selectRecentErrors(db: Db, where: TShippingListWhere, limit: number) {
  return selectShippingList(db, where)
    .clearSelect()
    .select(['s.id', 's.reference', 's.subject', 's.state', 's.result', 's.created_at as createdAt'])
    .where(sql<SqlBool>`(s.result = 'error' OR s.state = 'not_send_error')`)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}
