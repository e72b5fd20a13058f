import { type Kysely, sql } from 'kysely';
import { definePreparedQuery } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';

const KEY_COLUMNS = [
  'k.id',
  'k.company_id as companyId',
  'k.name',
  'k.scopes',
  'k.prefix',
  'u.username as createdBy',
  'k.created_at as createdAt',
  'k.last_used_at as lastUsedAt',
  'k.revoked_at as revokedAt',
] as const;

export type TApiKeyRow = Awaited<ReturnType<typeof selectApiKeys>>[number];

/** The company a key is made for, with its domain, when it is live. */
export async function selectLiveCompany(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'domain_id as domainId'])
    .where('id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function selectApiKeys(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .select(KEY_COLUMNS)
    .where('k.company_id', '=', companyId)
    .orderBy('k.id')
    .execute();
}

export async function selectApiKey(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .select(KEY_COLUMNS)
    .where('k.id', '=', id)
    .executeTakeFirst();
}

export async function insertApiKey(
  db: Kysely<Database>,
  row: { companyId: string; name: string; scopes: string[]; secretHash: string; prefix: string; createdBy: string },
) {
  const { id } = await db
    .insertInto('api_keys')
    .values({
      company_id: row.companyId,
      name: row.name,
      scopes: row.scopes,
      secret_hash: row.secretHash,
      prefix: row.prefix,
      created_by: row.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A live key's new secret; the rotating administrator becomes its creator. Answers false for a revoked key. */
export async function updateApiKeySecret(
  db: Kysely<Database>,
  id: string,
  values: { secretHash: string; prefix: string; createdBy: string },
) {
  const result = await db
    .updateTable('api_keys')
    .set({
      secret_hash: values.secretHash,
      prefix: values.prefix,
      created_by: values.createdBy,
      rotated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes a live key; answers false when it was revoked already (nothing changes). */
export async function revokeApiKey(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A live key by its secret's hash, with its company's domain and its creator as the principal is built from; none
 * when the key is revoked, its company or domain is gone or inactive, or its creator may no longer sign in.
 */
const selectKeyCallerRows = definePreparedQuery('sello_api_key_caller', (db, secretHash: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('companies as c', 'c.id', 'k.company_id')
    .innerJoin('domains as d', 'd.id', 'c.domain_id')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id as keyId',
      'k.company_id as companyId',
      'k.scopes',
      'c.domain_id as companyDomainId',
      'u.id as userId',
      'u.username',
      'u.domain_id as domainId',
      'u.roles',
      'u.permissions',
      'u.is_sandbox as isSandbox',
      'u.language',
      sql<boolean>`EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = u.id AND uc.company_id = k.company_id)`.as(
        'creatorInCompany',
      ),
    ])
    .where('k.secret_hash', '=', secretHash)
    .where('k.revoked_at', 'is', null)
    .where('c.deleted_at', 'is', null)
    .where('d.deleted_at', 'is', null)
    .where('d.active', '=', true)
    .where('u.deleted_at', 'is', null)
    .where('u.active', '=', true)
    .where('u.blocked', '=', false)
    .limit(1),
);

export async function selectKeyCaller(db: Kysely<Database>, secretHash: string) {
  return (await selectKeyCallerRows(db, secretHash))[0];
}

/** Records a key's use, at most once a minute (a busy key writes its row once a minute, not per call). */
export async function touchApiKey(db: Kysely<Database>, id: string) {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]),
    )
    .execute();
}
