import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/** Takes the leases of a fetched batch for `holder`, running `seconds` from now. */
export async function takeJobLeases(
  db: Db,
  queue: string,
  jobs: readonly { id: string; data: unknown }[],
  holder: string,
  seconds: number,
): Promise<void> {
  if (jobs.length === 0) return;
  const rows = JSON.stringify(jobs.map((job) => ({ id: job.id, data: job.data ?? {} })));
  await sql`
    INSERT INTO job_leases (job_id, queue, payload, holder, lease_until)
    SELECT j.id, ${queue}, j.data, ${holder}, now() + make_interval(secs => ${seconds})
    FROM jsonb_to_recordset(${rows}::jsonb) AS j(id uuid, data jsonb)
    ON CONFLICT (job_id) DO UPDATE SET holder = EXCLUDED.holder, lease_until = EXCLUDED.lease_until`.execute(db);
}

/** The heartbeat: every lease `holder` has runs `seconds` from now again. */
export async function renewJobLeases(db: Db, holder: string, seconds: number): Promise<void> {
  await sql`UPDATE job_leases SET lease_until = now() + make_interval(secs => ${seconds}) WHERE holder = ${holder}`.execute(
    db,
  );
}

/** Drops the leases of jobs that ended (done, failed or handed back). */
export async function releaseJobLeases(db: Db, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await sql`DELETE FROM job_leases WHERE job_id = ANY(${jobIds}::uuid[])`.execute(db);
}

export type TExpiredLease = { jobId: string; queue: string; payload: object; holder: string; expiredFor: number };

/**
 * Claims up to `limit` leases that ran out (their copy stopped renewing them) and removes them in the same
 * statement, so of two copies looking at once only one takes each over.
 */
export async function claimExpiredJobLeases(db: Db, limit: number): Promise<TExpiredLease[]> {
  const { rows } = await sql<TExpiredLease>`
    DELETE FROM job_leases l
    WHERE l.job_id IN (
      SELECT job_id FROM job_leases WHERE lease_until < now()
      ORDER BY lease_until LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING l.job_id::text AS "jobId", l.queue, l.payload, l.holder,
      extract(epoch FROM now() - l.lease_until)::float8 AS "expiredFor"`.execute(db);
  return rows;
}
