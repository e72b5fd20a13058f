import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { JOBS_SCHEMA } from './jobs.ts';

/** Waiting jobs counted per queue at most: a scrape stays cheap however long a backlog grows. */
export const QUEUE_DEPTH_CAP = 10_000;

export type TQueueDepth = { queue: string; depth: number; oldestSeconds: number | null };

/**
 * Per queue: the jobs waiting (created or retrying, capped at QUEUE_DEPTH_CAP) and how long the oldest one that is
 * due has been due (null when none is). Reads pg-boss's own index of waiting jobs (name, priority, created_on).
 */
export async function selectQueueDepths(db: Kysely<Database>): Promise<TQueueDepth[]> {
  const schema = sql.id(JOBS_SCHEMA);
  const result = await sql<TQueueDepth>`
    SELECT q.name AS queue, w.depth,
      extract(epoch FROM now() - w.oldest)::float8 AS "oldestSeconds"
    FROM ${schema}.queue q
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS depth, min(s.start_after) FILTER (WHERE s.start_after <= now()) AS oldest
      FROM (
        SELECT j.start_after FROM ${schema}.job j
        WHERE j.name = q.name AND j.state < 'active' AND NOT j.blocked
        LIMIT ${QUEUE_DEPTH_CAP}
      ) s
    ) w
    ORDER BY q.name`.execute(db);
  return result.rows;
}
