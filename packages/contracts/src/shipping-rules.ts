import type { Channel, ServiceKind, ShippingStateFilter } from './enums.ts';
import type { TPermissionMap } from './permissions.ts';

/**
 * What each service kind of spec §1 takes when a shipping is created: the channels it can travel
 * over, how many receivers, whether documents are needed, and which options mean something for it.
 * Both sides read this table; every choice is recorded in docs/decisions/shipping-creation.md.
 */
export type TServiceRule = {
  channels: readonly Channel[];
  minReceivers: number;
  maxReceivers: number;
  documents: 'required' | 'optional' | 'none';
  /** Receivers sign (accept or reject): signing order and PIN signature text apply. */
  signing: boolean;
  /** Documents stay available for a custody time. */
  custody: boolean;
  /** The receiver proves who they are (identification kinds). */
  identification: boolean;
};

const ONLINE: readonly Channel[] = ['email', 'sms', 'whatsapp', 'onscreen'];
const ALL: readonly Channel[] = ['postal', 'email', 'sms', 'whatsapp', 'onscreen'];
const MANY = 100;

const base = { minReceivers: 1, maxReceivers: MANY, signing: false, custody: false, identification: false };
const identification = {
  ...base,
  channels: ['email', 'sms', 'whatsapp', 'onscreen'] as const,
  maxReceivers: 1,
  documents: 'optional' as const,
  identification: true,
};

export const SERVICE_RULES: Record<ServiceKind, TServiceRule> = {
  notification: { ...base, channels: ALL, documents: 'required' },
  acceptance: { ...base, channels: ONLINE, documents: 'required', signing: true },
  express_acceptance: { ...base, channels: ONLINE, documents: 'required', signing: true },
  communication: { ...base, channels: ALL, documents: 'optional' },
  custody: { ...base, channels: ['email', 'onscreen'], documents: 'required', custody: true },
  accreditation: { ...base, channels: ONLINE, documents: 'optional' },
  certified_email: { ...base, channels: ['email'], documents: 'optional' },
  // An SMS carries text only.
  certified_sms: { ...base, channels: ['sms'], documents: 'none' },
  double_acceptance: {
    ...base,
    channels: ONLINE,
    minReceivers: 2,
    maxReceivers: 2,
    documents: 'required',
    signing: true,
  },
  video_identification_attended: { ...identification, channels: ['email', 'sms', 'onscreen'] },
  video_identification_unattended: { ...identification, channels: ['email', 'sms', 'onscreen'] },
  nfc_identification: identification,
  card_identification: identification,
  card_verification: identification,
};

/** What a channel needs to know about each receiver. */
export const CHANNEL_CONTACT: Record<Channel, 'email' | 'mobile' | 'postal' | null> = {
  email: 'email',
  sms: 'mobile',
  whatsapp: 'mobile',
  postal: 'postal',
  onscreen: null,
};

/** Access messages one receiver gets in all: the dispatch's (or its release's) and at most four resends. */
export const ACCESS_MESSAGES_MAX = 5;

/** The sender may send the access message again only while the shipping waits for its receivers. */
export const ACCESS_RESEND_STATES: readonly ShippingStateFilter[] = ['sent', 'in_course'];

/**
 * The result as it reads for a kind: `accepted` means an answer only where the receiver is asked to accept or be
 * identified; for the others (notifications, communications, custody, certified e-mail and SMS) it is the delivery.
 */
export function shownResult<R extends string>(result: R, kind: string): R | 'delivered' {
  return result === 'accepted' && asksNoAnswer(kind) ? 'delivered' : result;
}

/** A known kind that neither asks the receiver to accept nor to be identified. */
function asksNoAnswer(kind: string): boolean {
  const rule = SERVICE_RULES[kind as ServiceKind];
  return rule !== undefined && !rule.signing && !rule.identification;
}

/**
 * The receiver's `accept` (and their `accepted` status) of a kind that asks for no answer reads as a confirmed
 * receipt, as its result reads as delivered.
 */
export function shownAction<A extends string>(action: A, kind: string): A | 'receiptConfirmed' {
  return action === 'accept' && asksNoAnswer(kind) ? 'receiptConfirmed' : action;
}

export function shownReceiverStatus<S extends string>(status: S, kind: string): S | 'receiptConfirmed' {
  return status === 'accepted' && asksNoAnswer(kind) ? 'receiptConfirmed' : status;
}

/**
 * Whether the access message of a kind and channel can be sent again: not a postal letter (a second
 * letter is a new print job), not on screen (nothing travels), not a certified kind (its message is
 * the certified content: a second copy would be a second certified delivery).
 */
export function resendsAccess(kind: string, channel: string): boolean {
  if (kind === 'certified_email' || kind === 'certified_sms') return false;
  return channel !== 'postal' && channel !== 'onscreen';
}

/**
 * Whether a shipping's access message can go out again now, for a user who manages it: a live shipping
 * in `sent`/`in_course` whose kind and channel allow it, and a user holding `newSend`. The server also
 * checks the receivers and the cap when asked.
 */
export function mayResendAccess(
  shipping: { state: string; deleted: boolean; service: string; channel: string },
  permissions: TPermissionMap,
): boolean {
  return (
    permissions.newSend === true &&
    !shipping.deleted &&
    (ACCESS_RESEND_STATES as readonly string[]).includes(shipping.state) &&
    resendsAccess(shipping.service, shipping.channel)
  );
}
