import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTHER_CAPTURES_LIMIT,
  type PortalMode,
  type PortalOutcome,
  type TPortalCapture,
  type TPortalPinSent,
  type TPortalView,
} from '@sello/contracts/catalogue/portal';
import type { Language } from '@sello/contracts/constants';
import {
  type Channel,
  IDENTIFICATION_DOCUMENT_KINDS,
  type IdentificationSubstate,
  type ServiceKind,
} from '@sello/contracts/enums';
import {
  CAPTURE_MAX_BYTES,
  CAPTURE_MAX_FAILURES,
  CAPTURE_MIN_BYTES,
  PIN_MAX_ATTEMPTS,
  PIN_MAX_REQUESTS,
  PIN_VALID_MINUTES,
} from '@sello/contracts/portal-limits';
import { findTransition } from '@sello/contracts/shipping-lifecycle';
import { SERVICE_RULES } from '@sello/contracts/shipping-rules';
import type { FastifyReply } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { releaseNextReceiver } from '../delivery/dispatch.service.ts';
import { queueMessage } from '../delivery/outgoing-messages.ts';
import { findReceiverAccess } from '../delivery/receiver-access.ts';
import { ApiError, fieldError } from '../platform/api-error.ts';
import { decodeDataUrl, sniffAttachmentType } from '../platform/attachment-check.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { appendEvent, applyTransition, contextOf, eventTime, lifecycleOf } from '../shippings/shipping-transitions.ts';
import { lockShipping, type TLockedShipping } from '../shippings/shippings.queries.ts';
import {
  countPins,
  hasOpenedSince,
  insertCapture,
  insertPin,
  markPinUsed,
  selectCaptureCounts,
  selectCoReceivers,
  selectPortalReceiver,
  selectReceiverDocuments,
  selectUsablePin,
  type TPortalReceiver,
  updatePortalReceiver,
  updateShippingPortalFields,
} from './portal.queries.ts';
import { pinMessage } from './portal-messages.ts';

type Trx = Transaction<Database>;
type TDetails = Record<string, string | number | boolean | null | string[]>;

export type TPortalDeps = {
  db: Kysely<Database>;
  config: TConfig;
  jobs: TJobQueue;
  blobs: TBlobStore;
  preferences: TPreferences;
};

const DAY_MS = 86_400_000;
/** Custody time when neither the shipping nor its type names one. */
export const DEFAULT_CUSTODY_DAYS = 30;
/** Acceptance kinds that ask for a PIN; express acceptance is one click. */
const PIN_KINDS: ReadonlySet<string> = new Set(['acceptance', 'double_acceptance']);
const OPEN_STATES: ReadonlySet<string> = new Set(['sent', 'in_course', 'cancel_pending']);
const IDENTITY_KINDS: ReadonlySet<string> = new Set(['DNI_NIE', 'PASSPORT', 'DRIVER_LICENSE']);
const CAPTURE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function portalModeOf(kind: string): PortalMode {
  const rule = SERVICE_RULES[kind as ServiceKind];
  if (!rule || kind === 'certified_email' || kind === 'certified_sms') return 'readOnly';
  if (rule.identification) return 'identification';
  if (rule.signing) return 'sign';
  return 'acknowledge';
}

function hashPin(receiverId: string, pin: string): string {
  return createHash('sha256').update(`${receiverId}:${pin}`).digest('hex');
}

function samePin(hash: string, receiverId: string, pin: string): boolean {
  return timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(hashPin(receiverId, pin), 'hex'));
}

/** `+34 6•• ••• 678`, `l•••@example.es`: enough for the receiver to recognise, not to harvest. */
export function maskContact(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}•••${value.slice(at)}`;
  const digits = value.replace(/\s/g, '');
  return `${'•'.repeat(Math.max(digits.length - 3, 0))}${digits.slice(-3)}`;
}

/** The UTC midnight before `at`. */
function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

function languageOf(receiver: TPortalReceiver): Language {
  return (receiver.language ?? 'es-es') as Language;
}

function outcomeOf(receiver: TPortalReceiver, mode: PortalMode): PortalOutcome | null {
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

type TTurn = { canAnswer: boolean; waitingForPrevious: boolean };

async function turnOf(trx: Trx, receiver: TPortalReceiver, mode: PortalMode): Promise<TTurn> {
  const custodyRunning = receiver.result === 'custody_in_course' && receiver.state === 'in_course';
  const open = OPEN_STATES.has(receiver.state) && (receiver.result === null || custodyRunning);
  if (mode === 'readOnly' || !open || receiver.answeredAt !== null) {
    return { canAnswer: false, waitingForPrevious: false };
  }
  if (receiver.multiSignerOrder === 1) {
    const others = await selectCoReceivers(trx, receiver.shippingId);
    const waiting = others.some((other) => other.position < receiver.position && other.status !== 'accepted');
    if (waiting) return { canAnswer: false, waitingForPrevious: true };
  }
  return { canAnswer: true, waitingForPrevious: false };
}

function documentsAvailable(receiver: TPortalReceiver, now: Date): boolean {
  if (receiver.serviceKind !== 'custody') return true;
  // Custody documents are kept for the custody time, and from the first opening on.
  if (receiver.result === 'custody_in_course') {
    return receiver.state === 'in_course' && (receiver.custodyUntil === null || receiver.custodyUntil > now);
  }
  return receiver.result === null;
}

/**
 * What a receiver does through its link. Every call finds the receiver by its token, locks its shipping,
 * records the opening (once per receiver per UTC day; the first one delivers a `sent` shipping) and
 * then acts, all in one transaction. Answers that fail but must be remembered (a wrong PIN, a bad
 * capture) are committed first and reported after.
 */
export function createPortalService(deps: TPortalDeps) {
  const { db, config, jobs, blobs } = deps;

  async function note(trx: Trx, shipping: TLockedShipping, action: string, details: TDetails, reason?: string) {
    const lifecycle = lifecycleOf(shipping);
    await appendEvent(trx, shipping, {
      at: eventTime(),
      actor: null,
      action,
      from: lifecycle,
      to: lifecycle,
      reason: reason ?? null,
      details,
    });
  }

  type TScope = { trx: Trx; shipping: TLockedShipping; receiver: TPortalReceiver; mode: PortalMode };

  /** Runs `work` on the receiver of `token`; a value of type ApiError is thrown after the commit. */
  async function withReceiver<T>(token: string, now: Date, work: (scope: TScope) => Promise<T | ApiError>): Promise<T> {
    const access = await findReceiverAccess(db, token, now);
    if (!access) throw new ApiError(401, 'ERR_LINK_INVALID');
    const outcome = await db.transaction().execute(async (trx) => {
      const shipping = await lockShipping(trx, null, access.shippingId);
      if (!shipping || shipping.deletedAt !== null) throw new ApiError(401, 'ERR_LINK_INVALID');
      let receiver = await selectPortalReceiver(trx, access.receiverId);
      const mode = portalModeOf(receiver.serviceKind);
      if (await recordOpening(trx, shipping, receiver, mode, now)) {
        receiver = await selectPortalReceiver(trx, access.receiverId);
      }
      return work({ trx, shipping, receiver, mode });
    });
    if (outcome instanceof ApiError) throw outcome;
    return outcome;
  }

  /** Answers whether anything about the receiver or its shipping changed. */
  async function recordOpening(
    trx: Trx,
    shipping: TLockedShipping,
    receiver: TPortalReceiver,
    mode: PortalMode,
    now: Date,
  ): Promise<boolean> {
    let changed = false;
    if (receiver.openedAt === null) {
      const unopened = ['pending', 'sent', 'delivered'].includes(receiver.status);
      await updatePortalReceiver(trx, receiver.receiverId, {
        openedAt: now,
        ...(unopened && { status: 'opened', statusAt: now }),
      });
      changed = true;
    }
    if (shipping.state === 'sent') {
      await applyTransition(trx, jobs, shipping, 'deliver', null, {
        details: { receiverId: receiver.receiverId, via: 'opened' },
      });
      changed = true;
    }
    const at = eventTime();
    if (!(await hasOpenedSince(trx, shipping.id, receiver.receiverId, dayStart(at)))) {
      await note(trx, shipping, 'opened', { receiverId: receiver.receiverId });
    }
    if (
      mode === 'acknowledge' &&
      receiver.serviceKind === 'custody' &&
      shipping.state === 'in_course' &&
      shipping.result === null
    ) {
      const custodyUntil = new Date(now.getTime() + (receiver.custodyDays ?? DEFAULT_CUSTODY_DAYS) * DAY_MS);
      await updateShippingPortalFields(trx, shipping.id, { custodyUntil });
      await applyTransition(trx, jobs, shipping, 'custodyStart', null, {
        details: { receiverId: receiver.receiverId, custodyUntil: custodyUntil.toISOString() },
      });
      changed = true;
    }
    return changed;
  }

  async function buildView(trx: Trx, scope: Omit<TScope, 'trx'>, now: Date): Promise<TPortalView> {
    const { receiver, mode } = scope;
    const fresh = await selectPortalReceiver(trx, receiver.receiverId);
    const turn = await turnOf(trx, fresh, mode);
    const documents = documentsAvailable(fresh, now)
      ? await selectReceiverDocuments(trx, fresh.shippingId, fresh.receiverId)
      : [];
    let identification: TPortalView['identification'] = null;
    if (mode === 'identification') {
      const counts = await selectCaptureCounts(trx, fresh.receiverId);
      identification = {
        substate: fresh.substate as IdentificationSubstate | null,
        captures: IDENTIFICATION_DOCUMENT_KINDS.map((kind) => ({
          kind,
          count: Number(counts.find((row) => row.kind === kind)?.count ?? 0),
        })),
        otherLimit: OTHER_CAPTURES_LIMIT,
        failuresLeft: Math.max(CAPTURE_MAX_FAILURES - fresh.captureFailures, 0),
      };
    }
    return {
      senderCompany: fresh.senderCompany,
      serviceKind: fresh.serviceKind,
      mode,
      subject: fresh.subject,
      body: fresh.body,
      receiverName: fresh.receiverName,
      language: languageOf(fresh),
      responseDeadlineAt: fresh.responseDeadlineAt?.toISOString() ?? null,
      custodyUntil: fresh.custodyUntil?.toISOString() ?? null,
      documents: documents.map((document) => ({
        position: document.position,
        name: document.name,
        mimeType: document.mimeType,
        sizeBytes: Number(document.sizeBytes),
      })),
      canAnswer: turn.canAnswer,
      pinRequired: mode === 'sign' && PIN_KINDS.has(fresh.serviceKind),
      pinAttemptsLeft: Math.max(PIN_MAX_ATTEMPTS - fresh.pinFailures, 0),
      waitingForPrevious: turn.waitingForPrevious,
      outcome: outcomeOf(fresh, mode),
      identification,
    };
  }

  /** Throws unless the receiver may answer now in `mode`. */
  async function assertCanAnswer(scope: TScope, modes: readonly PortalMode[]): Promise<void> {
    if (!modes.includes(scope.mode)) throw new ApiError(403, 'ERR_FORBIDDEN');
    const turn = await turnOf(scope.trx, scope.receiver, scope.mode);
    if (turn.waitingForPrevious) throw new ApiError(409, 'ERR_NOT_YOUR_TURN');
    if (!turn.canAnswer) throw new ApiError(409, 'ERR_ALREADY_ANSWERED');
  }

  /** The receiver accepts (or acknowledges): the shipping closes as accepted once every receiver has. */
  async function recordAcceptance(scope: TScope, now: Date, details: TDetails): Promise<void> {
    const { trx, shipping, receiver } = scope;
    await updatePortalReceiver(trx, receiver.receiverId, { status: 'accepted', statusAt: now, answeredAt: now });
    const eventDetails = { receiverId: receiver.receiverId, ...details };
    if (receiver.serviceKind === 'custody') {
      // A custody runs to its end whatever the receivers say; the acknowledgement is evidence only.
      await note(trx, shipping, 'acknowledged', eventDetails);
      return;
    }
    const receivers = await selectCoReceivers(trx, shipping.id);
    const allAccepted = receivers.every((row) => row.status === 'accepted' && row.answeredAt !== null);
    if (allAccepted) {
      await applyTransition(trx, jobs, shipping, 'accept', null, { details: eventDetails });
      return;
    }
    // Signers in order: the next one gets its link now, in this transaction, so an acceptance never
    // commits without the next signer's message (nor the message without the acceptance). Not while a
    // cancellation is pending: the sender has withdrawn it, so nobody new is asked to sign.
    const released =
      receiver.multiSignerOrder === 1 && shipping.state !== 'cancel_pending'
        ? await releaseNextReceiver(deps, trx, shipping.id)
        : null;
    await note(trx, shipping, 'receiverAccepted', {
      ...eventDetails,
      ...(released && { releasedReceiverId: released.receiverId, releasedMessage: released.messageGuid }),
    });
  }

  /**
   * Closes the shipping after too many failures. While a cancellation is pending the cancellation wins
   * (the table has no failure from `cancel_pending`), and the failure stays on record as an event.
   */
  async function closeWithFailure(scope: TScope, action: 'pinFailed' | 'ocrExceeded', details: TDetails) {
    const { trx, shipping } = scope;
    if (findTransition(lifecycleOf(shipping), action, contextOf(shipping, false))) {
      await applyTransition(trx, jobs, shipping, action, null, { details });
    } else {
      await note(trx, shipping, action, details);
    }
  }

  async function setSubstate(scope: TScope, substate: IdentificationSubstate, details: TDetails = {}) {
    await updateShippingPortalFields(scope.trx, scope.shipping.id, { substate });
    await note(scope.trx, scope.shipping, 'identificationStep', {
      receiverId: scope.receiver.receiverId,
      substate,
      ...details,
    });
  }

  return {
    view(token: string, now = new Date()): Promise<TPortalView> {
      return withReceiver(token, now, (scope) => buildView(scope.trx, scope, now));
    },

    async document(token: string, position: number, reply: FastifyReply, now = new Date()) {
      const document = await withReceiver(token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        if (!documentsAvailable(await selectPortalReceiver(trx, receiver.receiverId), now)) {
          return new ApiError(403, 'ERR_DOWNLOAD_NOT_AVAILABLE');
        }
        const documents = await selectReceiverDocuments(trx, shipping.id, receiver.receiverId);
        const found = documents.find((row) => row.position === position);
        if (!found) return new ApiError(404, 'ERR_NOT_FOUND');
        await note(trx, shipping, 'downloaded', {
          receiverId: receiver.receiverId,
          position,
          sha256: found.sha256,
        });
        return found;
      });
      const stream = await blobs.open(document.sha256);
      return reply
        .header('content-type', document.mimeType)
        .header('content-length', document.sizeBytes)
        .header('content-disposition', contentDisposition('attachment', document.name))
        .header('x-content-sha256', document.sha256)
        .send(stream);
    },

    acknowledge(token: string, now = new Date()): Promise<TPortalView> {
      return withReceiver(token, now, async (scope) => {
        await assertCanAnswer(scope, ['acknowledge']);
        await recordAcceptance(scope, now, { answer: 'acknowledged' });
        return buildView(scope.trx, scope, now);
      });
    },

    requestPin(token: string, now = new Date()): Promise<TPortalPinSent> {
      return withReceiver(token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        await assertCanAnswer(scope, ['sign']);
        if (!PIN_KINDS.has(receiver.serviceKind)) throw new ApiError(403, 'ERR_FORBIDDEN');
        const n = (await countPins(trx, receiver.receiverId)) + 1;
        if (n > PIN_MAX_REQUESTS) throw new ApiError(429, 'ERR_PIN_LIMIT');
        const channel: Channel | null = receiver.mobile ? 'sms' : receiver.email ? 'email' : null;
        const recipient = receiver.mobile ?? receiver.email;
        if (!channel || !recipient) throw new ApiError(409, 'ERR_PIN_UNAVAILABLE');
        const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const expiresAt = new Date(now.getTime() + PIN_VALID_MINUTES * 60_000);
        await insertPin(trx, {
          receiverId: receiver.receiverId,
          n,
          pinHash: hashPin(receiver.receiverId, pin),
          createdAt: now,
          expiresAt,
        });
        const text = pinMessage(languageOf(receiver), pin, PIN_VALID_MINUTES);
        const message = await queueMessage({ config, jobs }, trx, {
          shippingId: shipping.id,
          receiverId: receiver.receiverId,
          purpose: 'pin',
          channel,
          sandbox: receiver.isSandbox,
          recipient,
          subject: channel === 'email' ? text.subject : null,
          body: text.body,
          idempotencyKey: `pin:${receiver.receiverId}:${n}`,
        });
        await note(trx, shipping, 'pinRequested', {
          receiverId: receiver.receiverId,
          pinNumber: n,
          channel,
          messageId: message.id,
        });
        return {
          channel: channel as 'sms' | 'email',
          sentTo: maskContact(recipient),
          expiresAt: expiresAt.toISOString(),
          attemptsLeft: Math.max(PIN_MAX_ATTEMPTS - receiver.pinFailures, 0),
        };
      });
    },

    accept(token: string, pin: string | undefined, now = new Date()): Promise<TPortalView> {
      return withReceiver(token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        await assertCanAnswer(scope, ['sign']);
        if (!PIN_KINDS.has(receiver.serviceKind)) {
          await recordAcceptance(scope, now, { answer: 'accepted', method: 'oneClick' });
          return buildView(trx, scope, now);
        }
        if (!pin) throw fieldError('pin', 'ERR_FIELD_REQUIRED');
        const usable = await selectUsablePin(trx, receiver.receiverId, now);
        if (!usable) throw new ApiError(400, 'ERR_PIN_EXPIRED', { pin: 'ERR_PIN_EXPIRED' });
        const attempt = receiver.pinFailures + 1;
        if (samePin(usable.pinHash, receiver.receiverId, pin)) {
          await markPinUsed(trx, usable.id, now);
          await recordAcceptance(scope, now, { answer: 'accepted', method: 'pin', pinNumber: usable.n, attempt });
          return buildView(trx, scope, now);
        }
        await updatePortalReceiver(trx, receiver.receiverId, { pinFailures: attempt });
        const details = { receiverId: receiver.receiverId, pinNumber: usable.n, attempt };
        const attemptsLeft = Math.max(PIN_MAX_ATTEMPTS - attempt, 0);
        if (attemptsLeft === 0) {
          await markPinUsed(trx, usable.id, now);
          await updatePortalReceiver(trx, receiver.receiverId, { answeredAt: now });
          await closeWithFailure(scope, 'pinFailed', details);
        } else {
          await note(trx, shipping, 'pinWrong', details);
        }
        return new ApiError(400, 'ERR_PIN_INVALID', { pin: 'ERR_PIN_INVALID' }, { attemptsLeft });
      });
    },

    reject(token: string, reason: string, now = new Date()): Promise<TPortalView> {
      return withReceiver(token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        await assertCanAnswer(scope, ['sign']);
        await updatePortalReceiver(trx, receiver.receiverId, { status: 'rejected', statusAt: now, answeredAt: now });
        await applyTransition(trx, jobs, shipping, 'reject', null, {
          reason,
          details: { receiverId: receiver.receiverId, answer: 'rejected' },
        });
        return buildView(trx, scope, now);
      });
    },

    startIdentification(token: string, now = new Date()): Promise<TPortalView> {
      return withReceiver(token, now, async (scope) => {
        await assertCanAnswer(scope, ['identification']);
        if (scope.receiver.substate === null) await setSubstate(scope, 'WELCOME_PAGE_ACCEPTED');
        return buildView(scope.trx, scope, now);
      });
    },

    async capture(token: string, capture: TPortalCapture, now = new Date()): Promise<TPortalView> {
      const bytes = decodeDataUrl(capture.content);
      const type = sniffAttachmentType(bytes);
      const problem =
        type === null ||
        !CAPTURE_TYPES.has(type) ||
        (type === 'image/webp' && bytes.toString('latin1', 8, 12) !== 'WEBP')
          ? 'ERR_FILE_TYPE'
          : bytes.length < CAPTURE_MIN_BYTES || bytes.length > CAPTURE_MAX_BYTES
            ? 'ERR_MAX_FILE_SIZE'
            : null;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return withReceiver(token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        await assertCanAnswer(scope, ['identification']);
        if (receiver.substate === null) throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED');
        if (capture.kind === 'OTHER') {
          const counts = await selectCaptureCounts(trx, receiver.receiverId);
          const others = Number(counts.find((row) => row.kind === 'OTHER')?.count ?? 0);
          if (others >= OTHER_CAPTURES_LIMIT) {
            throw new ApiError(400, 'ERR_TOO_MANY_ITEMS', { content: 'ERR_TOO_MANY_ITEMS' });
          }
        }
        const base = { receiverId: receiver.receiverId, kind: capture.kind, sha256, sizeBytes: bytes.length };
        if (problem) {
          const failures = receiver.captureFailures + 1;
          await updatePortalReceiver(trx, receiver.receiverId, { captureFailures: failures });
          const failuresLeft = Math.max(CAPTURE_MAX_FAILURES - failures, 0);
          await setSubstate(
            scope,
            IDENTITY_KINDS.has(capture.kind) || capture.kind === 'SELFIE'
              ? 'IDCARD_SAVING_IDENTITY_ERROR'
              : 'IDCARD_SAVING_OTHER_ERROR',
            { ...base, failure: failures, problem },
          );
          if (failuresLeft === 0) {
            await updatePortalReceiver(trx, receiver.receiverId, { answeredAt: now });
            await closeWithFailure(scope, 'ocrExceeded', { ...base, failure: failures });
          }
          return new ApiError(400, problem, { content: problem }, { failuresLeft });
        }
        const stored = await blobs.put(bytes);
        const extension = type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg';
        const position = await insertCapture(trx, {
          shippingId: shipping.id,
          receiverId: receiver.receiverId,
          kind: capture.kind,
          name: `${capture.kind.toLowerCase()}-${receiver.position}.${extension}`,
          mimeType: type as string,
          sizeBytes: bytes.length,
          sha256: stored.sha256,
        });
        await note(trx, shipping, 'captureUploaded', { ...base, position });
        if (receiver.substate !== 'IDCARD_READING') await setSubstate(scope, 'IDCARD_READING');
        return buildView(trx, scope, now);
      });
    },

    finishIdentification(token: string, now = new Date()): Promise<TPortalView> {
      return withReceiver(token, now, async (scope) => {
        const { trx, receiver } = scope;
        await assertCanAnswer(scope, ['identification']);
        if (receiver.substate === null) throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED');
        const counts = await selectCaptureCounts(trx, receiver.receiverId);
        const count = (kinds: (kind: string) => boolean) =>
          counts.filter((row) => row.kind !== null && kinds(row.kind)).reduce((sum, row) => sum + Number(row.count), 0);
        const identity = count((kind) => IDENTITY_KINDS.has(kind));
        const selfie = count((kind) => kind === 'SELFIE');
        const others = count((kind) => kind === 'OTHER');
        if (identity === 0 || selfie === 0) {
          await setSubstate(scope, 'IDCARD_SAVING_IDENTITY_MISSING', { identity, selfie });
          return buildView(trx, scope, now);
        }
        await setSubstate(scope, 'PENDING_CLOSE', { identity, selfie, others });
        await recordAcceptance(scope, now, { answer: 'identified', identity, selfie, others });
        return buildView(trx, scope, now);
      });
    },
  };
}
export type TPortalService = ReturnType<typeof createPortalService>;
