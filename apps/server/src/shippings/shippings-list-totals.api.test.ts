// The list's totals for a whole-domain reader come from kept counts (months, migration 008; days, migration
// 029) plus the rows of the partial first and last days: they must equal a plain count whatever the range, the
// filters and the changes (state, soft delete, recovery) made since. Its default pages (migration 034) must hold the
// rows counted, in order.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let user: TestClient;
let manager: TestClient;
let domainAdmin: TestClient;
const ids: number[] = [];

const DAY_MS = 86_400_000;
const utc = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(Date.UTC(year, month - 1, day, hour, minute));
const now = new Date();
const thisYear = now.getUTCFullYear();
// Spread over several months, two on the same day at a month boundary, two at the same instant (a page orders
// them by id).
const twoDaysAgo = new Date(now.getTime() - 2 * DAY_MS);
const DATES = [
  utc(thisYear - 2, 3, 31, 23),
  utc(thisYear - 2, 4, 1, 0),
  utc(thisYear - 2, 4, 15),
  utc(thisYear - 1, 1, 10),
  utc(thisYear - 1, 1, 20),
  utc(thisYear - 1, 7, 1, 0),
  twoDaysAgo,
  twoDaysAgo,
];

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  manager = await signedInClient(t.app, 'company.manager');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  for (const [index] of DATES.entries()) {
    ids.push(await sendShipping(user, t.database.db, index % 2 === 0 ? 'Deed acceptance' : 'Notarial notification'));
  }
  // Back-dating moves each shipping's count to its month (the update trigger).
  for (const [index, date] of DATES.entries()) {
    await sql`UPDATE shippings SET created_at = ${date} WHERE id = ${ids[index]}`.execute(t.database.db);
  }
});
afterAll(() => t.close());

type TQuery = { filters?: Record<string, unknown>; filterFrom?: Date; filterTo?: Date };

async function totalOf(query: TQuery, first = 0): Promise<number> {
  const params = new URLSearchParams({ scope: 'all', pageSize: '1', first: String(first) });
  if (query.filters) params.set('filters', JSON.stringify(query.filters));
  if (query.filterFrom) params.set('filterFrom', String(query.filterFrom.getTime()));
  if (query.filterTo) params.set('filterTo', String(query.filterTo.getTime()));
  const response = await domainAdmin.get(`shippings/shippingslist?${params}`);
  expect(response.statusCode, response.body).toBe(200);
  if (first >= response.json().total) expect(response.json().rows).toEqual([]);
  return response.json().total;
}

/** The same list's ids read row by row, newest first (without `filterFrom` the list starts 60 months back). */
async function idsOf(query: TQuery): Promise<number[]> {
  const from = query.filterFrom ?? new Date(Date.UTC(thisYear - 5, now.getUTCMonth(), 1));
  const to = query.filterTo ?? null;
  const states = (query.filters?.state as string[] | undefined) ?? null;
  const { rows } = await sql<{ id: number }>`SELECT s.id::int AS id FROM shippings s
    WHERE s.domain_id = (SELECT domain_id FROM users WHERE username = 'domain.admin') AND s.deleted_at IS NULL
      AND s.created_at >= ${from} AND (${to}::timestamptz IS NULL OR s.created_at <= ${to})
      AND (${states}::text[] IS NULL OR s.state = ANY(${states}))
    ORDER BY s.created_at DESC, s.id DESC`.execute(t.database.db);
  return rows.map((row) => row.id);
}

const countedOf = async (query: TQuery) => (await idsOf(query)).length;

/** A row as the list answers it; pages are compared whole, the ids in order. */
type TRow = { requestId: number };

async function rowsOf(query: TQuery, page: Record<string, string>): Promise<TRow[]> {
  const params = new URLSearchParams({ scope: 'all', ...page });
  if (query.filterFrom) params.set('filterFrom', String(query.filterFrom.getTime()));
  if (query.filterTo) params.set('filterTo', String(query.filterTo.getTime()));
  const response = await domainAdmin.get(`shippings/shippingslist?${params}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rows;
}

/**
 * The default page (newest first, read by shipping_list_page) holds the rows counted, in order, page after page,
 * and each row as the other orders' pages show it.
 */
async function expectDefaultPagesExact(range: TQuery): Promise<void> {
  const expected = await idsOf(range);
  const newest = await rowsOf(range, { first: '0', pageSize: '100' });
  expect(
    newest.map((row) => row.requestId),
    JSON.stringify(range),
  ).toEqual(expected);
  const oldest = await rowsOf(range, { first: '0', pageSize: '100', sortField: 'createdAt', sortOrder: '1' });
  expect(newest).toEqual(oldest.reverse());
  const paged: TRow[] = [];
  // One row a page: what each page picks, not only how a page is ordered.
  for (let first = 0; first <= expected.length; first += 1) {
    paged.push(...(await rowsOf(range, { first: String(first), pageSize: '1' })));
  }
  expect(paged).toEqual(newest);
}

const RANGES: TQuery[] = [
  {},
  { filterFrom: utc(thisYear - 2, 3, 31, 23), filterTo: utc(thisYear - 2, 4, 1, 0) },
  { filterFrom: utc(thisYear - 2, 4, 1, 0), filterTo: now },
  { filterFrom: utc(thisYear - 2, 3, 1, 0) },
  { filterFrom: utc(thisYear - 2, 3, 31, 23, 30), filterTo: utc(thisYear - 1, 1, 15) },
  { filterFrom: utc(thisYear - 1, 1, 15), filterTo: utc(thisYear - 1, 1, 25) },
  { filterFrom: utc(thisYear - 1, 2, 1, 0), filterTo: utc(thisYear - 1, 7, 1, 0) },
  { filterFrom: new Date(now.getTime() - 30 * DAY_MS), filterTo: now },
  // Whole days inside one month, days on both sides of a month boundary, ends on a day's first instant.
  { filterFrom: utc(thisYear - 1, 1, 9, 6), filterTo: utc(thisYear - 1, 1, 21, 18) },
  { filterFrom: utc(thisYear - 2, 3, 30, 10), filterTo: utc(thisYear - 2, 4, 16, 5) },
  { filterFrom: utc(thisYear - 2, 3, 31, 0), filterTo: utc(thisYear - 1, 1, 20, 0) },
  { filterFrom: utc(thisYear - 1, 1, 10, 12, 30), filterTo: utc(thisYear - 1, 1, 10, 13) },
  // The last partial day's whole hours come from the hour totals, its last partial hour from the rows; the end is
  // inclusive (a shipping at 12:00 is in a list up to 12:00, not in one up to 11:59).
  { filterFrom: utc(thisYear - 1, 1, 1, 0), filterTo: utc(thisYear - 1, 1, 20, 13, 30) },
  { filterFrom: utc(thisYear - 1, 1, 1, 0), filterTo: utc(thisYear - 1, 1, 20, 12) },
  { filterFrom: utc(thisYear - 1, 1, 1, 0), filterTo: utc(thisYear - 1, 1, 20, 11, 59) },
  // A partial first day with no shipping before the range starts is its whole day's kept count; one with a shipping
  // before is not.
  { filterFrom: utc(thisYear - 1, 1, 20, 6), filterTo: utc(thisYear - 1, 7, 1, 12) },
  { filterFrom: utc(thisYear - 1, 1, 20, 12, 30), filterTo: utc(thisYear - 1, 7, 1, 12) },
];

async function expectTotalsExact(): Promise<void> {
  for (const range of RANGES) {
    for (const filters of [undefined, { state: ['pending_auth', 'no_auth'] }, { state: ['pending_to_send'] }]) {
      const query = { ...range, filters };
      const counted = await countedOf(query);
      expect(await totalOf(query), JSON.stringify(query)).toBe(counted);
      // A page past the end has no row to carry the total: it is counted on its own.
      expect(await totalOf(query, counted), `${JSON.stringify(query)} past the end`).toBe(counted);
    }
    await expectDefaultPagesExact(range);
  }
  // The kept counts themselves equal a fresh count of the live shippings by month, state and result.
  const { rows } = await sql<{ off: number }>`SELECT count(*)::int AS off FROM (
      SELECT domain_id, month, state, result, live FROM shipping_counts WHERE live <> 0
      EXCEPT
      SELECT domain_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, state, result, count(*)
      FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4) AS mismatched`.execute(t.database.db);
  expect(rows[0]!.off).toBe(0);
  const days = await sql<{ off: number }>`SELECT count(*)::int AS off FROM (
      SELECT domain_id, day, state, result, live FROM shipping_day_counts WHERE live <> 0
      EXCEPT
      SELECT domain_id, date_trunc('day', created_at, 'UTC'), state, result, count(*)
      FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4) AS mismatched`.execute(t.database.db);
  expect(days.rows[0]!.off).toBe(0);
  // And the day and month totals (migration 067) a fresh count by domain and UTC day or month, both ways.
  const totals = await sql<{ off: number }>`WITH kept AS (
      SELECT domain_id, day::text AS at, live FROM shipping_day_totals WHERE live <> 0
      UNION ALL
      SELECT domain_id, month::text, live FROM shipping_month_totals WHERE live <> 0
    ), counted AS (
      SELECT domain_id, date_trunc('day', created_at, 'UTC')::text AS at, count(*) AS live
      FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2
      UNION ALL
      SELECT domain_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date::text, count(*)
      FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2
    )
    SELECT count(*)::int AS off FROM ((TABLE kept EXCEPT TABLE counted) UNION ALL (TABLE counted EXCEPT TABLE kept)) AS mismatched`.execute(
    t.database.db,
  );
  expect(totals.rows[0]!.off).toBe(0);
}

describe('shippings/shippingslist totals of a whole domain', () => {
  it('equal a plain count for ranges that start and end inside months or on their edges', async () => {
    expect(await totalOf({})).toBe(ids.length);
    expect(await totalOf({ filterFrom: utc(thisYear - 2, 3, 31, 23), filterTo: utc(thisYear - 2, 4, 1, 0) })).toBe(2);
    await expectTotalsExact();
  });

  it('follow a denial, a deletion and a recovery', async () => {
    // A denied shipping can be deleted (a pending one cannot): the same one is denied, then deleted.
    const denied = ids[0]!;
    const deleted = denied;
    const denial = await manager.put(`shippings/deny/${denied}`, {
      stateCom: 'no_auth',
      resultCom: 'authorizer_reject',
    });
    expect(denial.statusCode, denial.body).toBe(200);
    expect(await totalOf({ filters: { result: 'authorizer_reject' } })).toBe(1);
    expect((await user.delete(`shippings/delete/${deleted}`)).json()).toEqual({ ok: true });
    expect(await totalOf({})).toBe(ids.length - 1);
    expect(await totalOf({ filters: { result: 'authorizer_reject' } })).toBe(0);
    await expectTotalsExact();
    const admin = await signedInClient(t.app, 'company.admin');
    expect((await admin.put(`shippings/recover/${deleted}`)).statusCode).toBe(200);
    expect(await totalOf({})).toBe(ids.length);
    await expectTotalsExact();
  });
});
