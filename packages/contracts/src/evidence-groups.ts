import type { ShippingAction } from './shipping-lifecycle.ts';

/**
 * The evidence groups of ETSI EN 319 522-1 (clause 8, "events and evidence") a shipping event belongs
 * to. `management` holds what the provider records about its own handling (deletion, cancellation by
 * the sender); `other` is the default for an action this table does not know yet.
 */
export const EVIDENCE_GROUPS = [
  'submission',
  'relay',
  'consignment',
  'handover',
  'acceptance',
  'rejection',
  'expiry',
  'certification',
  'management',
  'other',
] as const;
export type EvidenceGroup = (typeof EVIDENCE_GROUPS)[number];

/** The ETSI EN 319 522-1 event an action is evidence of, or null when the standard names none. */
export type TEvidenceMapping = { group: EvidenceGroup; etsiEvent: string | null };

/** Events recorded in the chain that do not change the state (from == to). */
export const NON_STATE_EVENTS = [
  'opened',
  'read',
  'acknowledge',
  'pin_sent',
  'reminder_sent',
  'provider_callback',
  'sent_copy',
] as const;
export type NonStateEvent = (typeof NON_STATE_EVENTS)[number];

const m = (group: EvidenceGroup, etsiEvent: string | null): TEvidenceMapping => ({ group, etsiEvent });

/**
 * THE mapping: every action of the lifecycle table (typed, so a new action does not compile until it
 * is mapped), `create`, and the non-state events. docs/decisions.md "### Evidence" explains each row.
 */
export const EVIDENCE_MAPPING: Record<ShippingAction | NonStateEvent | 'create', TEvidenceMapping> = {
  // The sender hands the content to the provider; sender-side review and authorisation complete it.
  create: m('submission', 'SubmissionAcceptance'),
  importValidated: m('submission', 'SubmissionAcceptance'),
  submit: m('submission', 'SubmissionAcceptance'),
  authorize: m('submission', 'SubmissionAcceptance'),
  retry: m('submission', 'SubmissionAcceptance'),
  deny: m('submission', 'SubmissionRejection'),
  supervisorReject: m('submission', 'SubmissionRejection'),
  authExpire: m('submission', 'SubmissionRejection'),
  // The provider passes the content on to the channel (e-mail server, SMS/WhatsApp provider, courier).
  dispatch: m('relay', 'RelayAcceptance'),
  dispatchFailed: m('relay', 'RelayFailure'),
  provider_callback: m('relay', 'RelayAcceptance'),
  // The content is made available to the recipient and the recipient is told.
  deliver: m('consignment', 'ContentConsignment'),
  custodyStart: m('consignment', 'ContentConsignment'),
  pin_sent: m('consignment', 'NotificationForAcceptance'),
  reminder_sent: m('consignment', 'NotificationForAcceptance'),
  sent_copy: m('consignment', 'ContentConsignment'),
  // The recipient (or the courier for them) takes the content.
  opened: m('handover', 'ContentHandover'),
  read: m('handover', 'ContentHandover'),
  courierDelivered: m('handover', 'ContentHandover'),
  courierFailed: m('handover', 'ContentHandoverFailure'),
  pinFailed: m('handover', 'ContentHandoverFailure'),
  ocrExceeded: m('handover', 'ContentHandoverFailure'),
  // The recipient's answer.
  accept: m('acceptance', 'AcceptanceByRecipient'),
  acknowledge: m('acceptance', 'AcceptanceByRecipient'),
  reject: m('rejection', 'RejectionByRecipient'),
  // Nobody answered in time.
  expire: m('expiry', 'AcceptanceRejectionExpiry'),
  custodyEnd: m('expiry', 'AcceptanceRejectionExpiry'),
  // The provider seals the evidence set.
  certify: m('certification', null),
  // The sender's own handling of its record.
  cancel: m('management', null),
  cancelConfirmed: m('management', null),
  delete: m('management', null),
  recover: m('management', null),
};

/** Where an action goes; an action the table does not know is `other`, never an error. */
export function evidenceGroupOf(action: string): TEvidenceMapping {
  return Object.hasOwn(EVIDENCE_MAPPING, action)
    ? EVIDENCE_MAPPING[action as keyof typeof EVIDENCE_MAPPING]
    : { group: 'other', etsiEvent: null };
}
