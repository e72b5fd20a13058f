import { type Kysely, sql } from 'kysely';
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
