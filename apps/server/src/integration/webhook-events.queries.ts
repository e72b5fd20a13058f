import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The shippings' companies' live endpoints, one row per shipping × endpoint, with the shipping as it is now. */
export async function selectShippingSubscribers(db: Kysely<Database>, shippingIds: readonly string[]) {
  return db
    .selectFrom('shippings as s')
    .innerJoin('webhook_endpoints as e', 'e.company_id', 's.company_id')
    .select([
      's.id as shippingId',
      's.company_id as companyId',
      's.state',
      's.result',
      'e.id as endpointId',
      'e.events',
    ])
    .where('s.id', 'in', shippingIds)
    .where('e.enabled', '=', true)
    .where('e.deleted_at', 'is', null)
    .execute();
}

export async function selectImportSubscribers(db: Kysely<Database>, importId: string) {
  return db
    .selectFrom('imports as i')
    .innerJoin('webhook_endpoints as e', 'e.company_id', 'i.company_id')
    .select(['i.company_id as companyId', 'i.state', 'i.created', 'i.errors', 'e.id as endpointId', 'e.events'])
    .where('i.id', '=', importId)
    .where('e.enabled', '=', true)
    .where('e.deleted_at', 'is', null)
    .execute();
}

export async function insertWebhookEvents(
  db: Kysely<Database>,
  events: readonly { id: string; companyId: string; type: string; data: Record<string, unknown> }[],
) {
  await db
    .insertInto('webhook_events')
    .values(
      events.map((event) => ({
        id: event.id,
        company_id: event.companyId,
        type: event.type,
        data: JSON.stringify(event.data),
      })),
    )
    .execute();
}
