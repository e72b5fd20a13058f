import { createHash, timingSafeEqual } from 'node:crypto';
import type { PortalMode, PortalOutcome } from '@sello/contracts/catalogue/portal';
import type { Language } from '@sello/contracts/constants';
import type { IdentificationSubstate, ServiceKind } from '@sello/contracts/enums';
import {
  CAPTURE_MAX_BYTES,
  CAPTURE_MAX_FAILURES,
  CAPTURE_MIN_BYTES,
  PIN_MAX_ATTEMPTS,
  PIN_VALID_MINUTES,
  VIDEO_MAX_BYTES,
  VIDEO_MIN_BYTES,
} from '@sello/contracts/portal-limits';
import { isPinMethod, PIN_ROUTES, type PinChannel } from '@sello/contracts/reference/sign-methods';
import { SERVICE_RULES } from '@sello/contracts/shipping-rules';
import type { TPortalReceiver } from './portal.queries.ts';

// The recipient pages' rules that need no database: modes, outcomes, turns, PINs and captures.

const DAY_MS = 86_400_000;
/** Custody time when neither the shipping nor its type names one. */
export const DEFAULT_CUSTODY_DAYS = 30;
/** Acceptance kinds that ask for a PIN when their type names no PIN method; express acceptance is one click. */
const PIN_KINDS: ReadonlySet<string> = new Set(['acceptance', 'double_acceptance']);
const OPEN_STATES: ReadonlySet<string> = new Set(['sent', 'in_course', 'cancel_pending']);
const IDENTITY_KINDS: ReadonlySet<string> = new Set(['DNI_NIE', 'PASSPORT', 'DRIVER_LICENSE']);
const CAPTURE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

export type TCaptureCount = { kind: string | null; count: string | number };

export function portalModeOf(kind: string): PortalMode {
  const rule = SERVICE_RULES[kind as ServiceKind];
  if (!rule || kind === 'certified_email' || kind === 'certified_sms') return 'readOnly';
  if (rule.identification) return 'identification';
  if (rule.signing) return 'sign';
  return 'acknowledge';
}

/** Whether accepting takes a PIN: a PIN method of the type does; one click does not; else by kind. */
export function asksForPin(receiver: Pick<TPortalReceiver, 'serviceKind' | 'signMethod'>): boolean {
  if (isPinMethod(receiver.signMethod)) return true;
  if (['CLICK', 'BIOHAND_GRAPH', 'PKI'].includes(receiver.signMethod ?? '')) return false;
  return PIN_KINDS.has(receiver.serviceKind);
}

export function hashPin(receiverId: string, pin: string): string {
  return createHash('sha256').update(`${receiverId}:${pin}`).digest('hex');
}

export function samePin(hash: string, receiverId: string, pin: string): boolean {
  return timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(hashPin(receiverId, pin), 'hex'));
}

/** `+34 6•• ••• 678`, `l•••@example.es`: enough for the receiver to recognise, not to harvest. */
export function maskContact(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}•••${value.slice(at)}`;
  const digits = value.replace(/\s/g, '');
  return `${'•'.repeat(Math.max(digits.length - 3, 0))}${digits.slice(-3)}`;
}

export type TPinRoute = { channel: PinChannel; recipient: string; fallback: PinChannel | null };

/**
 * Where a PIN goes: on the channel the type's PIN method names (to the e-mail address or the mobile),
 * with its fallback; a type without a PIN method sends it to the mobile by SMS, else by e-mail. Null when
 * the receiver lacks the contact the method needs.
 */
export function pinRoute(receiver: Pick<TPortalReceiver, 'mobile' | 'email' | 'signMethod'>): TPinRoute | null {
  const route = isPinMethod(receiver.signMethod)
    ? PIN_ROUTES[receiver.signMethod]
    : { channel: receiver.mobile ? ('sms' as const) : ('email' as const), fallback: null };
  const recipient = route.channel === 'email' ? receiver.email : receiver.mobile;
  return recipient ? { channel: route.channel, recipient, fallback: route.fallback } : null;
}

export function pinExpiry(now: Date): Date {
  return new Date(now.getTime() + PIN_VALID_MINUTES * 60_000);
}

/** PIN attempts left after `failures` wrong ones. */
export function pinAttemptsLeft(failures: number): number {
  return Math.max(PIN_MAX_ATTEMPTS - failures, 0);
}

/** Captures that may still fail after `failures` failed ones. */
export function captureFailuresLeft(failures: number): number {
  return Math.max(CAPTURE_MAX_FAILURES - failures, 0);
}

/** The UTC midnight before `at`. */
export function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** When a custody that starts at `now` ends. */
export function custodyEnd(now: Date, custodyDays: number | null): Date {
  return new Date(now.getTime() + (custodyDays ?? DEFAULT_CUSTODY_DAYS) * DAY_MS);
}

export function languageOf(receiver: Pick<TPortalReceiver, 'language'>): Language {
  return (receiver.language ?? 'es-es') as Language;
}

type TReceiverState = Pick<TPortalReceiver, 'status' | 'answeredAt' | 'result' | 'state'>;

export function outcomeOf(receiver: TReceiverState, mode: PortalMode): PortalOutcome | null {
  if (receiver.status === 'rejected') return 'rejected';
  if (receiver.answeredAt !== null && receiver.status === 'accepted') {
    return mode === 'acknowledge' ? 'acknowledged' : 'accepted';
  }
  switch (receiver.result) {
    case 'pin_error':
      return 'pinFailed';
    case 'exceeded_ocr_tries':
      return 'captureFailed';
    case 'timeout':
      return 'expired';
    case 'cancelled_by_sender':
      return 'cancelled';
  }
  if (receiver.state === 'cancel_pending') return 'cancelled';
  if (receiver.result === 'custody_in_course' && receiver.state === 'in_course') return null;
  if (receiver.result !== null || !OPEN_STATES.has(receiver.state)) return 'closed';
  return null;
}

/** The shipping still takes this receiver's answer, in this mode, setting aside any signing order. */
export function answerOpen(receiver: Omit<TReceiverState, 'status'>, mode: PortalMode): boolean {
  const custodyRunning = receiver.result === 'custody_in_course' && receiver.state === 'in_course';
  const open = OPEN_STATES.has(receiver.state) && (receiver.result === null || custodyRunning);
  return mode !== 'readOnly' && open && receiver.answeredAt === null;
}

/** In a signing order: a receiver before this one has not accepted yet. */
export function waitsForPrevious(
  receiver: Pick<TPortalReceiver, 'position'>,
  others: readonly { position: number; status: string }[],
): boolean {
  return others.some((other) => other.position < receiver.position && other.status !== 'accepted');
}

export function documentsAvailable(
  receiver: Pick<TPortalReceiver, 'serviceKind' | 'result' | 'state' | 'custodyUntil'>,
  now: Date,
): boolean {
  if (receiver.serviceKind !== 'custody') return true;
  // Custody documents are kept for the custody time, and from the first opening on.
  if (receiver.result === 'custody_in_course') {
    return receiver.state === 'in_course' && (receiver.custodyUntil === null || receiver.custodyUntil > now);
  }
  return receiver.result === null;
}

/** What is wrong with a capture's bytes (`type` as sniffed from them), or null. */
export function captureProblem(bytes: Buffer, type: string | null): 'ERR_FILE_TYPE' | 'ERR_MAX_FILE_SIZE' | null {
  if (
    type === null ||
    !CAPTURE_TYPES.has(type) ||
    (type === 'image/webp' && bytes.toString('latin1', 8, 12) !== 'WEBP')
  ) {
    return 'ERR_FILE_TYPE';
  }
  return bytes.length < CAPTURE_MIN_BYTES || bytes.length > CAPTURE_MAX_BYTES ? 'ERR_MAX_FILE_SIZE' : null;
}

/** Unattended video identification records a video of the receiver (attended: docs/decisions/recipient-pages.md). */
export function asksForVideo(serviceKind: string): boolean {
  return serviceKind === 'video_identification_unattended';
}

/** The type of a recording by its first bytes: WebM (EBML header) or MP4 (`ftyp` box); null otherwise. */
export function sniffVideoType(bytes: Uint8Array): 'video/webm' | 'video/mp4' | null {
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return 'video/webm';
  }
  if (bytes.length >= 8 && Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp') return 'video/mp4';
  return null;
}

/** What is wrong with a recording, or null: its bytes must be a WebM or MP4 of a sensible size. */
export function videoProblem(bytes: Uint8Array): 'ERR_FILE_TYPE' | 'ERR_MAX_FILE_SIZE' | null {
  if (sniffVideoType(bytes) === null) return 'ERR_FILE_TYPE';
  return bytes.length < VIDEO_MIN_BYTES || bytes.length > VIDEO_MAX_BYTES ? 'ERR_MAX_FILE_SIZE' : null;
}

export function captureExtension(type: string): string {
  return type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg';
}

/**
 * The step a failed capture leaves the identification in: an identity (document or selfie) error, an
 * error of another document, or both once each kind has failed.
 */
export function captureErrorSubstate(kind: string, current: string | null = null): IdentificationSubstate {
  const failed =
    IDENTITY_KINDS.has(kind) || kind === 'SELFIE' ? 'IDCARD_SAVING_IDENTITY_ERROR' : 'IDCARD_SAVING_OTHER_ERROR';
  const other =
    failed === 'IDCARD_SAVING_IDENTITY_ERROR' ? 'IDCARD_SAVING_OTHER_ERROR' : 'IDCARD_SAVING_IDENTITY_ERROR';
  return current === other || current === 'IDCARD_SAVING_IDENTITY_AND_OTHER_ERROR'
    ? 'IDCARD_SAVING_IDENTITY_AND_OTHER_ERROR'
    : failed;
}

/** The step after a good capture: reading until an identity document and a selfie are in, then saving. */
export function captureSavedSubstate(tally: { identity: number; selfie: number }): IdentificationSubstate {
  return tally.identity > 0 && tally.selfie > 0 ? 'IDCARD_SAVING' : 'IDCARD_READING';
}

/**
 * What a finish finds missing: an identity document or the selfie; else another document when the
 * type asks for one (OTHER among its identification documents) and none was captured; else nothing.
 */
export function missingSubstate(
  tally: { identity: number; selfie: number; others: number },
  asked: readonly string[],
): IdentificationSubstate | null {
  if (tally.identity === 0 || tally.selfie === 0) return 'IDCARD_SAVING_IDENTITY_MISSING';
  if (asked.includes('OTHER') && tally.others === 0) return 'IDCARD_SAVING_OTHER_MISSING';
  return null;
}

export function captureCountOf(counts: readonly TCaptureCount[], kind: string): number {
  return Number(counts.find((row) => row.kind === kind)?.count ?? 0);
}

/** The captures an identification holds: identity documents, selfies and others. */
export function tallyCaptures(counts: readonly TCaptureCount[]) {
  const count = (kinds: (kind: string) => boolean) =>
    counts.filter((row) => row.kind !== null && kinds(row.kind)).reduce((sum, row) => sum + Number(row.count), 0);
  return {
    identity: count((kind) => IDENTITY_KINDS.has(kind)),
    selfie: count((kind) => kind === 'SELFIE'),
    others: count((kind) => kind === 'OTHER'),
  };
}
