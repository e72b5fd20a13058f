import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

const ENDPOINT_COLUMNS = [
  'id',
  'company_id as companyId',
  'url',
  'events',
  'enabled',
  'created_at as createdAt',
] as const;

export type TWebhookEndpointRow = NonNullable<Awaited<ReturnType<typeof selectWebhookEndpoint>>>;

export async function selectWebhookEndpoints(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function selectWebhookEndpoint(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertWebhookEndpoint(
  db: Kysely<Database>,
  row: { companyId: string; url: string; events: string[]; sealed: Buffer; keyId: string; createdBy: string },
) {
  const { id } = await db
    .insertInto('webhook_endpoints')
    .values({
      company_id: row.companyId,
      url: row.url,
      events: row.events,
      secret_sealed: row.sealed,
      secret_key_id: row.keyId,
      created_by: row.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateWebhookSecret(db: Kysely<Database>, id: string, sealed: Buffer, keyId: string) {
  await db
    .updateTable('webhook_endpoints')
    .set({ secret_sealed: sealed, secret_key_id: keyId })
    .where('id', '=', id)
    .execute();
}

export async function deleteWebhookEndpoint(db: Kysely<Database>, id: string) {
  await db.updateTable('webhook_endpoints').set({ deleted_at: sql`now()` }).where('id', '=', id).execute();
}
