import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function selectAllPreferences(db: Kysely<Database>) {
  return db.selectFrom('preferences').select(['name', 'value']).execute();
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
