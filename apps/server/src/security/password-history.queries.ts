import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/**
 * The hashes of the user's last `count` passwords, the current one first. The current one comes from
 * the user row: a password set outside the history (a seed, an administrator's reset) counts too.
 */
export async function selectRecentPasswordHashes(db: Db, userId: string, count: number): Promise<string[]> {
  const current = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  const rows = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  const hashes = [current?.password_hash, ...rows.map((row) => row.password_hash)].filter(
    (hash): hash is string => hash !== undefined,
  );
  return [...new Set(hashes)].slice(0, count);
}

/** Sets the password, records it in the history and keeps only the last `keep` entries there. */
export async function storeNewPassword(db: Db, userId: string, passwordHash: string, keep: number) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
  await db.insertInto('password_history').values({ user_id: userId, password_hash: passwordHash }).execute();
  await db
    .deleteFrom('password_history')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db.selectFrom('password_history').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(keep),
    )
    .execute();
}

/** Ends every session of the user but `keepSessionId` (the one changing its own password); answers how many. */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string | null): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '<>', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
