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
        'u.locked_until as lockedUntil',
        sql<boolean>`coalesce(u.locked_until > now(), false)`.as('locked'),
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

/**
 * Counts a failed sign-in of an account that is not locked now; the `maxAttempts`-th in a row locks it
 * for `lockMinutes`. After a lock has run out the count starts again. Answers whether this attempt locked it.
 */
export async function recordFailedLogin(
  db: Kysely<Database>,
  userId: string,
  limits: { maxAttempts: number; lockMinutes: number },
): Promise<boolean> {
  const count = sql<number>`CASE WHEN locked_until IS NOT NULL THEN 1 ELSE failed_attempts + 1 END`;
  const row = await db
    .updateTable('users')
    .set({
      failed_attempts: count,
      locked_until: sql`CASE WHEN ${count} >= ${limits.maxAttempts} THEN now() + make_interval(mins => ${limits.lockMinutes}) END`,
    })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
    .returning(sql<boolean>`coalesce(locked_until > now(), false)`.as('locked'))
    .executeTakeFirst();
  return row?.locked ?? false;
}

export async function recordSuccessfulLogin(db: Kysely<Database>, userId: string) {
  await db
    .updateTable('users')
    .set({ failed_attempts: 0, locked_until: null, last_login_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** Lifts a lock or block of a live user by login (the operator's command); answers whether one was found. */
export async function unlockUserByLogin(db: Kysely<Database>, login: string): Promise<boolean> {
  const rows = await db
    .updateTable('users')
    .set({ blocked: false, failed_attempts: 0, locked_until: null, updated_at: sql`now()` })
    .where(sql`lower(username)`, '=', login.toLowerCase())
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}
