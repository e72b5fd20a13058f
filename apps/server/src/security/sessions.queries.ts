import { type Kysely, sql } from 'kysely';
import { definePreparedQuery } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';

export async function insertSession(
  db: Kysely<Database>,
  row: { tokenHash: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  return db
    .insertInto('sessions')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      expires_at: row.expiresAt,
      ip: row.ip,
      user_agent: row.userAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The live session of a token hash with its user and the user's account fields, or undefined when expired, revoked or the user is gone. */
const selectLiveSessionRows = definePreparedQuery('sello_live_session', (db, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .select([
      's.id as sessionId',
      's.expires_at as expiresAt',
      'u.id as userId',
      'u.username',
      'u.domain_id as domainId',
      'u.roles',
      'u.permissions',
      'u.is_sandbox as isSandbox',
      'u.language',
      // The account's own fields ride along, so `account/users/read` needs no second round trip.
      'u.name',
      'u.email',
      'u.password_changed_at as passwordChangedAt',
      'd.name as domainName',
      sql<{ id: string; name: string }[]>`coalesce((
          SELECT json_agg(json_build_object('id', c.id::text, 'name', c.name) ORDER BY c.name)
            FROM user_companies uc JOIN companies c ON c.id = uc.company_id
           WHERE uc.user_id = u.id AND c.deleted_at IS NULL), '[]'::json)`.as('companies'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.deleted_at', 'is', null)
    .where('u.blocked', '=', false)
    .where('d.deleted_at', 'is', null)
    // Inactive users and users of inactive domains cannot sign in or keep a session.
    .where('u.active', '=', true)
    .where('d.active', '=', true)
    .limit(1),
);

export async function selectLiveSession(db: Kysely<Database>, tokenHash: string) {
  return (await selectLiveSessionRows(db, tokenHash))[0];
}

export async function revokeSession(db: Kysely<Database>, sessionId: string) {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).execute();
}

/** Lets a rotated-out token live a few more seconds so requests already in flight still succeed. */
/**
 * A token refresh in one statement and one commit: the new session is inserted and the old one shortened to
 * the grace period (`refreshToken` runs on every console's timer).
 */
const rotateSessionRows = definePreparedQuery(
  'sello_rotate_session',
  (
    db,
    oldSessionId: string,
    graceSeconds: number,
    tokenHash: string,
    userId: string,
    expiresAt: Date,
    ip: string | null,
    userAgent: string | null,
  ) =>
    db
      .with('shortened', (cte) =>
        cte
          .updateTable('sessions')
          .set({ expires_at: sql`least(expires_at, now() + make_interval(secs => ${graceSeconds}))` })
          .where('id', '=', oldSessionId)
          .returning('id'),
      )
      .insertInto('sessions')
      .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, ip, user_agent: userAgent })
      .returning('id'),
);

export async function rotateSession(
  db: Kysely<Database>,
  old: { sessionId: string; graceSeconds: number },
  row: { tokenHash: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await rotateSessionRows(
    db,
    old.sessionId,
    old.graceSeconds,
    row.tokenHash,
    row.userId,
    row.expiresAt,
    row.ip,
    row.userAgent,
  );
}

export async function deleteExpiredSessions(db: Kysely<Database>) {
  await db.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
