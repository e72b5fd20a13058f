import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/** Stores a new link of a user; every earlier unused link of the user stops working. */
export async function insertRecoveryLink(
  db: Db,
  row: {
    userId: string;
    purpose: 'welcome' | 'reset' | 'recovery';
    recoveryHash: string;
    loginHash: string;
    createdBy: string | null;
    expiresAt: Date;
  },
) {
  await voidUserLinks(db, row.userId);
  await db
    .insertInto('password_recovery_tokens')
    .values({
      user_id: row.userId,
      purpose: row.purpose,
      recovery_token_hash: row.recoveryHash,
      login_token_hash: row.loginHash,
      created_by: row.createdBy,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function voidUserLinks(db: Db, userId: string) {
  await db
    .updateTable('password_recovery_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * The unused, unexpired link of a recovery-token hash with its user, who must still be able to sign
 * in (live, active, of a live and active domain). `forUpdate` locks the link row for a single use.
 */
export async function selectLiveLink(db: Db, recoveryHash: string, forUpdate = false) {
  let query = db
    .selectFrom('password_recovery_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .select([
      't.id as linkId',
      't.login_token_hash as loginHash',
      't.change_token_hash as changeHash',
      't.change_expires_at as changeExpiresAt',
      'u.id as userId',
      'u.domain_id as domainId',
      'u.username',
      'u.email',
      'u.language',
      'u.roles',
    ])
    .where('t.recovery_token_hash', '=', recoveryHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('u.deleted_at', 'is', null)
    .where('u.active', '=', true)
    .where('d.deleted_at', 'is', null)
    .where('d.active', '=', true);
  if (forUpdate) query = query.forUpdate('t');
  return query.executeTakeFirst();
}

export async function setChangeToken(db: Db, linkId: string, changeHash: string, expiresAt: Date) {
  await db
    .updateTable('password_recovery_tokens')
    .set({ change_token_hash: changeHash, change_expires_at: expiresAt })
    .where('id', '=', linkId)
    .execute();
}

/** Records a `pwdrecover` call and answers how many the login and the address made in the last hour. */
export async function recordRecoverRequest(db: Db, loginHash: string, ip: string) {
  // Rows past the window count no more; each login clears its own.
  await db
    .deleteFrom('password_recover_requests')
    .where('login_hash', '=', loginHash)
    .where('created_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  await db.insertInto('password_recover_requests').values({ login_hash: loginHash, ip }).execute();
  const row = await db
    .selectFrom('password_recover_requests')
    .select([
      sql<number>`count(*) FILTER (WHERE login_hash = ${loginHash})::int`.as('byLogin'),
      sql<number>`count(*) FILTER (WHERE ip = ${ip})::int`.as('byIp'),
    ])
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .where((eb) => eb.or([eb('login_hash', '=', loginHash), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  return row;
}

/** The user a `pwdrecover` login names, when that user could sign in after choosing a password. */
export async function selectRecoverableUser(db: Db, login: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .select(['u.id', 'u.domain_id as domainId', 'u.username', 'u.email', 'u.language'])
    .where(sql`lower(u.username)`, '=', login.toLowerCase())
    .where('u.deleted_at', 'is', null)
    .where('u.active', '=', true)
    .where('d.deleted_at', 'is', null)
    .where('d.active', '=', true)
    .executeTakeFirst();
}
