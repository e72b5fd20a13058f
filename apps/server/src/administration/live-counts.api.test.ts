import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, domainIdOf, filtersParam, groupIdOf } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

// The list totals of users and companies come from live_counts, kept by triggers
// (migrations/006_admin_list_indexes.sql). Whatever writes the rows, the kept counts equal a count.

let t: TTestApp;
let domainAdmin: TestClient;
let demo: number;
let acme: number;
let notaria: number;
let legal: number;

beforeAll(async () => {
  t = await createTestApp();
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  demo = await domainIdOf(t.database.db, 'DEMO');
  acme = await domainIdOf(t.database.db, 'ACME');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  legal = await groupIdOf(t.database.db, 'Legal');
});
afterAll(() => t.close());

type TCountRow = { domain_id: string; kind: string; live: string };

/** The kept counts (zeros left out) equal the live rows counted. */
async function expectKeptCountsExact() {
  const kept = await sql<TCountRow>`SELECT domain_id, kind, live FROM live_counts WHERE live <> 0
    ORDER BY domain_id, kind`.execute(t.database.db);
  const counted = await sql<TCountRow>`SELECT domain_id, 'companies' AS kind, count(*) AS live FROM companies
    WHERE deleted_at IS NULL GROUP BY domain_id
    UNION ALL SELECT domain_id, 'users', count(*) FROM users WHERE deleted_at IS NULL GROUP BY domain_id
    ORDER BY domain_id, kind`.execute(t.database.db);
  expect(kept.rows).toEqual(counted.rows);
  return Object.fromEntries(counted.rows.map((row) => [`${row.domain_id}:${row.kind}`, Number(row.live)]));
}

async function totalOf(path: string, query = '') {
  const response = await domainAdmin.get(`administration/${path}/read?first=0&pageSize=1${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().total as number;
}

describe('live counts', () => {
  it('follow creates, soft deletes, recoveries, bulk inserts, moves and deletes; the list totals read them', async () => {
    let counts = await expectKeptCountsExact();
    expect(await totalOf('users')).toBe(counts[`${demo}:users`]);
    expect(await totalOf('companies')).toBe(counts[`${demo}:companies`]);

    const created = await domainAdmin.post('administration/users/new', {
      userid: 'count.user',
      name: 'Count User',
      email: 'count.user@sello.local',
      language: 'es-es',
      roleId: 5,
      companyIds: [notaria],
      groupIds: [legal],
      active: true,
    });
    expect(created.statusCode).toBe(200);
    const userId = created.json().id as number;
    expect((await expectKeptCountsExact())[`${demo}:users`]).toBe(counts[`${demo}:users`]! + 1);
    expect((await domainAdmin.delete(`administration/users/delete/${userId}`)).statusCode).toBe(200);
    expect((await expectKeptCountsExact())[`${demo}:users`]).toBe(counts[`${demo}:users`]);
    expect(await totalOf('users')).toBe(counts[`${demo}:users`]);
    // The bin's total is still a count of the deleted rows.
    expect(await totalOf('users', `&filters=${filtersParam({ deleted: true })}`)).toBe(1);
    expect((await domainAdmin.put(`administration/users/recover/${userId}`)).statusCode).toBe(200);
    counts = await expectKeptCountsExact();
    expect(await totalOf('users')).toBe(counts[`${demo}:users`]);

    const company = await domainAdmin.post('administration/companies/new', {
      name: 'Contadores Unidos S.L.',
      taxId: 'B77777779',
      active: true,
    });
    expect(company.statusCode).toBe(200);
    expect((await expectKeptCountsExact())[`${demo}:companies`]).toBe(counts[`${demo}:companies`]! + 1);
    expect((await domainAdmin.delete(`administration/companies/delete/${company.json().id}`)).statusCode).toBe(200);
    expect(await totalOf('companies')).toBe(counts[`${demo}:companies`]);

    // Several rows in one statement, a move to another domain, a hard delete: what no screen does.
    await sql`INSERT INTO users (domain_id, username, name, email, password_hash)
      SELECT ${demo}, 'bulk.user' || i, 'Bulk ' || i, 'bulk' || i || '@sello.local', 'x'
      FROM generate_series(1, 3) AS i`.execute(t.database.db);
    await sql`UPDATE users SET domain_id = ${acme} WHERE username = 'bulk.user1'`.execute(t.database.db);
    await sql`UPDATE users SET deleted_at = now() WHERE username = 'bulk.user2'`.execute(t.database.db);
    await sql`DELETE FROM users WHERE username IN ('bulk.user2', 'bulk.user3')`.execute(t.database.db);
    const after = await expectKeptCountsExact();
    expect(after[`${demo}:users`]).toBe(counts[`${demo}:users`]);
    expect(after[`${acme}:users`]).toBe(counts[`${acme}:users`]! + 1);
    expect(await totalOf('users')).toBe(after[`${demo}:users`]);
    // A filtered list still counts its rows.
    expect(await totalOf('users', `&filters=${filtersParam({ userid: 'count.user' })}`)).toBe(1);
  });
});
