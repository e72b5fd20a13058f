import type { TBatchResult } from '@sello/contracts/catalogue/shippings-actions';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { DENY_OUTCOMES, type TDenyOutcome } from '@sello/contracts/shipping-situations';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { manageVisibility, recordVisibility, type TShippingVisibility } from './shipping-access.ts';
import {
  decideAuthorisation,
  expireOpenAuthorisations,
  hasDecidedInRound,
  insertAuthorisations,
  selectExpiredAuthorisationIds,
  selectOpenAuthorisations,
  selectRoundSlots,
  selectTypeAuthDeadlineHours,
} from './shipping-authorisations.queries.ts';
import { lockShipping, type TLockedShipping } from './shipping-lifecycle.queries.ts';
import { reviewShipping } from './shipping-review.ts';
import { applyTransition, assertAllowed, contextOf, eventTime } from './shipping-transitions.ts';

type Trx = Transaction<Database>;

export type TDenyInput = { stateCom: string; resultCom: string; comment?: string };

/** `stateCom` and `resultCom` must name the outcome of a denial in the transition table (DENY_OUTCOMES). */
function assertDenyOutcome(input: TDenyInput): TDenyOutcome {
  const outcome = DENY_OUTCOMES.find((row) => row.stateCom === input.stateCom && row.resultCom === input.resultCom);
  if (outcome) return outcome;
  const fields: Record<string, ErrorKey> = {};
  if (!DENY_OUTCOMES.some((row) => row.stateCom === input.stateCom)) fields.stateCom = 'ERR_FIELD_INVALID';
  if (!DENY_OUTCOMES.some((row) => row.resultCom === input.resultCom) || !fields.stateCom) {
    fields.resultCom = 'ERR_FIELD_INVALID';
  }
  throw new ApiError(400, 'ERR_VALIDATION', fields);
}

export function createShippingActions(db: Kysely<Database>, jobs: TJobQueue) {
  /** Runs `work` on one locked shipping the visibility reaches, in its own transaction; 404 otherwise. */
  function onShipping<T>(
    visibility: TShippingVisibility,
    id: number,
    work: (trx: Trx, shipping: TLockedShipping) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      const shipping = await lockShipping(trx, visibility, String(id));
      if (!shipping) throw notFound();
      return work(trx, shipping);
    });
  }

  /**
   * The pending authorisation the user fills: their own, else one of a group they belong to. A user
   * decides once per round and never on a shipping they sent.
   */
  async function takeAuthorisation(trx: Trx, shipping: TLockedShipping, principal: TPrincipal) {
    const open = await selectOpenAuthorisations(trx, shipping.id, shipping.authRound, principal.userId);
    const mine = open.find((slot) => slot.mine);
    const decided = await hasDecidedInRound(trx, shipping.id, shipping.authRound, principal.userId);
    if (!mine || decided || shipping.senderId === principal.userId) throw new ApiError(409, 'ERR_NOT_AUTHORISER');
    return { slot: mine, othersPending: open.length > 1 };
  }

  async function authorizeOne(principal: TPrincipal, id: number, comment: string | null) {
    await onShipping(recordVisibility(principal), id, async (trx, shipping) => {
      if (shipping.state === 'to_review') return reviewShipping(trx, jobs, principal, shipping, 'submit', comment);
      assertAllowed(shipping, 'authorize', contextOf(shipping, true));
      const { slot, othersPending } = await takeAuthorisation(trx, shipping, principal);
      const at = eventTime();
      await decideAuthorisation(trx, slot.id, { decision: 'authorized', userId: principal.userId, at, comment });
      await applyTransition(trx, jobs, shipping, 'authorize', principal.userId, {
        othersPending,
        reason: comment,
        details: { authorisation: Number(slot.id), round: shipping.authRound },
      });
    });
  }

  async function deny(principal: TPrincipal, id: number, input: TDenyInput) {
    const outcome = assertDenyOutcome(input);
    const comment = input.comment || null;
    await onShipping(recordVisibility(principal), id, async (trx, shipping) => {
      // The outcome named must be the one of the shipping's state: a refusal awaiting authorisation, a
      // supervisor's rejection under review.
      if (!(outcome.from as readonly string[]).includes(shipping.state)) assertAllowed(shipping, outcome.action);
      if (outcome.action === 'supervisorReject') {
        if (!comment) throw new ApiError(400, 'ERR_VALIDATION', { comment: 'ERR_FIELD_REQUIRED' });
        return reviewShipping(trx, jobs, principal, shipping, 'supervisorReject', comment);
      }
      assertAllowed(shipping, 'deny');
      const { slot } = await takeAuthorisation(trx, shipping, principal);
      const at = eventTime();
      await decideAuthorisation(trx, slot.id, { decision: 'denied', userId: principal.userId, at, comment });
      await applyTransition(trx, jobs, shipping, 'deny', principal.userId, {
        reason: comment,
        details: { authorisation: Number(slot.id), round: shipping.authRound },
      });
    });
  }

  async function retry(principal: TPrincipal, id: number) {
    await onShipping(manageVisibility(principal), id, async (trx, shipping) => {
      assertAllowed(shipping, 'retry');
      if (shipping.state !== 'auths_expired') {
        await applyTransition(trx, jobs, shipping, 'retry', principal.userId);
        return;
      }
      // A new authorisation period: the same authorisers, a new round, a new deadline.
      const round = shipping.authRound + 1;
      const hours = await selectTypeAuthDeadlineHours(trx, shipping.typeId);
      const deadline = new Date(Date.now() + hours * 3_600_000);
      const slots = await selectRoundSlots(trx, shipping.id, shipping.authRound);
      await insertAuthorisations(trx, shipping.id, round, slots, deadline);
      await applyTransition(trx, jobs, shipping, 'retry', principal.userId, {
        authRound: round,
        authDeadlineAt: deadline,
        details: { round, authorisations: slots.length },
      });
      shipping.authRound = round;
    });
  }

  async function remove(principal: TPrincipal, id: number) {
    await onShipping(manageVisibility(principal), id, (trx, shipping) =>
      applyTransition(trx, jobs, shipping, 'delete', principal.userId),
    );
  }

  async function recover(principal: TPrincipal, id: number) {
    await onShipping(manageVisibility(principal), id, (trx, shipping) =>
      applyTransition(trx, jobs, shipping, 'recover', principal.userId),
    );
  }

  /** Each shipping in its own transaction: the ones that can change do, the others say why not. */
  async function batch(ids: readonly number[], act: (id: number) => Promise<void>): Promise<TBatchResult> {
    const result: TBatchResult = { succeeded: [], failed: [] };
    for (const id of new Set(ids)) {
      try {
        await act(id);
        result.succeeded.push(id);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        result.failed.push({ requestId: id, key: error.key });
      }
    }
    return result;
  }

  /**
   * The sender withdraws a shipping: one still queued closes at once (`cancelled_by_sender`); one
   * travelling waits in `cancel_pending` for its channel to confirm (delivery/cancel-confirm.ts).
   */
  async function cancel(principal: TPrincipal, id: number) {
    await onShipping(manageVisibility(principal), id, (trx, shipping) =>
      applyTransition(trx, jobs, shipping, 'cancel', principal.userId),
    );
  }

  /**
   * Moves every shipping whose authorisation deadline has passed to `auths_expired` (the job queue of
   * the delivery side calls this on a schedule). Answers the ids it expired.
   */
  async function expireAuthorisations(now = new Date(), limit = 500): Promise<number[]> {
    const expired: number[] = [];
    for (const id of await selectExpiredAuthorisationIds(db, now, limit)) {
      await db.transaction().execute(async (trx) => {
        const shipping = await lockShipping(trx, null, id);
        // Decided, deleted or moved on since the look-up: nothing to expire.
        if (!shipping || shipping.deletedAt !== null) return;
        if (shipping.state !== 'pending_auth' && shipping.state !== 'auths_pending_user') return;
        await expireOpenAuthorisations(trx, shipping.id, shipping.authRound, eventTime());
        await applyTransition(trx, jobs, shipping, 'authExpire', null, { details: { round: shipping.authRound } });
        expired.push(Number(id));
      });
    }
    return expired;
  }

  return {
    authorizeOne,
    deny,
    retry,
    cancel,
    remove,
    recover,
    expireAuthorisations,
    authorize: (principal: TPrincipal, ids: readonly number[], comment: string | null) =>
      batch(ids, (id) => authorizeOne(principal, id, comment)),
    denyList: (principal: TPrincipal, ids: readonly number[], input: TDenyInput) => {
      assertDenyOutcome(input);
      return batch(ids, (id) => deny(principal, id, input));
    },
    retryList: (principal: TPrincipal, ids: readonly number[]) => batch(ids, (id) => retry(principal, id)),
    deleteList: (principal: TPrincipal, ids: readonly number[]) => batch(ids, (id) => remove(principal, id)),
  };
}
