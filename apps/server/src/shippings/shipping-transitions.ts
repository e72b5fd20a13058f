import type { ResultFilter, ShippingStateFilter } from '@sello/contracts/enums';
import {
  findTransition,
  type ShippingAction,
  type TLifecycle,
  type TLifecycleContext,
} from '@sello/contracts/shipping-lifecycle';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { GENESIS_HASH, hashEvent, type TLifecycleSnapshot } from './event-chain.ts';
import { insertEvent, type TLockedShipping, updateLifecycle } from './shippings.queries.ts';
import { queueStateFollowUp } from './state-follow-ups.ts';

type Trx = Transaction<Database>;

/** Who caused a transition: a user, or `null` for the system (delivery side, jobs). */
export type TActorId = string | null;

/** Timestamps of events are kept to the millisecond, so the hash recomputed from the row matches. */
export function eventTime(): Date {
  return new Date(Math.floor(Date.now()));
}

type TChainHead = { id: string; eventCount: number; lastEventHash: string | null };

/** Appends one event to the shipping's hash chain. */
export async function appendEvent(
  trx: Trx,
  head: TChainHead,
  event: {
    at: Date;
    actor: TActorId;
    action: string;
    from: TLifecycleSnapshot | null;
    to: TLifecycleSnapshot;
    reason?: string | null;
    details?: Record<string, string | number | boolean | null | string[]>;
  },
  { moveHead = true }: { moveHead?: boolean } = {},
): Promise<string> {
  const seq = head.eventCount + 1;
  const prevHash = head.lastEventHash ?? GENESIS_HASH;
  const reason = event.reason ?? null;
  const details = event.details ?? {};
  const hash = hashEvent({
    shippingId: head.id,
    seq,
    at: event.at.toISOString(),
    actor: event.actor === null ? 'system' : `user:${event.actor}`,
    action: event.action,
    from: event.from,
    to: event.to,
    reason,
    details,
    prevHash,
  });
  await insertEvent(
    trx,
    {
      shippingId: head.id,
      seq,
      at: event.at,
      actorUserId: event.actor,
      action: event.action,
      from: event.from,
      to: event.to,
      reason,
      details,
      prevHash,
      hash,
    },
    moveHead,
  );
  head.eventCount = seq;
  head.lastEventHash = hash;
  return hash;
}

export function lifecycleOf(shipping: Pick<TLockedShipping, 'state' | 'result' | 'deletedAt'>): TLifecycle {
  return {
    state: shipping.state as ShippingStateFilter,
    result: shipping.result as ResultFilter | null,
    deleted: shipping.deletedAt !== null,
  };
}

export function transitionRefused(action: ShippingAction, lifecycle: TLifecycle): ApiError {
  return new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED', undefined, {
    action,
    state: lifecycle.deleted ? 'deleted' : lifecycle.state,
  });
}

/** Throws 409 ERR_TRANSITION_NOT_ALLOWED unless the table allows `action` now. */
export function assertAllowed(shipping: TLockedShipping, action: ShippingAction, context?: TLifecycleContext): void {
  const lifecycle = lifecycleOf(shipping);
  if (!findTransition(lifecycle, action, context ?? contextOf(shipping, false))) {
    throw transitionRefused(action, lifecycle);
  }
}

export function contextOf(shipping: TLockedShipping, othersPending: boolean): TLifecycleContext {
  return { requiresAuth: shipping.requiresAuth, needsReview: shipping.needsReview, othersPending };
}

/**
 * Moves a locked shipping along the transition table, records the event and queues the work the new
 * state asks for, or throws 409 ERR_TRANSITION_NOT_ALLOWED and changes nothing.
 */
export async function applyTransition(
  trx: Trx,
  jobs: TJobQueue,
  shipping: TLockedShipping,
  action: ShippingAction,
  actor: TActorId,
  options: {
    othersPending?: boolean;
    reason?: string | null;
    details?: Record<string, string | number | boolean | null | string[]>;
    authRound?: number;
    authDeadlineAt?: Date | null;
    /** Set with the move (the dispatch's deadlines), in the same write of the shipping. */
    responseDeadlineAt?: Date;
    custodyUntil?: Date | null;
  } = {},
): Promise<TLifecycle> {
  const from = lifecycleOf(shipping);
  const row = findTransition(from, action, contextOf(shipping, options.othersPending ?? false));
  if (!row) throw transitionRefused(action, from);
  const to: TLifecycle = {
    state: row.to === 'same' ? from.state : row.to,
    result: row.result === 'keep' ? from.result : row.result,
    deleted: action === 'delete' ? true : action === 'recover' ? false : from.deleted,
  };
  const at = eventTime();
  // The event first, then one write of the shipping: its lifecycle, the chain head and any deadlines.
  await appendEvent(
    trx,
    shipping,
    { at, actor, action, from, to, reason: options.reason, details: options.details },
    { moveHead: false },
  );
  await updateLifecycle(trx, shipping.id, {
    state: to.state,
    result: to.result,
    deleted: to.deleted,
    deletedBy: actor,
    at,
    authRound: options.authRound,
    authDeadlineAt: options.authDeadlineAt,
    responseDeadlineAt: options.responseDeadlineAt,
    custodyUntil: options.custodyUntil,
    eventCount: shipping.eventCount,
    lastEventHash: shipping.lastEventHash!,
  });
  if (!to.deleted) await queueStateFollowUp(jobs, trx, shipping.id, from.state, to.state);
  shipping.state = to.state;
  shipping.result = to.result;
  shipping.deletedAt = to.deleted ? (shipping.deletedAt ?? at) : null;
  return to;
}
