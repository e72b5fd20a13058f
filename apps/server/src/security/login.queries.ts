import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

function signInUsers(db: Kysely<Database>) {
  return (
    db
      .selectFrom('users as u')
      .innerJoin('domains as d', 'd.id', 'u.domain_id')
      .select([
        'u.id',
        'u.username',
        'u.name',
        'u.email',
        'u.password_hash as passwordHash',
        'u.roles',
        'u.permissions',
        'u.language',
        'u.is_sandbox as isSandbox',
        'u.blocked',
        'u.failed_attempts as failedAttempts',
        'u.additional_fields as additionalFields',
        'u.domain_id as domainId',
        'd.name as domainName',
        sql<string | null>`coalesce(u.custom_logo, d.custom_logo)`.as('customLogo'),
        sql<boolean>`coalesce(u.password_changed_at < now() - make_interval(days => d.password_max_age_days), false)`.as(
          'passwordExpired',
        ),
      ])
      .where('u.deleted_at', 'is', null)
      .where('d.deleted_at', 'is', null)
      // Inactive users and users of inactive domains cannot sign in or keep a session.
      .where('u.active', '=', true)
      .where('d.active', '=', true)
  );
}

export async function selectUserForLogin(db: Kysely<Database>, username: string) {
  return signInUsers(db).where(sql`lower(u.username)`, '=', username.toLowerCase()).executeTakeFirst();
}

/** The same user row by id, for a sign-in finished by a second factor. */
export async function selectUserForLoginById(db: Kysely<Database>, userId: string) {
  return signInUsers(db).where('u.id', '=', userId).executeTakeFirst();
}

/** Counts a failed sign-in and blocks the account once `maxAttempts` is reached; returns whether it is now blocked. */
export async function recordFailedLogin(db: Kysely<Database>, userId: string, maxAttempts: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({
      failed_attempts: sql`failed_attempts + 1`,
      blocked: sql`blocked OR failed_attempts + 1 >= ${maxAttempts}`,
    })
    .where('id', '=', userId)
    .returning('blocked')
    .executeTakeFirstOrThrow();
  return row.blocked;
}

export async function recordSuccessfulLogin(db: Kysely<Database>, userId: string) {
  await db
    .updateTable('users')
    .set({ failed_attempts: 0, last_login_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}
