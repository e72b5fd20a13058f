import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Keeps the user's draft of a form (replacing the one before), live for `keepDays`. */
export async function upsertDraft(
  db: Kysely<Database>,
  draft: { userId: string; form: string; payload: string; keepDays: number },
): Promise<void> {
  const expiresAt = sql<Date>`now() + make_interval(days => ${draft.keepDays})`;
  await db
    .insertInto('form_drafts')
    .values({ user_id: draft.userId, form: draft.form, payload: draft.payload, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'form'])
        .doUpdateSet({ payload: draft.payload, saved_at: sql`now()`, expires_at: expiresAt }),
    )
    .execute();
}

/** Drops the user's drafts beyond the newest `keep`. */
export async function deleteOldestDrafts(db: Kysely<Database>, userId: string, keep: number): Promise<void> {
  await db
    .deleteFrom('form_drafts')
    .where('user_id', '=', userId)
    .where(
      'form',
      'not in',
      db.selectFrom('form_drafts').select('form').where('user_id', '=', userId).orderBy('saved_at', 'desc').limit(keep),
    )
    .execute();
}

export async function deleteDraft(db: Kysely<Database>, userId: string, form: string): Promise<void> {
  await db.deleteFrom('form_drafts').where('user_id', '=', userId).where('form', '=', form).execute();
}

/** Drafts past their time, whoever they belong to. */
export async function deleteExpiredDrafts(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('form_drafts').where('expires_at', '<=', sql<Date>`now()`).execute();
}

export async function selectLiveDrafts(db: Kysely<Database>, userId: string, form: string | undefined) {
  let query = db
    .selectFrom('form_drafts')
    .select(['form', 'payload', 'saved_at as savedAt'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`);
  if (form !== undefined) query = query.where('form', '=', form);
  return query.orderBy('saved_at', 'desc').execute();
}
