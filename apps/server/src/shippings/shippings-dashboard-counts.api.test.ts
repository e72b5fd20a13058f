// A domain reader's dashboard counts come from kept day and hour counts (migration 029) plus the rows of the
// partial first and last days: they must equal the rows counted one by one (the query the dashboard ran before,
// still its fallback) for every reader, time zone and period, whatever was inserted, changed, deleted or recovered since.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, domainIdOf, userIdOf } from '../../test/admin-fixtures.ts';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { countByStateResultAndDay, countByStateResultAndDayFromKept } from './shipping-dashboard.queries.ts';
import type { TShippingListWhere } from './shipping-list.queries.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type TDashboard = {
  total: number;
  byState: { state: string; count: number }[];
  byResult: { result: string; count: number }[];
  byDay: { day: string; count: number }[];
};
type TReader = { client: TestClient; query: string; where: Omit<TShippingListWhere, 'from' | 'to'> };

let t: TTestApp;
const readers: Record<'domainAdmin' | 'companyAdmin' | 'own', TReader> = {} as never;
// A whole UTC hour, so that the inserted rows fall in known hours.
const base = Math.floor(Date.now() / HOUR) * HOUR;

beforeAll(async () => {
  t = await createShippingTestApp();
  const db = t.database.db;
  const user = await signedInClient(t.app, 'company.user');
  const domainId = String(await domainIdOf(db, 'DEMO'));
  const notaria = String(await companyIdOf(db, 'B12345674'));
  const seguros = String(await companyIdOf(db, 'A76543214'));
  const userId = String(await userIdOf(db, 'company.user'));
  const adminId = String(await userIdOf(db, 'company.admin'));
  const domainAdminId = String(await userIdOf(db, 'domain.admin'));
  const visibility = (id: string, companyIds: string[] | null) =>
    ({ userId: id, domainId, companyIds, reach: 'companyOrAuthoriser' }) as const;
  readers.domainAdmin = {
    client: await signedInClient(t.app, 'domain.admin'),
    query: 'scope=all',
    where: { visibility: visibility(domainAdminId, null), scope: 'all', deleted: false },
  };
  readers.companyAdmin = {
    client: await signedInClient(t.app, 'company.admin'),
    query: 'scope=all',
    where: { visibility: visibility(adminId, [notaria]), scope: 'all', deleted: false },
  };
  readers.own = {
    client: user,
    query: 'scope=own',
    where: { visibility: visibility(userId, [notaria]), scope: 'own', deleted: false },
  };

  // Through the API: one waiting for authorisation (with its authorisations), one waiting to be sent.
  await sendShipping(user, db, 'Deed acceptance', { reference: 'COUNTS-AUTH' });
  const template = await sendShipping(user, db, 'Notarial notification', { reference: 'COUNTS-1' });
  // 600 copies in one statement over the last 12 days, every hour of the day, minutes apart, both companies and
  // senders, many states and results, some already deleted: the insert trigger counts them set-based.
  const { rows: columns } = await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
    WHERE table_name = 'shippings' AND column_name NOT IN
      ('id', 'guid', 'company_id', 'sender_id', 'state', 'result', 'created_at', 'deleted_at')`.execute(db);
  const copied = sql.join(columns.map((column) => sql.ref(column.name)));
  await sql`INSERT INTO shippings (${copied}, company_id, sender_id, state, result, created_at, deleted_at)
    SELECT ${copied},
      CASE WHEN g % 3 = 0 THEN ${seguros}::bigint ELSE ${notaria}::bigint END,
      CASE WHEN g % 2 = 0 THEN ${userId}::bigint ELSE ${adminId}::bigint END,
      (ARRAY['closed', 'sent', 'in_course', 'pending_auth', 'not_send_error', 'closed', 'no_auth'])[1 + g % 7],
      (ARRAY['accepted', NULL, NULL, NULL, 'error', 'timeout', 'authorizer_reject'])[1 + g % 7],
      ${new Date(base)}::timestamptz - (g % 12) * interval '1 day' - (g * 7 % 24) * interval '1 hour'
        + (g * 13 % 60) * interval '1 minute',
      CASE WHEN g % 17 = 0 THEN now() END
    FROM shippings, generate_series(1, 600) AS g WHERE id = ${template}`.execute(db);
  // A shipping of the other company the company admin is a designated authoriser of.
  const elsewhere = await sql<{ id: string }>`SELECT id FROM shippings
    WHERE company_id = ${seguros} AND deleted_at IS NULL ORDER BY id LIMIT 1`.execute(db);
  await sql`INSERT INTO shipping_authorisations (shipping_id, round, user_id, deadline_at)
    VALUES (${elsewhere.rows[0]!.id}, 1, ${adminId}, now() + interval '1 day')`.execute(db);
  // Periods whose partial first (or last) UTC day is read as its kept day less the shippings before (or after)
  // the bound: a bound half an hour after a shipping early in its day, half an hour before one late in its day.
  const early = await sql<{ at: Date }>`SELECT created_at AS at FROM shippings WHERE reference = 'COUNTS-1'
    AND deleted_at IS NULL AND created_at < now() - interval '2 days'
    AND extract(hour FROM created_at AT TIME ZONE 'UTC') BETWEEN 1 AND 9 ORDER BY created_at LIMIT 1`.execute(db);
  const late = await sql<{ at: Date }>`SELECT created_at AS at FROM shippings WHERE reference = 'COUNTS-1'
    AND deleted_at IS NULL AND created_at < now() - interval '2 days'
    AND extract(hour FROM created_at AT TIME ZONE 'UTC') BETWEEN 14 AND 22 ORDER BY created_at DESC LIMIT 1`.execute(
    db,
  );
  const from = early.rows[0]!.at.getTime() + 30 * 60_000;
  const to = late.rows[0]!.at.getTime() - 30 * 60_000;
  PERIODS.push({ from, to, timeZone: 'Europe/Madrid' }, { from, to: base, timeZone: 'UTC' });
});
afterAll(() => t.close());

/** Changes after the insert: state and result, soft deletion, recovery, hard deletion, back-dating. */
async function changeShippings(): Promise<void> {
  const db = t.database.db;
  await sql`UPDATE shippings SET state = 'closed', result = 'deny' WHERE id % 5 = 0 AND state <> 'closed'`.execute(db);
  await sql`UPDATE shippings SET deleted_at = now() WHERE id % 11 = 0 AND deleted_at IS NULL`.execute(db);
  await sql`UPDATE shippings SET deleted_at = NULL WHERE id % 34 = 0 AND deleted_at IS NOT NULL`.execute(db);
  await sql`DELETE FROM shippings s WHERE id % 13 = 0 AND reference = 'COUNTS-1'
    AND NOT EXISTS (SELECT 1 FROM shipping_authorisations a WHERE a.shipping_id = s.id)
    AND NOT EXISTS (SELECT 1 FROM shipping_events e WHERE e.shipping_id = s.id)`.execute(db);
  await sql`UPDATE shippings SET created_at = created_at - interval '95 minutes' WHERE id % 7 = 3`.execute(db);
}

async function dashboardOf(reader: TReader, query: string): Promise<TDashboard> {
  const response = await reader.client.get(`shippings/dashboard?${reader.query}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TDashboard;
}

type TPeriod = { from: number; to: number; timeZone: string };

const PERIODS: TPeriod[] = [
  { from: base - 30 * DAY, to: base, timeZone: 'UTC' },
  { from: base - 30 * DAY + 17 * 60_000, to: base - 2 * HOUR + 41 * 60_000, timeZone: 'Europe/Madrid' },
  { from: base - 5 * DAY - 23 * 60_000, to: base - 3 * DAY + 1, timeZone: 'Europe/Madrid' },
  { from: base - 9 * DAY + 30 * 60_000, to: base - HOUR - 1, timeZone: 'Asia/Kolkata' },
  { from: base - 6 * DAY + 5 * 60_000, to: base - 6 * DAY + 50 * 60_000, timeZone: 'Europe/Madrid' },
  // What the console asks: from a local midnight to the end of a local day, today's end still to come.
  { from: base - 29 * DAY - 7 * HOUR, to: base + 17 * HOUR - 1, timeZone: 'America/Bogota' },
  { from: base - 13 * DAY - 16 * HOUR, to: base + 8 * HOUR - 1, timeZone: 'Europe/Madrid' },
  { from: base - 8 * DAY + 30 * 60_000, to: base + 2 * DAY + 30 * 60_000, timeZone: 'Asia/Kolkata' },
  { from: base - 3 * DAY, to: base - 3 * DAY, timeZone: 'UTC' },
  // Local midnights early and late in their UTC day, and a period over parts of two or three months.
  { from: base - 44 * DAY - 20 * HOUR, to: base + 4 * HOUR - 1, timeZone: 'Asia/Tokyo' },
  { from: base - 20 * DAY - 11 * HOUR, to: base + 13 * HOUR - 1, timeZone: 'Pacific/Auckland' },
];

/** The dashboard equals the rows counted one by one, for each reader and period. */
async function expectCountsExact(): Promise<void> {
  for (const [name, reader] of Object.entries(readers)) {
    for (const period of PERIODS) {
      const label = `${name} ${JSON.stringify(period)}`;
      const where = { ...reader.where, from: new Date(period.from), to: new Date(period.to) };
      const counted = await countByStateResultAndDay(t.database.db, where, period.timeZone);
      const body = await dashboardOf(
        reader,
        `filterFrom=${period.from}&filterTo=${period.to}&timeZone=${encodeURIComponent(period.timeZone)}`,
      );
      const nonZero = (entries: { key: string | null; count: number }[]) =>
        Object.fromEntries(entries.filter((entry) => entry.count > 0).map((entry) => [entry.key, entry.count]));
      expect(nonZero(body.byState.map(({ state, count }) => ({ key: state, count }))), label).toEqual(
        nonZero(counted.states),
      );
      expect(nonZero(body.byResult.map(({ result, count }) => ({ key: result, count }))), label).toEqual(
        nonZero(counted.results),
      );
      expect(body.byDay, label).toEqual(counted.days);
      expect(body.total, label).toBe(counted.states.reduce((sum, entry) => sum + entry.count, 0));
    }
  }
  // The kept counts themselves equal a fresh count of the live shippings by domain, UTC day, state and result,
  // and by domain and UTC hour.
  const { rows } = await sql<{ off: number }>`SELECT count(*)::int AS off FROM (
      (SELECT domain_id, day, state, result, live FROM shipping_day_counts WHERE live <> 0
       EXCEPT
       SELECT domain_id, date_trunc('day', created_at, 'UTC'), state, result, count(*)
       FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4)
      UNION ALL
      (SELECT domain_id, date_trunc('day', created_at, 'UTC'), state, result, count(*)
       FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4
       EXCEPT
       SELECT domain_id, day, state, result, live FROM shipping_day_counts)
      UNION ALL
      (SELECT domain_id, hour, NULL, NULL, live FROM shipping_hour_totals WHERE live <> 0
       EXCEPT
       SELECT domain_id, date_trunc('hour', created_at, 'UTC'), NULL, NULL, count(*)
       FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2)
      UNION ALL
      (SELECT domain_id, date_trunc('hour', created_at, 'UTC'), NULL, NULL, count(*)
       FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2
       EXCEPT
       SELECT domain_id, hour, NULL, NULL, live FROM shipping_hour_totals)) AS mismatched`.execute(t.database.db);
  expect(rows[0]!.off).toBe(0);
}

describe('the dashboard counts from the kept day and hour counts', () => {
  it('equal the rows counted one by one for a domain admin, a company admin and a sender, in zones east and west of UTC', async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM shippings
      WHERE created_at >= now() - interval '30 days'`.execute(t.database.db);
    expect(rows[0]!.n).toBeGreaterThan(500);
    await expectCountsExact();
  });

  it('still equal them after updates, soft deletions, recoveries, hard deletions and back-dating', async () => {
    await changeShippings();
    await expectCountsExact();
  });

  it('answer whole-hour zones from the kept counts, and leave a half-hour zone to the row count', async () => {
    const period = { from: new Date(base - 10 * DAY + 30 * 60_000), to: new Date(base - 90 * 60_000) };
    const where = { ...readers.domainAdmin.where, ...period };
    for (const timeZone of ['UTC', 'Europe/Madrid', 'America/Bogota', 'Asia/Tokyo', 'Pacific/Auckland']) {
      const kept = await countByStateResultAndDayFromKept(t.database.db, where, timeZone);
      expect(kept, timeZone).toEqual(await countByStateResultAndDay(t.database.db, where, timeZone));
    }
    // Shippings at every UTC hour: some hour runs across midnight in Kolkata (UTC+05:30).
    expect(await countByStateResultAndDayFromKept(t.database.db, where, 'Asia/Kolkata')).toBeNull();
    // The kept counts are the whole domain's: a company's or a sender's own shippings are counted one by one.
    for (const reader of [readers.companyAdmin, readers.own]) {
      expect(await countByStateResultAndDayFromKept(t.database.db, { ...reader.where, ...period }, 'UTC')).toBeNull();
    }
  });
});
