import type { ResultFilter, ShippingStateFilter, SituationReason } from '@sello/contracts/enums';
import {
  findTransition,
  type ShippingAction,
  type TLifecycle,
  type TLifecycleContext,
} from '@sello/contracts/shipping-lifecycle';
import { ACTION_SITUATIONS, SITUATION_CLEARING, situationCodeOf } from '@sello/contracts/shipping-situations';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { GENESIS_HASH, hashEvent, type TLifecycleSnapshot } from './event-chain.ts';
import {
  insertEvents,
  moveChainHead,
  type TLockedShipping,
  type TNewEvent,
  updateLifecycles,
} from './shipping-lifecycle.queries.ts';
import { queueStateFollowUps } from './state-follow-ups.ts';

type Trx = Transaction<Database>;

/** Who caused a transition: a user, or `null` for the system (delivery side, jobs). */
export type TActorId = string | null;

/** Timestamps of events are kept to the millisecond, so the hash recomputed from the row matches. */
export function eventTime(): Date {
  return new Date(Math.floor(Date.now()));
}

type TChainHead = { id: string; eventCount: number; lastEventHash: string | null };

type TEventDetails = Record<string, string | number | boolean | null | string[]>;

export type TEventInput = {
  at: Date;
  actor: TActorId;
  action: string;
  from: TLifecycleSnapshot | null;
  to: TLifecycleSnapshot;
  reason?: string | null;
  details?: TEventDetails;
};

/** The next event of the shipping's hash chain, with the head moved to it (nothing written yet). */
export function chainEvent(head: TChainHead, event: TEventInput): TNewEvent {
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
  head.eventCount = seq;
  head.lastEventHash = hash;
  return {
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
  };
}

/** Appends one event to the shipping's hash chain and moves the shipping's chain head to it. */
export async function appendEvent(trx: Trx, head: TChainHead, event: TEventInput): Promise<string> {
  const chained = chainEvent(head, event);
  await insertEvents(trx, [chained]);
  await moveChainHead(trx, head.id, chained.seq, chained.hash);
  return chained.hash;
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

export type TTransitionOptions = {
  othersPending?: boolean;
  reason?: string | null;
  details?: TEventDetails;
  authRound?: number;
  authDeadlineAt?: Date | null;
  /** Set with the move (the dispatch's deadlines), in the same write of the shipping. */
  responseDeadlineAt?: Date;
  custodyUntil?: Date | null;
  /** Why the shipping did not end as asked; undefined takes the action's own (shipping-situations.ts). */
  situation?: SituationReason | null;
};

/** The situation a move writes: the caller's, else the action's own; undefined keeps the current one. */
function situationAfter(action: ShippingAction, options: TTransitionOptions): SituationReason | null | undefined {
  if (options.situation !== undefined) return options.situation;
  if (SITUATION_CLEARING.includes(action)) return null;
  return ACTION_SITUATIONS[action];
}

export type TTransitionRequest = {
  shipping: TLockedShipping;
  action: ShippingAction;
  actor: TActorId;
  options?: TTransitionOptions;
};

/**
 * Moves locked shippings along the transition table, records their events and queues the work the new
 * states ask for, or throws 409 ERR_TRANSITION_NOT_ALLOWED and writes nothing. All of them are written
 * with one insert of events and one update of the shippings, so a batch (the dispatch) costs one
 * statement each, not one per shipping. A shipping may appear once.
 */
export async function applyTransitions(
  trx: Trx,
  jobs: TJobQueue,
  requests: readonly TTransitionRequest[],
): Promise<TLifecycle[]> {
  if (new Set(requests.map((request) => request.shipping.id)).size !== requests.length) {
    throw new Error('a shipping may move once per batch of transitions');
  }
  const at = eventTime();
  const moves = requests.map(({ shipping, action, actor, options = {} }) => {
    const from = lifecycleOf(shipping);
    const row = findTransition(from, action, contextOf(shipping, options.othersPending ?? false));
    if (!row) throw transitionRefused(action, from);
    const to: TLifecycle = {
      state: row.to === 'same' ? from.state : row.to,
      result: row.result === 'keep' ? from.result : row.result,
      deleted: action === 'delete' ? true : action === 'recover' ? false : from.deleted,
    };
    return { shipping, actor, options, from, to, situation: situationAfter(action, options) };
  });
  // The events first, then one write of each shipping: its lifecycle, the chain head and any deadlines.
  const events = moves.map(({ shipping, actor, options, from, to, situation }, index) =>
    chainEvent(shipping, {
      at,
      actor,
      action: requests[index]!.action,
      from,
      to,
      reason: options.reason,
      details: situation ? { ...options.details, situationReason: situation } : options.details,
    }),
  );
  await insertEvents(trx, events);
  await updateLifecycles(
    trx,
    moves.map(({ shipping, actor, options, to, situation }) => {
      return {
        id: shipping.id,
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
        situationReason: situation,
        situationCode: situation === undefined ? undefined : situation && situationCodeOf(situation),
      };
    }),
  );
  await queueStateFollowUps(
    jobs,
    trx,
    moves
      .filter(({ to }) => !to.deleted)
      .map(({ shipping, from, to }, index) => ({
        shippingId: shipping.id,
        from: from.state,
        to: to.state,
        action: requests[index]!.action,
        result: to.result,
      })),
  );
  for (const { shipping, to } of moves) {
    shipping.state = to.state;
    shipping.result = to.result;
    shipping.deletedAt = to.deleted ? (shipping.deletedAt ?? at) : null;
  }
  return moves.map((move) => move.to);
}

/** One shipping's move along the transition table (see applyTransitions). */
export async function applyTransition(
  trx: Trx,
  jobs: TJobQueue,
  shipping: TLockedShipping,
  action: ShippingAction,
  actor: TActorId,
  options: TTransitionOptions = {},
): Promise<TLifecycle> {
  const [to] = await applyTransitions(trx, jobs, [{ shipping, action, actor, options }]);
  return to!;
}
