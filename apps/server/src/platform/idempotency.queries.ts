import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

type TRequestKey = { owner: string; endpoint: string; key: string };

/** Claims a key for a first call; answers false when the key is already there (and still within its 24 hours). */
export async function claimIdempotencyKey(db: Kysely<Database>, id: TRequestKey, bodyHash: string): Promise<boolean> {
  // A claim older than 24 hours is over: it is replaced in the same statement.
  const { rows } = await sql<{ claimed: boolean }>`
    INSERT INTO idempotent_requests AS r (owner, endpoint, idempotency_key, body_hash)
    VALUES (${id.owner}, ${id.endpoint}, ${id.key}, ${bodyHash})
    ON CONFLICT (owner, endpoint, idempotency_key) DO UPDATE
      SET body_hash = EXCLUDED.body_hash, status = NULL, answer = NULL, created_at = now()
      WHERE r.created_at < now() - interval '24 hours'
    RETURNING true AS claimed`.execute(db);
  return rows.length > 0;
}

export async function selectIdempotentRequest(db: Kysely<Database>, id: TRequestKey) {
  return db
    .selectFrom('idempotent_requests')
    .select(['body_hash as bodyHash', 'status', 'answer'])
    .where('owner', '=', id.owner)
    .where('endpoint', '=', id.endpoint)
    .where('idempotency_key', '=', id.key)
    .executeTakeFirst();
}

export async function recordIdempotentAnswer(db: Kysely<Database>, id: TRequestKey, answer: unknown) {
  await db
    .updateTable('idempotent_requests')
    .set({ status: 200, answer: JSON.stringify(answer ?? null) })
    .where('owner', '=', id.owner)
    .where('endpoint', '=', id.endpoint)
    .where('idempotency_key', '=', id.key)
    .execute();
}

export async function releaseIdempotencyKey(db: Kysely<Database>, id: TRequestKey) {
  await db
    .deleteFrom('idempotent_requests')
    .where('owner', '=', id.owner)
    .where('endpoint', '=', id.endpoint)
    .where('idempotency_key', '=', id.key)
    .execute();
}

export async function deleteExpiredIdempotentRequests(db: Kysely<Database>) {
  await db.deleteFrom('idempotent_requests').where('created_at', '<', sql<Date>`now() - interval '24 hours'`).execute();
}
