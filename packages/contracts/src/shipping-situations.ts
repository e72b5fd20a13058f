import {
  type Channel,
  type ResultFilter,
  type ShippingStateFilter,
  SITUATION_CODES,
  SITUATION_REASONS,
  type SituationCode,
  type SituationReason,
} from './enums.ts';
import { RECIPIENT_REJECT_REASONS } from './portal-limits.ts';
import type { ShippingAction } from './shipping-lifecycle.ts';

/**
 * Situation reasons and codes (spec §4): why a shipping did not end as asked. The transition that causes
 * one sets it (docs/decisions/shippings.md "Situations"); a retry clears it; a success leaves none.
 */

/** A code reads as the reason in the same position of spec §4 (docs/decisions/console.md "Situation codes"). */
export function situationCodeOf(reason: SituationReason): SituationCode {
  return SITUATION_CODES[SITUATION_REASONS.indexOf(reason)]!;
}

export { RECIPIENT_REJECT_REASONS };
export type RecipientRejectReason = (typeof RECIPIENT_REJECT_REASONS)[number] & SituationReason;

/** What became of a message the provider reported on (delivery side). */
export type TFailedDelivery = { outcome: 'failed' | 'unknown'; channel: Channel | string };

/** The reason of a failed delivery: an SMS or WhatsApp not received, a wrong address, or no answer from the provider. */
export function deliveryFailureReason(failure: TFailedDelivery): SituationReason {
  if (failure.outcome === 'unknown') return 'TECHNICAL_PROBLEMS';
  return failure.channel === 'sms' || failure.channel === 'whatsapp' ? 'SMS_NOT_RECEIVED' : 'RCPT_INVALID';
}

/** The reason an action sets by itself (others take theirs from what happened, or set none). */
export const ACTION_SITUATIONS: Partial<Record<ShippingAction, SituationReason>> = {
  deny: 'OTHER_REASONS',
  supervisorReject: 'OTHER_REASONS',
  cancel: 'OTHER_REASONS',
  cancelConfirmed: 'OTHER_REASONS',
  authExpire: 'OPTION_ZERO',
  expire: 'OPTION_ZERO',
  pinFailed: 'USER_NO_TOKENS_AVAILABLE',
  ocrExceeded: 'DOCUMENT_DATA_INVALID',
  reject: 'NOT_DOCUMENT_AGREE',
  dispatchFailed: 'TECHNICAL_PROBLEMS',
  courierFailed: 'RCPT_INVALID',
};

/** Actions that start over: the situation of the failure before is cleared. */
export const SITUATION_CLEARING: readonly ShippingAction[] = ['retry', 'submit'];

/**
 * What a denial leaves a shipping in (spec §3 `stateCom`/`resultCom`), by the state it is denied in: an
 * authoriser's refusal before dispatch, or a supervisor's rejection of an imported shipping under review.
 */
export const DENY_OUTCOMES = [
  {
    from: ['pending_auth', 'auths_pending_user'],
    action: 'deny',
    stateCom: 'no_auth',
    resultCom: 'authorizer_reject',
  },
  { from: ['to_review'], action: 'supervisorReject', stateCom: 'closed', resultCom: 'supervisor_reject' },
] as const satisfies readonly {
  from: readonly ShippingStateFilter[];
  action: ShippingAction;
  stateCom: ShippingStateFilter;
  resultCom: ResultFilter;
}[];
export type TDenyOutcome = (typeof DENY_OUTCOMES)[number];

export function denyOutcomeOf(state: string): TDenyOutcome | undefined {
  return DENY_OUTCOMES.find((outcome) => (outcome.from as readonly string[]).includes(state));
}

/**
 * Results that end a shipping without the recipient taking delivery: the service calls for a non-report
 * (a sealed statement of what was tried and why it did not reach the recipient) beside the certificate.
 */
export const NON_REPORT_RESULTS: readonly ResultFilter[] = [
  'timeout',
  'error',
  'pin_error',
  'exceeded_ocr_tries',
  'cancelled_by_sender',
];

export function callsForNonReport(result: string | null): boolean {
  return result !== null && (NON_REPORT_RESULTS as readonly string[]).includes(result);
}
