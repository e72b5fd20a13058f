import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/**
 * Queues an export unless the user already has `maxInCourse` pending or running (answers null then). A per-user
 * advisory lock makes the count and the insert one step, so parallel requests cannot all slip under the cap.
 */
export async function insertExportJob(db: Db, userId: string, request: Record<string, unknown>, maxInCourse: number) {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('export_jobs'), ${Number(userId)}::int)`.execute(trx);
    const { inCourse } = await trx
      .selectFrom('export_jobs')
      .select((eb) => eb.fn.countAll<string>().as('inCourse'))
      .where('user_id', '=', userId)
      .where('state', 'in', ['pending', 'running'])
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    if (Number(inCourse) >= maxInCourse) return null;
    return trx
      .insertInto('export_jobs')
      .values({ user_id: userId, kind: 'shippings', request: JSON.stringify(request) })
      .returning([
        'id',
        'guid',
        'state',
        'row_count as rowCount',
        'created_at as createdAt',
        'finished_at as finishedAt',
      ])
      .executeTakeFirstOrThrow();
  });
}

export async function selectExportJob(db: Db, userId: string, guid: string) {
  return db
    .selectFrom('export_jobs')
    .select([
      'id',
      'guid',
      'state',
      'row_count as rowCount',
      'file_key as fileKey',
      'file_name as fileName',
      'request',
      'created_at as createdAt',
      'finished_at as finishedAt',
    ])
    .where('guid', '=', guid)
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Deletes the export jobs past their expiry; answers the files they held that no other job holds. */
export async function deleteExpiredExportJobs(db: Db, now: Date): Promise<string[]> {
  const deleted = await db.deleteFrom('export_jobs').where('expires_at', '<=', now).returning('file_key').execute();
  const keys = [...new Set(deleted.flatMap((row) => (row.file_key ? [row.file_key] : [])))];
  if (keys.length === 0) return [];
  // Identical exports share one content-addressed file: keep those another job still offers.
  const kept = await db.selectFrom('export_jobs').select('file_key').where('file_key', 'in', keys).execute();
  const keptKeys = new Set(kept.map((row) => row.file_key));
  return keys.filter((key) => !keptKeys.has(key));
}

export async function markExportJob(
  db: Db,
  id: string,
  values:
    | { state: 'running' }
    | { state: 'ready'; rowCount: number; fileKey: string; fileName: string }
    | { state: 'failed'; error: string },
) {
  await db
    .updateTable('export_jobs')
    .set(
      values.state === 'running'
        ? { state: 'running', started_at: sql`now()` }
        : values.state === 'ready'
          ? {
              state: 'ready',
              row_count: values.rowCount,
              file_key: values.fileKey,
              file_name: values.fileName,
              finished_at: sql`now()`,
            }
          : { state: 'failed', error: values.error, finished_at: sql`now()` },
    )
    .where('id', '=', id)
    .execute();
}
