import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isVisible } from './shipping-access.queries.ts';
import type { TShippingVisibility } from './shipping-access.ts';

type Trx = Transaction<Database>;

/** What a transition needs of a shipping (`shippings as s`): its lifecycle, authorisation round and chain head. */
export const LOCKED_SHIPPING_COLUMNS = [
  's.id',
  's.domain_id as domainId',
  's.type_id as typeId',
  's.sender_id as senderId',
  's.state',
  's.result',
  's.deleted_at as deletedAt',
  's.requires_auth as requiresAuth',
  's.needs_review as needsReview',
  's.auth_round as authRound',
  's.event_count as eventCount',
  's.last_event_hash as lastEventHash',
] as const;

/** The shipping, locked for the rest of the transaction, when the visibility reaches it. */
export async function lockShipping(trx: Trx, visibility: TShippingVisibility | null, id: string) {
  return trx
    .selectFrom('shippings as s')
    .select(LOCKED_SHIPPING_COLUMNS)
    .where('s.id', '=', id)
    .$if(visibility !== null, (query) => query.where(isVisible(visibility!)))
    .forUpdate()
    .executeTakeFirst();
}
export type TLockedShipping = NonNullable<Awaited<ReturnType<typeof lockShipping>>>;

export type TLifecycleUpdate = {
  id: string;
  state: string;
  result: string | null;
  deleted: boolean;
  deletedBy: string | null;
  at: Date;
  eventCount: number;
  lastEventHash: string;
  /** Written only when given (undefined keeps the column as it is; null clears it). */
  authRound?: number;
  authDeadlineAt?: Date | null;
  responseDeadlineAt?: Date;
  custodyUntil?: Date | null;
  situationReason?: string | null;
  situationCode?: string | null;
};

/** The columns of TLifecycleUpdate that are written only when given. */
const OPTIONAL_LIFECYCLE_COLUMNS = {
  authRound: 'auth_round',
  authDeadlineAt: 'auth_deadline_at',
  responseDeadlineAt: 'response_deadline_at',
  custodyUntil: 'custody_until',
  situationReason: 'situation_reason',
  situationCode: 'situation_code',
} as const;

/**
 * Writes the lifecycle and chain head of many shippings in one statement (one run of the kept counts'
 * trigger). Each row carries the names of the optional columns it sets in `sets`.
 */
export async function updateLifecycles(trx: Trx, updates: readonly TLifecycleUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const rows = updates.map((update) => ({
    id: update.id,
    state: update.state,
    result: update.result,
    deleted: update.deleted,
    deleted_by: update.deletedBy,
    at: update.at.toISOString(),
    event_count: update.eventCount,
    last_event_hash: update.lastEventHash,
    auth_round: update.authRound ?? null,
    auth_deadline_at: update.authDeadlineAt?.toISOString() ?? null,
    response_deadline_at: update.responseDeadlineAt?.toISOString() ?? null,
    custody_until: update.custodyUntil?.toISOString() ?? null,
    situation_reason: update.situationReason ?? null,
    situation_code: update.situationCode ?? null,
    sets: Object.entries(OPTIONAL_LIFECYCLE_COLUMNS)
      .filter(([key]) => update[key as keyof typeof OPTIONAL_LIFECYCLE_COLUMNS] !== undefined)
      .map(([, column]) => column),
  }));
  await sql`
    UPDATE shippings AS s SET
      state = v.state,
      result = v.result,
      updated_at = v.at,
      event_count = v.event_count,
      last_event_hash = v.last_event_hash,
      deleted_at = CASE WHEN v.deleted THEN coalesce(s.deleted_at, v.at) END,
      deleted_by = CASE WHEN v.deleted THEN coalesce(s.deleted_by, v.deleted_by) END,
      auth_round = CASE WHEN 'auth_round' = ANY (v.sets) THEN v.auth_round ELSE s.auth_round END,
      auth_deadline_at = CASE WHEN 'auth_deadline_at' = ANY (v.sets) THEN v.auth_deadline_at ELSE s.auth_deadline_at END,
      response_deadline_at =
        CASE WHEN 'response_deadline_at' = ANY (v.sets) THEN v.response_deadline_at ELSE s.response_deadline_at END,
      custody_until = CASE WHEN 'custody_until' = ANY (v.sets) THEN v.custody_until ELSE s.custody_until END,
      situation_reason =
        CASE WHEN 'situation_reason' = ANY (v.sets) THEN v.situation_reason ELSE s.situation_reason END,
      situation_code = CASE WHEN 'situation_code' = ANY (v.sets) THEN v.situation_code ELSE s.situation_code END
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
      id bigint, state text, result text, deleted boolean, deleted_by bigint, at timestamptz, event_count int,
      last_event_hash text, auth_round int, auth_deadline_at timestamptz, response_deadline_at timestamptz,
      custody_until timestamptz, situation_reason text, situation_code text, sets text[])
    WHERE s.id = v.id`.execute(trx);
}

export type TNewEvent = {
  shippingId: string;
  seq: number;
  at: Date;
  actorUserId: string | null;
  action: string;
  from: { state: string; result: string | null; deleted: boolean } | null;
  to: { state: string; result: string | null; deleted: boolean };
  reason: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
};

/** Appends events to their shippings' chains, in one statement (a batch of 2,000 is one parameter, not 32,000). */
export async function insertEvents(trx: Trx, events: readonly TNewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => ({
    shipping_id: event.shippingId,
    seq: event.seq,
    at: event.at.toISOString(),
    actor_kind: event.actorUserId === null ? 'system' : 'user',
    actor_user_id: event.actorUserId,
    action: event.action,
    from_state: event.from?.state ?? null,
    from_result: event.from?.result ?? null,
    from_deleted: event.from?.deleted ?? null,
    to_state: event.to.state,
    to_result: event.to.result,
    to_deleted: event.to.deleted,
    reason: event.reason,
    details: event.details,
    prev_hash: event.prevHash,
    hash: event.hash,
  }));
  await sql`INSERT INTO shipping_events (shipping_id, seq, at, actor_kind, actor_user_id, action, from_state,
      from_result, from_deleted, to_state, to_result, to_deleted, reason, details, prev_hash, hash)
    SELECT shipping_id, seq, at, actor_kind, actor_user_id, action, from_state, from_result, from_deleted, to_state,
      to_result, to_deleted, reason, details, prev_hash, hash
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(shipping_id bigint, seq int, at timestamptz,
      actor_kind text, actor_user_id bigint, action text, from_state text, from_result text, from_deleted boolean,
      to_state text, to_result text, to_deleted boolean, reason text, details jsonb, prev_hash text, hash text)`.execute(
    trx,
  );
}

/** Moves a shipping's chain head to its newest event (an event that changes no state). */
export async function moveChainHead(trx: Trx, shippingId: string, seq: number, hash: string): Promise<void> {
  await trx
    .updateTable('shippings')
    .set({ event_count: seq, last_event_hash: hash })
    .where('id', '=', shippingId)
    .execute();
}
