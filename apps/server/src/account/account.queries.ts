import { type Kysely, sql } from 'kysely';
import { definePreparedQuery } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';

export async function selectAccount(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .select([
      'u.id',
      'u.username',
      'u.name',
      'u.email',
      'u.language',
      'u.roles',
      'u.password_hash as passwordHash',
      'u.password_changed_at as passwordChangedAt',
      'd.name as domainName',
    ])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The account as `account/users/read` shows it, its companies included: one prepared statement per call. */
const selectAccountViewRows = definePreparedQuery('sello_account_view', (db, userId: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .select([
      'u.id',
      'u.username',
      'u.name',
      'u.email',
      'u.language',
      'u.roles',
      'u.password_changed_at as passwordChangedAt',
      'd.name as domainName',
      sql<{ id: string; name: string }[]>`coalesce((
          SELECT json_agg(json_build_object('id', c.id::text, 'name', c.name) ORDER BY c.name)
            FROM user_companies uc JOIN companies c ON c.id = uc.company_id
           WHERE uc.user_id = u.id AND c.deleted_at IS NULL), '[]'::json)`.as('companies'),
    ])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null),
);

export async function selectAccountView(db: Kysely<Database>, userId: string) {
  return (await selectAccountViewRows(db, userId))[0];
}

export async function selectUserCompanies(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user_companies as uc')
    .innerJoin('companies as c', 'c.id', 'uc.company_id')
    .select(['c.id', 'c.name'])
    .where('uc.user_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.name')
    .execute();
}

export async function updateAccountRow(
  db: Kysely<Database>,
  userId: string,
  values: { name: string; email: string; passwordHash?: string },
) {
  await db
    .updateTable('users')
    .set({
      name: values.name,
      email: values.email,
      updated_at: sql`now()`,
      ...(values.passwordHash && { password_hash: values.passwordHash, password_changed_at: sql`now()` }),
    })
    .where('id', '=', userId)
    .execute();
}

export async function updateLanguageRow(db: Kysely<Database>, userId: string, language: string) {
  await db.updateTable('users').set({ language, updated_at: sql`now()` }).where('id', '=', userId).execute();
}
