import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The time a window is measured against: the database's own clock, unless a test hands one in. */
function clock(at: Date | undefined) {
  return at ? sql`${at.toISOString()}::timestamptz` : sql`clock_timestamp()`;
}

/**
 * Counts one hit of `key` in its current window, opening a new window of `windowMs` when there is none
 * or the last has ended; one statement, so copies hitting the same key at once never lose a count.
 */
export async function upsertRateLimitHit(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  at?: Date,
): Promise<{ hits: number; ttlMs: number }> {
  const now = clock(at);
  const { rows } = await sql<{ hits: number; ttl_ms: string }>`
    INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
    VALUES (${key}, 1, ${now} + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN c.window_ends_at <= ${now} THEN 1 ELSE c.hits + 1 END,
      window_ends_at = CASE WHEN c.window_ends_at <= ${now} THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
    RETURNING hits, ceil(extract(epoch FROM (window_ends_at - ${now})) * 1000)::bigint AS ttl_ms`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('rate-limit upsert returned no row');
  return { hits: row.hits, ttlMs: Math.max(0, Number(row.ttl_ms)) };
}

/** The current count of `key` without counting (0 when its window has ended). */
export async function selectRateLimitHits(
  db: Kysely<Database>,
  key: string,
  at?: Date,
): Promise<{ hits: number; ttlMs: number }> {
  const now = clock(at);
  const { rows } = await sql<{ hits: number; ttl_ms: string }>`
    SELECT hits, ceil(extract(epoch FROM (window_ends_at - ${now})) * 1000)::bigint AS ttl_ms
      FROM rate_limit_counters WHERE key = ${key} AND window_ends_at > ${now}`.execute(db);
  const row = rows[0];
  return row ? { hits: row.hits, ttlMs: Math.max(0, Number(row.ttl_ms)) } : { hits: 0, ttlMs: 0 };
}

/** Forgets the windows that ended more than a minute ago. */
export async function deleteEndedRateLimitWindows(db: Kysely<Database>, at?: Date): Promise<void> {
  await sql`DELETE FROM rate_limit_counters WHERE window_ends_at < ${clock(at)} - interval '1 minute'`.execute(db);
}

/** Ends the window of `key` (a successful sign-in may forgive earlier attempts, for example). */
export async function deleteRateLimitKey(db: Kysely<Database>, key: string): Promise<void> {
  await sql`DELETE FROM rate_limit_counters WHERE key = ${key}`.execute(db);
}
