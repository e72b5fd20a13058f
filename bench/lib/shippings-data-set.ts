// The data set of the shipping benches: the demo tenant's DEMO domain grown by 2,000 users, 60 companies and
// `shippings` shippings with one receiver each (COPY, lib/shippings-load.ts), then VACUUM (ANALYZE).
import type pg from 'pg';
import { bulkLoad } from './admin-bulk-load.ts';
import { round } from './bench-helpers.ts';
import { loadShippings } from './shippings-load.ts';

/** Loads the data set into the domain of `user` (a domain administrator of the demo) and says what it holds. */
export async function loadShippingsDataSet(pool: pg.Pool, user: string, shippings: number) {
  const { rows } = await pool.query<{ domain_id: string; password_hash: string }>(
    'SELECT domain_id, password_hash FROM users WHERE username = $1',
    [user],
  );
  const admin = rows[0]!;
  const started = performance.now();
  // Senders and companies for a realistic spread: 2,000 users, 60 companies (most users in one).
  await bulkLoad(
    pool,
    admin.domain_id,
    { users: 2_000, deletedUsers: 0, companies: 60, groups: 0, certificates: 0, domains: 0 },
    admin.password_hash,
  );
  const types = await pool.query<{ id: string; serviceKind: string }>(
    `SELECT id, service_kind AS "serviceKind" FROM shipping_types WHERE domain_id = $1 AND deleted_at IS NULL`,
    [admin.domain_id],
  );
  const senders = await pool.query<{ id: string; companyId: string; isSandbox: boolean }>(
    `SELECT DISTINCT ON (u.id) u.id, uc.company_id AS "companyId", u.is_sandbox AS "isSandbox"
     FROM users u JOIN user_companies uc ON uc.user_id = u.id
     WHERE u.domain_id = $1 AND u.deleted_at IS NULL ORDER BY u.id, uc.company_id`,
    [admin.domain_id],
  );
  const loaded = await loadShippings(
    pool,
    { domainId: admin.domain_id, types: types.rows, senders: senders.rows },
    shippings,
  );
  const counts = await pool.query<{ live: number; deleted: number; companies: number; senders: number }>(
    `SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS live, count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS deleted,
            count(DISTINCT company_id)::int AS companies, count(DISTINCT sender_id)::int AS senders
     FROM shippings WHERE domain_id = $1`,
    [admin.domain_id],
  );
  const size = await pool.query<{ table: string; indexes: string }>(
    `SELECT pg_size_pretty(pg_table_size('shippings')) AS table, pg_size_pretty(pg_indexes_size('shippings')) AS indexes`,
  );
  return {
    counts: { ...counts.rows[0]!, types: types.rows.length },
    size: size.rows[0]!,
    seconds: {
      all: round((performance.now() - started) / 1000),
      copy: round(loaded.seconds.copy),
      indexes: round(loaded.seconds.indexes),
      vacuum: round(loaded.seconds.vacuum),
    },
  };
}
