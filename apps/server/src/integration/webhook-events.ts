import { randomUUID } from 'node:crypto';
import type { TWebhookEvent } from '@sello/contracts/catalogue/integration-webhooks';
import type { ResultFilter, ShippingStateFilter } from '@sello/contracts/enums';
import type { ShippingAction } from '@sello/contracts/shipping-lifecycle';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { WEBHOOK_JOBS } from '../platform/job-catalogue.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { insertWebhookEvents, selectImportSubscribers, selectShippingSubscribers } from './webhook-events.queries.ts';

/** One shipping's move as the transitions know it; `from` null is its creation. */
export type TShippingMove = {
  shippingId: string;
  from: ShippingStateFilter | null;
  to: ShippingStateFilter;
  action?: ShippingAction | 'opened';
  result?: ResultFilter | null;
};

const FAILED_RESULTS: readonly (ResultFilter | null | undefined)[] = ['error', 'pin_error', 'exceeded_ocr_tries'];

/** What a company's systems are told of one move (none, one or several events). */
export function webhookEventsOf(move: TShippingMove): TWebhookEvent[] {
  if (move.from === null) return ['shipping.created'];
  if (move.action === 'opened') return ['shipping.read'];
  const events: TWebhookEvent[] = [];
  const entered = (state: ShippingStateFilter) => move.from !== state && move.to === state;
  if (entered('sent')) events.push('shipping.sent');
  if (move.action === 'deliver' || move.action === 'certifiedDelivered' || move.action === 'courierDelivered')
    events.push('shipping.delivered');
  if (move.action === 'accept' || (move.action === 'certifiedDelivered' && move.result === 'accepted'))
    events.push('shipping.accepted');
  if (move.action === 'reject') events.push('shipping.rejected');
  if (entered('not_send_error') || (move.action !== 'certify' && FAILED_RESULTS.includes(move.result)))
    events.push('shipping.failed');
  if (move.action === 'certify') events.push('shipping.certificate_ready');
  if (entered('closed')) events.push('shipping.closed');
  return events;
}

const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

type TFact = { companyId: string; type: TWebhookEvent; data: Record<string, unknown> };

/** Writes the events and queues their first attempt to every endpoint that wants them, all within `trx`. */
async function recordFacts(
  trx: Kysely<Database>,
  jobs: TJobQueue,
  facts: readonly TFact[],
  endpoints: readonly { companyId: string; endpointId: string; events: string[] }[],
): Promise<void> {
  const events: { id: string; companyId: string; type: string; data: Record<string, unknown> }[] = [];
  const deliveries: { eventId: string; endpointId: string; attempt: number }[] = [];
  for (const fact of facts) {
    const wanting = endpoints.filter((e) => e.companyId === fact.companyId && e.events.includes(fact.type));
    if (wanting.length === 0) continue;
    const id = newEventId();
    events.push({ id, ...fact });
    for (const endpoint of wanting) deliveries.push({ eventId: id, endpointId: endpoint.endpointId, attempt: 1 });
  }
  if (events.length === 0) return;
  await insertWebhookEvents(trx, events);
  await jobs.sendMany(WEBHOOK_JOBS.deliver, deliveries, { within: trx });
}

/**
 * Records the webhook events of shippings' moves in the transaction that makes them (shippings/state-follow-ups.ts):
 * an event exists, and is delivered, exactly when its fact commits. Only events some endpoint wants are written.
 */
export async function recordShippingWebhookEvents(
  trx: Kysely<Database>,
  jobs: TJobQueue,
  moves: readonly TShippingMove[],
): Promise<void> {
  const typed = moves.map((move) => ({ move, types: webhookEventsOf(move) })).filter(({ types }) => types.length);
  if (typed.length === 0) return;
  const subscribers = await selectShippingSubscribers(
    trx,
    typed.map(({ move }) => move.shippingId),
  );
  if (subscribers.length === 0) return;
  const companyOf = new Map(subscribers.map((row) => [row.shippingId, row]));
  const facts = typed.flatMap(({ move, types }) => {
    const shipping = companyOf.get(move.shippingId);
    if (!shipping) return [];
    const data = {
      shippingId: Number(move.shippingId),
      companyId: Number(shipping.companyId),
      state: shipping.state,
      result: shipping.result,
    };
    return types.map((type) => ({ companyId: shipping.companyId, type, data }));
  });
  await recordFacts(trx, jobs, facts, subscribers);
}

/** Records `import.finished` in the transaction that finishes the import. */
export async function recordImportFinished(trx: Kysely<Database>, jobs: TJobQueue, importId: string): Promise<void> {
  const subscribers = await selectImportSubscribers(trx, importId);
  const first = subscribers[0];
  if (!first) return;
  const data = {
    importId: Number(importId),
    companyId: Number(first.companyId),
    state: first.state,
    created: first.created,
    errors: first.errors,
  };
  await recordFacts(trx, jobs, [{ companyId: first.companyId, type: 'import.finished', data }], subscribers);
}
