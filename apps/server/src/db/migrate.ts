import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');
/** Any constant: every server copy takes the same advisory lock, so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_305_113;

/** Applies the pending `migrations/*.sql` files in name order, each in its own transaction. */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  // Its own connection, without the pool's statement and read timeouts: a migration may build an index over
  // millions of rows, or wait for another copy's migration lock.
  const { statement_timeout: _statement, query_timeout: _query, ...options } = pool.options;
  const client = new pg.Client(options);
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // Only when missing: a copy working as the app role (no CREATE) starts when the owner has migrated already.
    const exists = await client.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS found");
    if (!exists.rows[0]?.found) {
      await client.query(
        'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
    }
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}
