import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashLogin, UNLOCKED } from '../platform/sign-in-guards.queries.ts';

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

/** A mail to the owner about wrong passwords goes at most this often. */
const LOCK_MAIL_EVERY = sql`interval '1 hour'`;

/**
 * A source was delayed for `minutes`: the account shows as locked to its administrators until then (or a later
 * delay). Answers whether to mail the owner: not when a lock mail went within the hour.
 */
export async function raiseAccountLock(db: Kysely<Database>, userId: string, minutes: number) {
  const mail = sql<boolean>`lock_mailed_at IS NULL OR lock_mailed_at <= now() - ${LOCK_MAIL_EVERY}`;
  const until = sql<Date>`now() + make_interval(mins => ${minutes}::int)`;
  const row = await db
    .updateTable('users')
    .set({
      locked_until: sql`greatest(locked_until, ${until})`,
      lock_mailed_at: sql`CASE WHEN ${mail} THEN now() ELSE lock_mailed_at END`,
    })
    .where('id', '=', userId)
    .returning(sql<boolean>`lock_mailed_at = now()`.as('mail'))
    .executeTakeFirst();
  return { mail: row?.mail ?? false };
}

export async function recordSuccessfulLogin(db: Kysely<Database>, userId: string) {
  await db.updateTable('users').set({ last_login_at: sql`now()` }).where('id', '=', userId).execute();
}

/**
 * Lifts every guard of a live user by login (the operator's command): an administrator's block, the delays of
 * every source and a locked second factor. Answers whether one was found.
 */
export async function unlockUserByLogin(db: Kysely<Database>, login: string): Promise<boolean> {
  const rows = await db
    .updateTable('users')
    .set({ ...UNLOCKED, updated_at: sql`now()` })
    .where(sql`lower(username)`, '=', login.toLowerCase())
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  if (rows.length > 0) await db.deleteFrom('sign_in_failures').where('login_hash', '=', hashLogin(login)).execute();
  return rows.length > 0;
}
