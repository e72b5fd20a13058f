import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashToken } from './tokens.ts';

/**
 * The sign-in guards' state that security (which sets it) and administration (which shows and lifts it) share.
 * A login is stored as the SHA-256 of its lower-cased text, so the logins strangers try are not kept in clear, and a
 * login nobody has is keyed exactly like a real one.
 */
export function hashLogin(login: string): string {
  return hashToken(login.toLowerCase());
}

function loginHashSql(username: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`encode(sha256(convert_to(lower(${username}), 'UTF8')), 'hex')`;
}

/** A pair quiet (no failure, no delay running) for this long is forgotten. */
export const FORGET_SIGN_IN_FAILURES_AFTER = sql`interval '24 hours'`;

/** The wrong passwords a user's login has collected from every source and not yet forgotten. */
export function signInFailuresOf(username: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(SELECT coalesce(sum(f.failures), 0)::int FROM sign_in_failures f
    WHERE f.login_hash = ${loginHashSql(username)}
      AND coalesce(f.delayed_until, f.last_failed_at) > now() - ${FORGET_SIGN_IN_FAILURES_AFTER})`;
}

/** The users columns of an account no guard holds: no administrator's block, no lock shown, no locked factor. */
export const UNLOCKED = {
  blocked: false,
  locked_until: null,
  two_factor_failures: 0,
  two_factor_locked_until: null,
} as const;

/** Forgets the wrong passwords of a user's login from every source (an unblock lifts the delays too). */
export async function forgetUserSignInFailures(db: Kysely<Database>, userId: string) {
  await db
    .deleteFrom('sign_in_failures')
    .where('login_hash', '=', (eb) =>
      eb
        .selectFrom('users')
        .select(loginHashSql(sql.ref('username')).as('hash'))
        .where('id', '=', userId),
    )
    .execute();
}
