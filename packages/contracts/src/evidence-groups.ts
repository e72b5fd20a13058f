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
  // Delivery of the messages (dispatch-outcomes.ts).
  'messageSent',
  'messageDelivered',
  'messageFailed',
  'messageUnknown',
  // A message its channel could not take for now (the peer down or refusing for now), waiting for its next attempt.
  'messageRetrying',
  // The recipient pages (portal.service.ts, portal-expiry.ts).
  'opened',
  'downloaded',
  'acknowledged',
  'receiverAccepted',
  'pinRequested',
  'pinWrong',
  'reminded',
  'identificationStep',
  'captureUploaded',
  // The courier's answer for one letter of several (postal.service.ts).
  'courierResult',
  // The sender has the access message sent again (access-resend.service.ts).
  'accessResent',
  // The receiver opened its page handed over at the desk (portal/hand-over.service.ts).
  'handedOver',
] as const;
export type NonStateEvent = (typeof NON_STATE_EVENTS)[number];

const m = (group: EvidenceGroup, etsiEvent: string | null): TEvidenceMapping => ({ group, etsiEvent });

/**
 * THE mapping: every action of the lifecycle table (typed, so a new action does not compile until it
 * is mapped), `create`, and the non-state events. docs/decisions/evidence.md explains each row.
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
  messageSent: m('relay', 'RelayAcceptance'),
  dispatchFailed: m('relay', 'RelayFailure'),
  dispatchRefused: m('relay', 'RelayFailure'),
  messageFailed: m('relay', 'RelayFailure'),
  messageUnknown: m('relay', 'RelayFailure'),
  messageRetrying: m('relay', null),
  // The content is made available to the recipient and the recipient is told.
  deliver: m('consignment', 'ContentConsignment'),
  messageDelivered: m('consignment', 'ContentConsignment'),
  certifiedDelivered: m('consignment', 'ContentConsignment'),
  custodyStart: m('consignment', 'ContentConsignment'),
  pinRequested: m('consignment', 'NotificationForAcceptance'),
  reminded: m('consignment', 'NotificationForAcceptance'),
  accessResent: m('consignment', 'NotificationForAcceptance'),
  // The recipient (or the courier for them) takes the content.
  opened: m('handover', 'ContentHandover'),
  handedOver: m('handover', 'ContentHandover'),
  downloaded: m('handover', 'ContentHandover'),
  courierDelivered: m('handover', 'ContentHandover'),
  courierResult: m('handover', null),
  identificationStep: m('handover', null),
  captureUploaded: m('handover', null),
  pinWrong: m('handover', null),
  courierFailed: m('handover', 'ContentHandoverFailure'),
  pinFailed: m('handover', 'ContentHandoverFailure'),
  ocrExceeded: m('handover', 'ContentHandoverFailure'),
  // The recipient's answer.
  accept: m('acceptance', 'AcceptanceByRecipient'),
  acknowledged: m('acceptance', 'AcceptanceByRecipient'),
  receiverAccepted: m('acceptance', 'AcceptanceByRecipient'),
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
