import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function selectAllPreferences(db: Kysely<Database>) {
  return db.selectFrom('preferences').select(['name', 'value']).execute();
}

/** Every domain's own values (a domain without a row follows the platform's preference of the same name). */
export async function selectAllDomainPreferences(db: Kysely<Database>) {
  return db.selectFrom('domain_preferences').select(['domain_id', 'name', 'value']).execute();
}

export async function insertMissingPreferences(
  db: Kysely<Database>,
  rows: { name: string; value: string | null; description: string }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('preferences')
    .values(rows)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** The channel on which a copy tells every copy (itself included) to drop its cached preferences. */
export const PREFERENCE_CACHE_CHANNEL = 'sello_preference_cache';

export async function notifyPreferenceCacheClear(db: Kysely<Database>) {
  await sql`SELECT pg_notify(${PREFERENCE_CACHE_CHANNEL}, '')`.execute(db);
}
