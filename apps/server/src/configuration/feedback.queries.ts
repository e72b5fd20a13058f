import type { Insertable } from 'kysely';
import { type Kysely, sql } from 'kysely';
import type { Database, FeedbackTable } from '../db/schema.ts';

export async function insertFeedback(db: Kysely<Database>, row: Insertable<FeedbackTable>) {
  return db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function markFeedbackMailed(db: Kysely<Database>, id: string) {
  await db.updateTable('feedback').set({ mailed_at: sql`now()` }).where('id', '=', id).execute();
}
