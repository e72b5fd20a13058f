// The data set of the shipping benches: the demo tenant's DEMO domain grown by 2,000 users, 60 companies and
// `shippings` shippings with one receiver each, then VACUUM (ANALYZE). shippings-list streams them from Node with
// COPY (lib/shippings-load.ts, every one in the DEMO domain); console-calls makes them inside PostgreSQL
// (lib/shippings-seed-sql.ts, 80 % in the DEMO domain and the rest over the other domains), fast enough for ten
// million, and can keep them in a data directory for the next run (`BENCH_DATA_DIR`, see `dataSetOf`).
import type pg from 'pg';
import { bulkLoad } from './admin-bulk-load.ts';
import { round } from './bench-helpers.ts';
import { loadShippings } from './shippings-load.ts';
import { seedShippingsInDatabase, type TSeedDomain } from './shippings-seed-sql.ts';

/** The share of the shippings in the signed-in administrator's domain when made inside PostgreSQL. */
const MAIN_DOMAIN_SHARE = 0.8;

type TLoader = { kind: 'copy' } | { kind: 'sql'; workers: number; log: (line: string) => void; skipIndexes?: string[] };

async function domainParts(pool: pg.Pool, domainId: string) {
  const types = await pool.query<{ id: string; serviceKind: string }>(
    `SELECT id, service_kind AS "serviceKind" FROM shipping_types WHERE domain_id = $1 AND deleted_at IS NULL ORDER BY id`,
    [domainId],
  );
  const senders = await pool.query<{ id: string; companyId: string; isSandbox: boolean }>(
    `SELECT DISTINCT ON (u.id) u.id, uc.company_id AS "companyId", u.is_sandbox AS "isSandbox"
     FROM users u JOIN user_companies uc ON uc.user_id = u.id
     WHERE u.domain_id = $1 AND u.deleted_at IS NULL ORDER BY u.id, uc.company_id`,
    [domainId],
  );
  return { types: types.rows, senders: senders.rows };
}

/** Loads the data set into the domain of `user` (a domain administrator of the demo) and says what it holds. */
export async function loadShippingsDataSet(
  pool: pg.Pool,
  user: string,
  shippings: number,
  loader: TLoader = { kind: 'copy' },
) {
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
  const main = await domainParts(pool, admin.domain_id);
  let seconds: { copy: number; indexes: number; vacuum: number };
  let skippedIndexes: string[] = [];
  if (loader.kind === 'copy') {
    seconds = (await loadShippings(pool, { domainId: admin.domain_id, ...main }, shippings)).seconds;
  } else {
    const others = await pool.query<{ id: string }>(
      'SELECT id FROM domains WHERE id <> $1 AND deleted_at IS NULL ORDER BY id',
      [admin.domain_id],
    );
    const domains: TSeedDomain[] = [{ domainId: admin.domain_id, share: MAIN_DOMAIN_SHARE, ...main }];
    for (const other of others.rows) {
      const parts = await domainParts(pool, other.id);
      if (parts.types.length > 0 && parts.senders.length > 0) domains.push({ domainId: other.id, share: 0, ...parts });
    }
    for (const domain of domains.slice(1)) domain.share = (1 - MAIN_DOMAIN_SHARE) / (domains.length - 1);
    if (domains.length === 1) domains[0]!.share = 1;
    const seeded = await seedShippingsInDatabase(pool, domains, shippings, loader);
    seconds = { copy: seeded.seconds.insert, indexes: seeded.seconds.indexes, vacuum: seeded.seconds.vacuum };
    skippedIndexes = seeded.skippedIndexes;
  }
  const counts = await pool.query<{ live: number; deleted: number; companies: number; senders: number }>(
    `SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS live, count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS deleted,
            count(DISTINCT company_id)::int AS companies, count(DISTINCT sender_id)::int AS senders
     FROM shippings WHERE domain_id = $1`,
    [admin.domain_id],
  );
  const all = await pool.query<{ shippings: number; domains: number }>(
    'SELECT count(*)::int AS shippings, count(DISTINCT domain_id)::int AS domains FROM shippings',
  );
  const size = await pool.query<{ table: string; indexes: string }>(
    `SELECT pg_size_pretty(pg_table_size('shippings')) AS table, pg_size_pretty(pg_indexes_size('shippings')) AS indexes`,
  );
  return {
    counts: {
      ...counts.rows[0]!,
      types: main.types.length,
      allShippings: all.rows[0]!.shippings,
      domains: all.rows[0]!.domains,
    },
    size: size.rows[0]!,
    skippedIndexes,
    seconds: {
      all: round((performance.now() - started) / 1000),
      copy: round(seconds.copy),
      indexes: round(seconds.indexes),
      vacuum: round(seconds.vacuum),
    },
  };
}
