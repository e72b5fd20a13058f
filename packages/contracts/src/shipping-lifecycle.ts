import type { ResultFilter, ShippingStateFilter } from './enums.ts';

/**
 * The shipping state machine: one pure transition table over the states and results of spec §4.
 * The server refuses any action the table does not allow; the console reads it to enable actions.
 * Every transition chosen here is explained in docs/decisions/shippings.md.
 */

/** Actions people take from the console. */
export const USER_ACTIONS = [
  'submit',
  'authorize',
  'deny',
  'retry',
  'cancel',
  'supervisorReject',
  'delete',
  'recover',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** Events the delivery side reports (channels, recipient pages, deadlines, certificate jobs). */
export const SYSTEM_EVENTS = [
  'importValidated',
  'dispatch',
  'dispatchFailed',
  'dispatchRefused',
  'deliver',
  'certifiedDelivered',
  'accept',
  'reject',
  'pinFailed',
  'expire',
  'authExpire',
  'custodyStart',
  'custodyEnd',
  'ocrExceeded',
  'courierDelivered',
  'courierFailed',
  'cancelConfirmed',
  'certify',
] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

export type ShippingAction = UserAction | SystemEvent;
export const SHIPPING_ACTIONS: readonly ShippingAction[] = [...USER_ACTIONS, ...SYSTEM_EVENTS];

export type TLifecycle = { state: ShippingStateFilter; result: ResultFilter | null; deleted: boolean };

/** Facts about the shipping that decide between two targets of the same action. */
export type TLifecycleContext = {
  /** Its type needs authorisation before it is sent. */
  requiresAuth: boolean;
  /** It came from an import that asks the sender to review it first. */
  needsReview: boolean;
  /** Other authorisers still have to approve after this one. */
  othersPending: boolean;
};

export const DEFAULT_CONTEXT: TLifecycleContext = { requiresAuth: false, needsReview: false, othersPending: false };

type TCondition = keyof TLifecycleContext | `!${keyof TLifecycleContext}`;

export type TTransition = {
  from: readonly ShippingStateFilter[];
  action: ShippingAction;
  /** 'same' keeps the state (delete, recover, custody start). */
  to: ShippingStateFilter | 'same';
  /** The result after the transition: a value, `null` to clear it, or 'keep'. */
  result: ResultFilter | null | 'keep';
  /** The row applies only when every condition holds. */
  when?: readonly TCondition[];
  /** The row applies only when the current result is one of these. */
  fromResults?: readonly (ResultFilter | null)[];
};

/** States a shipping can be soft-deleted in: nothing is travelling, nothing is being certified. */
export const DELETABLE_STATES: readonly ShippingStateFilter[] = [
  'pending_import',
  'to_review',
  'pending_auth',
  'auths_pending_user',
  'no_auth',
  'auths_expired',
  'not_send_error',
  'closed',
];

const AWAITING_AUTH: readonly ShippingStateFilter[] = ['pending_auth', 'auths_pending_user'];
const TRAVELLING: readonly ShippingStateFilter[] = ['sent', 'in_course'];
/** The recipient has not answered yet (a running custody is an answer: it ends with custodyEnd). */
const UNANSWERED: readonly (ResultFilter | null)[] = [null];

export const TRANSITIONS: readonly TTransition[] = [
  // Imports and review
  { from: ['pending_import'], action: 'importValidated', to: 'to_review', result: null, when: ['needsReview'] },
  {
    from: ['pending_import'],
    action: 'importValidated',
    to: 'pending_auth',
    result: null,
    when: ['!needsReview', 'requiresAuth'],
  },
  {
    from: ['pending_import'],
    action: 'importValidated',
    to: 'pending_to_send',
    result: null,
    when: ['!needsReview', '!requiresAuth'],
  },
  { from: ['to_review'], action: 'submit', to: 'pending_auth', result: null, when: ['requiresAuth'] },
  { from: ['to_review'], action: 'submit', to: 'pending_to_send', result: null, when: ['!requiresAuth'] },
  { from: ['to_review'], action: 'supervisorReject', to: 'closed', result: 'supervisor_reject' },
  // Sender-side authorisation
  { from: AWAITING_AUTH, action: 'authorize', to: 'auths_pending_user', result: null, when: ['othersPending'] },
  { from: AWAITING_AUTH, action: 'authorize', to: 'pending_to_send', result: null, when: ['!othersPending'] },
  { from: AWAITING_AUTH, action: 'deny', to: 'no_auth', result: 'authorizer_reject' },
  { from: AWAITING_AUTH, action: 'authExpire', to: 'auths_expired', result: 'not_send' },
  // Dispatch
  { from: ['pending_to_send'], action: 'dispatch', to: 'sent', result: null },
  { from: ['pending_to_send'], action: 'dispatchFailed', to: 'not_send_error', result: 'error' },
  { from: ['not_send_error'], action: 'retry', to: 'pending_to_send', result: null },
  { from: ['auths_expired'], action: 'retry', to: 'pending_auth', result: null },
  { from: ['pending_to_send'], action: 'cancel', to: 'closed', result: 'cancelled_by_sender' },
  // The recipient's side
  { from: ['sent'], action: 'deliver', to: 'in_course', result: null },
  { from: ['sent'], action: 'dispatchFailed', to: 'pending_cert', result: 'error' },
  // The channel refused the recipient when the access message was handed over: nothing reached anyone.
  { from: ['sent'], action: 'dispatchRefused', to: 'not_send_error', result: 'error' },
  // Certified e-mail and SMS have no recipient page: the provider's delivery report to every receiver
  // is the evidence, so it closes them.
  { from: ['sent'], action: 'certifiedDelivered', to: 'pending_cert', result: 'accepted' },
  { from: TRAVELLING, action: 'accept', fromResults: UNANSWERED, to: 'pending_cert', result: 'accepted' },
  { from: TRAVELLING, action: 'reject', fromResults: UNANSWERED, to: 'pending_cert', result: 'deny' },
  { from: TRAVELLING, action: 'pinFailed', fromResults: UNANSWERED, to: 'pending_cert', result: 'pin_error' },
  {
    from: TRAVELLING,
    action: 'ocrExceeded',
    fromResults: UNANSWERED,
    to: 'pending_cert',
    result: 'exceeded_ocr_tries',
  },
  { from: TRAVELLING, action: 'expire', fromResults: UNANSWERED, to: 'pending_cert', result: 'timeout' },
  { from: ['in_course'], action: 'custodyStart', fromResults: UNANSWERED, to: 'same', result: 'custody_in_course' },
  { from: ['in_course'], action: 'custodyEnd', fromResults: ['custody_in_course'], to: 'pending_cert', result: 'keep' },
  // Postal: the courier reports, then its proof of delivery is collected. The receiver may have opened the
  // online copy the letter offers first (`in_course`): the courier's result still decides.
  {
    from: TRAVELLING,
    action: 'courierDelivered',
    fromResults: UNANSWERED,
    to: 'pending_cert_postal',
    result: 'accepted',
  },
  { from: TRAVELLING, action: 'courierFailed', fromResults: UNANSWERED, to: 'pending_cert_postal', result: 'error' },
  // Cancelling something already travelling waits for the channel to confirm
  { from: TRAVELLING, action: 'cancel', to: 'cancel_pending', result: 'keep' },
  { from: ['cancel_pending'], action: 'cancelConfirmed', to: 'pending_cert', result: 'cancelled_by_sender' },
  { from: ['cancel_pending'], action: 'accept', fromResults: UNANSWERED, to: 'pending_cert', result: 'accepted' },
  { from: ['cancel_pending'], action: 'reject', fromResults: UNANSWERED, to: 'pending_cert', result: 'deny' },
  // Evidence produced: the shipping closes with the result it has
  { from: ['pending_cert', 'pending_cert_postal'], action: 'certify', to: 'closed', result: 'keep' },
  // Soft delete and recovery keep the state
  { from: DELETABLE_STATES, action: 'delete', to: 'same', result: 'keep' },
];

function holds(condition: TCondition, context: TLifecycleContext): boolean {
  return condition.startsWith('!')
    ? !context[condition.slice(1) as keyof TLifecycleContext]
    : context[condition as keyof TLifecycleContext];
}

/** The row that applies, or undefined when the table does not allow the action. */
export function findTransition(
  current: TLifecycle,
  action: ShippingAction,
  context: TLifecycleContext = DEFAULT_CONTEXT,
): TTransition | undefined {
  if (action === 'recover') {
    return current.deleted ? { from: [current.state], action, to: 'same', result: 'keep' } : undefined;
  }
  // A deleted shipping only comes back; nothing else happens to it.
  if (current.deleted) return undefined;
  return TRANSITIONS.find(
    (row) =>
      row.action === action &&
      row.from.includes(current.state) &&
      (row.fromResults === undefined || row.fromResults.includes(current.result)) &&
      (row.when ?? []).every((condition) => holds(condition, context)),
  );
}

/** The lifecycle after `action`, or null when the action is not allowed now. */
export function applyAction(
  current: TLifecycle,
  action: ShippingAction,
  context: TLifecycleContext = DEFAULT_CONTEXT,
): TLifecycle | null {
  const row = findTransition(current, action, context);
  if (!row) return null;
  return {
    state: row.to === 'same' ? current.state : row.to,
    result: row.result === 'keep' ? current.result : row.result,
    deleted: action === 'delete' ? true : action === 'recover' ? false : current.deleted,
  };
}

/** The console actions a user may take now (whatever the context decides about the target). */
export function allowedUserActions(current: TLifecycle): UserAction[] {
  return USER_ACTIONS.filter((action) =>
    [DEFAULT_CONTEXT, { requiresAuth: true, needsReview: false, othersPending: true }].some(
      (context) => findTransition(current, action, context) !== undefined,
    ),
  );
}

/**
 * The console's name of a table action: a shipping under review is submitted with `authorize` and
 * rejected by its supervisor with `deny` (spec §4 lists no other actions).
 */
export function detailActionOf(action: UserAction): Exclude<UserAction, 'submit' | 'supervisorReject'> {
  if (action === 'submit') return 'authorize';
  if (action === 'supervisorReject') return 'deny';
  return action;
}

/** Where a new shipping starts: waiting for authorisation when its type needs it, otherwise queued. */
export function initialLifecycle(context: Pick<TLifecycleContext, 'requiresAuth'>): TLifecycle {
  return { state: context.requiresAuth ? 'pending_auth' : 'pending_to_send', result: null, deleted: false };
}

/** States in which a shipping has its final result. */
export const FINAL_STATES: readonly ShippingStateFilter[] = ['closed', 'no_auth', 'auths_expired'];
