import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The events and the endpoints a batch of attempts goes to, keyed `eventId endpointId` (none when either is gone):
 * one read for the whole batch.
 */
export async function selectDeliveryTargets(
  db: Kysely<Database>,
  pairs: readonly { eventId: string; endpointId: string }[],
) {
  const rows = await db
    .selectFrom('webhook_events as v')
    .innerJoin('webhook_endpoints as e', 'e.company_id', 'v.company_id')
    .select([
      'v.id as eventId',
      'v.type',
      'v.data',
      'v.created_at as eventAt',
      'e.id as endpointId',
      'e.company_id as companyId',
      'e.url',
      'e.secret_sealed as secretSealed',
      'e.enabled',
      'e.last_success_at as lastSuccessAt',
    ])
    .where('v.id', 'in', [...new Set(pairs.map((pair) => pair.eventId))])
    .where('e.id', 'in', [...new Set(pairs.map((pair) => pair.endpointId))])
    .where('e.deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [`${row.eventId} ${row.endpointId}`, row]));
}

export type TDeliveryAttempt = {
  eventId: string;
  endpointId: string;
  attempt: number;
  manual: boolean;
  succeeded: boolean;
  responseStatus: number | null;
  latencyMs: number;
  responseExcerpt: string;
  error: string | null;
};

export async function insertDeliveries(db: Kysely<Database>, rows: readonly TDeliveryAttempt[]) {
  await db
    .insertInto('webhook_deliveries')
    .values(
      rows.map((row) => ({
        event_id: row.eventId,
        endpoint_id: row.endpointId,
        attempt: row.attempt,
        manual: row.manual,
        succeeded: row.succeeded,
        response_status: row.responseStatus,
        latency_ms: row.latencyMs,
        response_excerpt: row.responseExcerpt,
        error: row.error,
      })),
    )
    .execute();
}

/** Records that the endpoint took a delivery, at most once a minute (a busy endpoint's row is not a hot spot). */
export async function markEndpointSucceeded(db: Kysely<Database>, id: string) {
  await db
    .updateTable('webhook_endpoints')
    .set({ last_success_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_success_at', 'is', null), eb('last_success_at', '<', sql<Date>`now() - interval '1 minute'`)]),
    )
    .execute();
}

/** Enables or disables an endpoint; answers whether it changed. */
export async function updateEndpointEnabled(db: Kysely<Database>, id: string, enabled: boolean) {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled, disabled_at: enabled ? null : sql`now()` })
    .where('id', '=', id)
    .where('enabled', '=', !enabled)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The company and the live users of its domain who may administer it, for the mail of a disabled endpoint. */
export async function selectCompanyPeople(db: Kysely<Database>, companyId: string) {
  const company = await db
    .selectFrom('companies')
    .select(['name', 'domain_id as domainId'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) return null;
  const users = await db
    .selectFrom('users as u')
    .select([
      'u.email',
      'u.language',
      'u.roles',
      'u.domain_id as domainId',
      sql<boolean>`EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = u.id AND uc.company_id = ${companyId})`.as(
        'inCompany',
      ),
    ])
    .where('u.domain_id', '=', company.domainId)
    .where('u.deleted_at', 'is', null)
    .where('u.active', '=', true)
    .execute();
  return { company, users };
}

export async function selectDeliveries(db: Kysely<Database>, endpointId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id as eventId',
      'v.type as eventType',
      'd.attempt',
      'd.manual',
      'd.succeeded',
      'd.response_status as responseStatus',
      'd.latency_ms as latencyMs',
      'd.response_excerpt as responseExcerpt',
      'd.error',
      'd.attempted_at as attemptedAt',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** A logged delivery with the attempt a new one of the same event to the same endpoint gets. */
export async function selectDeliveryForResend(db: Kysely<Database>, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .select([
      'd.event_id as eventId',
      'd.endpoint_id as endpointId',
      sql<number>`(SELECT max(o.attempt) + 1 FROM webhook_deliveries o
        WHERE o.event_id = d.event_id AND o.endpoint_id = d.endpoint_id)`.as('nextAttempt'),
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}
