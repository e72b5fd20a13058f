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

/**
 * A token refresh in one statement and one commit (`refreshToken` runs on every console's timer): the old session is
 * marked rotated and shortened to the grace period, so requests already in flight still succeed, and the new one is
 * inserted only when the old one had not been rotated before. Under the row lock, of two refreshes with one token
 * only the first inserts.
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
          .set({
            expires_at: sql`least(expires_at, now() + make_interval(secs => ${graceSeconds}))`,
            rotated_at: sql`now()`,
          })
          .where('id', '=', oldSessionId)
          .where('rotated_at', 'is', null)
          .returning('id'),
      )
      .insertInto('sessions')
      .columns(['token_hash', 'user_id', 'expires_at', 'ip', 'user_agent'])
      .expression((eb) =>
        eb
          .selectFrom('shortened')
          .select([
            sql<string>`${tokenHash}::text`.as('token_hash'),
            sql<string>`${userId}::bigint`.as('user_id'),
            sql<Date>`${expiresAt}::timestamptz`.as('expires_at'),
            sql<string | null>`${ip}::text`.as('ip'),
            sql<string | null>`${userAgent}::text`.as('user_agent'),
          ]),
      )
      .returning('id'),
);

/** Answers whether the session was rotated: false when its token had been rotated out already. */
export async function rotateSession(
  db: Kysely<Database>,
  old: { sessionId: string; graceSeconds: number },
  row: { tokenHash: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<boolean> {
  const inserted = await rotateSessionRows(
    db,
    old.sessionId,
    old.graceSeconds,
    row.tokenHash,
    row.userId,
    row.expiresAt,
    row.ip,
    row.userAgent,
  );
  return inserted.length > 0;
}

export async function deleteExpiredSessions(db: Kysely<Database>) {
  await db.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
