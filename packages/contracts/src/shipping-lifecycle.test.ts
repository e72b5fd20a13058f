import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESULT_FILTERS, SHIPPING_STATE_FILTERS } from './enums.ts';
import {
  allowedUserActions,
  applyAction,
  DELETABLE_STATES,
  initialLifecycle,
  SHIPPING_ACTIONS,
  type ShippingAction,
  type TLifecycle,
  type TLifecycleContext,
  TRANSITIONS,
} from './shipping-lifecycle.ts';

const contextArb = fc.record({ requiresAuth: fc.boolean(), needsReview: fc.boolean(), othersPending: fc.boolean() });
const stepArb = fc.record({ action: fc.constantFrom(...SHIPPING_ACTIONS), context: contextArb });
const startArb = fc.oneof(
  contextArb.map((context) => initialLifecycle(context)),
  fc.constant<TLifecycle>({ state: 'pending_import', result: null, deleted: false }),
);

/** Invariants of a lifecycle, whatever happened before. */
function checkInvariants(lifecycle: TLifecycle): void {
  expect(SHIPPING_STATE_FILTERS).toContain(lifecycle.state);
  if (lifecycle.result !== null) expect(RESULT_FILTERS).toContain(lifecycle.result);
  const { state, result } = lifecycle;
  if (
    ['pending_import', 'to_review', 'pending_auth', 'auths_pending_user', 'pending_to_send', 'sent'].includes(state)
  ) {
    expect(result).toBeNull();
  }
  if (state === 'in_course') expect([null, 'custody_in_course']).toContain(result);
  if (state === 'no_auth') expect(result).toBe('authorizer_reject');
  if (state === 'auths_expired') expect(result).toBe('not_send');
  if (state === 'not_send_error') expect(result).toBe('error');
  if (['closed', 'pending_cert', 'pending_cert_postal'].includes(state)) expect(result).not.toBeNull();
  if (lifecycle.deleted) expect(DELETABLE_STATES).toContain(state);
}

type TEvent = { action: ShippingAction; from: TLifecycle; to: TLifecycle };

describe('shipping lifecycle (property)', () => {
  it('random sequences of actions never leave the table and record one event per accepted action', () => {
    fc.assert(
      fc.property(startArb, fc.array(stepArb, { maxLength: 60 }), (start, steps) => {
        let current = start;
        const events: TEvent[] = [];
        let accepted = 0;
        for (const { action, context } of steps) {
          const next = applyAction(current, action, context);
          if (next === null) continue;
          accepted++;
          events.push({ action, from: current, to: next });
          current = next;
          checkInvariants(current);
        }
        expect(events).toHaveLength(accepted);
        // The events chain: each one starts where the previous one ended.
        for (let index = 1; index < events.length; index++) expect(events[index]!.from).toEqual(events[index - 1]!.to);
      }),
      { numRuns: 2000 },
    );
  });

  it('a closed shipping never changes again except being deleted and recovered', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RESULT_FILTERS), stepArb, (result, { action, context }) => {
        const next = applyAction({ state: 'closed', result, deleted: false }, action, context);
        if (next !== null) {
          expect(action).toBe('delete');
          expect(next).toEqual({ state: 'closed', result, deleted: true });
        }
      }),
    );
  });

  it('a deleted shipping only accepts recover, which restores it unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DELETABLE_STATES), stepArb, (state, { action, context }) => {
        const deleted: TLifecycle = { state, result: state === 'no_auth' ? 'authorizer_reject' : null, deleted: true };
        const next = applyAction(deleted, action, context);
        if (action === 'recover') expect(next).toEqual({ ...deleted, deleted: false });
        else expect(next).toBeNull();
      }),
    );
  });
});

describe('shipping lifecycle (table)', () => {
  const contexts: TLifecycleContext[] = [false, true].flatMap((requiresAuth) =>
    [false, true].flatMap((needsReview) =>
      [false, true].map((othersPending) => ({ requiresAuth, needsReview, othersPending })),
    ),
  );

  it('every state of spec §4 is reachable from a new or imported shipping', () => {
    const key = (lifecycle: TLifecycle) => JSON.stringify(lifecycle);
    const seen = new Map<string, TLifecycle>();
    const queue: TLifecycle[] = [
      initialLifecycle({ requiresAuth: false }),
      initialLifecycle({ requiresAuth: true }),
      { state: 'pending_import', result: null, deleted: false },
    ];
    while (queue.length > 0) {
      const current = queue.shift()!;
      if (seen.has(key(current))) continue;
      seen.set(key(current), current);
      for (const action of SHIPPING_ACTIONS) {
        for (const context of contexts) {
          const next = applyAction(current, action, context);
          if (next && !seen.has(key(next))) queue.push(next);
        }
      }
    }
    const states = new Set([...seen.values()].map((lifecycle) => lifecycle.state));
    expect([...states].sort()).toEqual([...SHIPPING_STATE_FILTERS].sort());
    const results = new Set([...seen.values()].map((lifecycle) => lifecycle.result).filter(Boolean));
    expect([...results].sort()).toEqual([...RESULT_FILTERS].sort());
  });

  it('never has two rows for the same state, action and context', () => {
    for (const context of contexts) {
      for (const state of SHIPPING_STATE_FILTERS) {
        for (const action of SHIPPING_ACTIONS) {
          const rows = TRANSITIONS.filter(
            (row) =>
              row.action === action &&
              row.from.includes(state) &&
              row.fromResults === undefined &&
              (row.when ?? []).every((condition) =>
                condition.startsWith('!')
                  ? !context[condition.slice(1) as keyof TLifecycleContext]
                  : context[condition as keyof TLifecycleContext],
              ),
          );
          expect(rows.length, `${state} × ${action}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('starts a shipping waiting for authorisation only when its type needs it', () => {
    expect(initialLifecycle({ requiresAuth: true }).state).toBe('pending_auth');
    expect(initialLifecycle({ requiresAuth: false }).state).toBe('pending_to_send');
  });

  it('waits for the other authorisers before sending', () => {
    const pending: TLifecycle = { state: 'pending_auth', result: null, deleted: false };
    const first = applyAction(pending, 'authorize', { requiresAuth: true, needsReview: false, othersPending: true });
    expect(first?.state).toBe('auths_pending_user');
    const last = applyAction(first!, 'authorize', { requiresAuth: true, needsReview: false, othersPending: false });
    expect(last?.state).toBe('pending_to_send');
    expect(applyAction(pending, 'deny')).toEqual({ state: 'no_auth', result: 'authorizer_reject', deleted: false });
  });

  it('offers the console the actions of each state', () => {
    expect(allowedUserActions({ state: 'pending_auth', result: null, deleted: false })).toEqual([
      'authorize',
      'deny',
      'delete',
    ]);
    expect(allowedUserActions({ state: 'not_send_error', result: 'error', deleted: false })).toEqual([
      'retry',
      'delete',
    ]);
    expect(allowedUserActions({ state: 'in_course', result: null, deleted: false })).toEqual(['cancel']);
    expect(allowedUserActions({ state: 'closed', result: 'accepted', deleted: true })).toEqual(['recover']);
    expect(allowedUserActions({ state: 'sent', result: null, deleted: false })).toEqual(['cancel']);
  });

  it('ends a custody only after it started, and a running custody takes no other answer', () => {
    const delivered = applyAction(applyAction(initialLifecycle({ requiresAuth: false }), 'dispatch')!, 'deliver')!;
    expect(applyAction(delivered, 'custodyEnd')).toBeNull();
    const custody = applyAction(delivered, 'custodyStart')!;
    expect(custody).toEqual({ state: 'in_course', result: 'custody_in_course', deleted: false });
    for (const action of ['accept', 'reject', 'expire', 'pinFailed', 'custodyStart'] as const) {
      expect(applyAction(custody, action)).toBeNull();
    }
    expect(applyAction(custody, 'custodyEnd')).toEqual({
      state: 'pending_cert',
      result: 'custody_in_course',
      deleted: false,
    });
  });

  it('refuses to retry, authorise or delete a shipping that is travelling', () => {
    const sent: TLifecycle = { state: 'sent', result: null, deleted: false };
    for (const action of ['retry', 'authorize', 'deny', 'delete', 'recover'] as const)
      expect(applyAction(sent, action)).toBeNull();
  });

  it('closes a certified e-mail or SMS on the provider delivery report, only while it is sent', () => {
    const sent = applyAction(initialLifecycle({ requiresAuth: false }), 'dispatch')!;
    expect(applyAction(sent, 'certifiedDelivered')).toEqual({
      state: 'pending_cert',
      result: 'accepted',
      deleted: false,
    });
    const inCourse = applyAction(sent, 'deliver')!;
    for (const state of [inCourse, initialLifecycle({ requiresAuth: false }), applyAction(sent, 'dispatchFailed')!]) {
      expect(applyAction(state, 'certifiedDelivered')).toBeNull();
    }
  });
});
