import { OTHER_CAPTURES_LIMIT, type PortalMode, type TPortalView } from '@sello/contracts/catalogue/portal';
import {
  IDENTIFICATION_DOCUMENT_KINDS,
  type IdentificationSubstate,
  type ShippingStateFilter,
} from '@sello/contracts/enums';
import { findTransition } from '@sello/contracts/shipping-lifecycle';
import type { Kysely, Transaction } from 'kysely';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { findReceiverAccess, type TReceiverAccess } from '../delivery/receiver-access.ts';
import { recordShippingWebhookEvents } from '../integration/webhook-events.ts';
import { ApiError } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { lockShipping, type TLockedShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { appendEvent, applyTransition, contextOf, eventTime, lifecycleOf } from '../shippings/shipping-transitions.ts';
import {
  countVideos,
  hasOpenedSince,
  selectCaptureCounts,
  selectCoReceivers,
  selectPortalReceiver,
  selectReceiverDocuments,
  type TPortalReceiver,
  updatePortalReceiver,
  updateShippingPortalFields,
} from './portal.queries.ts';
import { pageMessage } from './portal-message.ts';
import {
  answerOpen,
  asksForPin,
  asksForVideo,
  captureCountOf,
  captureFailuresLeft,
  custodyEnd,
  dayStart,
  documentsAvailable,
  languageOf,
  outcomeOf,
  pinAttemptsLeft,
  portalModeOf,
  waitsForPrevious,
} from './portal-rules.ts';

// What every recipient call goes through, whatever its verb: the receiver found by its token, its
// shipping locked, the opening recorded, the turn checked, and the page answered.

export type Trx = Transaction<Database>;
export type TDetails = Record<string, string | number | boolean | null | string[]>;

export type TPortalDeps = {
  db: Kysely<Database>;
  config: TConfig;
  jobs: TJobQueue;
  blobs: TBlobStore;
  preferences: TPreferences;
};

/** What the page's message is written with: the provider's name and the console's address. */
type TSite = { provider: string; consoleUrl: string };
export type TScope = {
  trx: Trx;
  shipping: TLockedShipping;
  receiver: TPortalReceiver;
  mode: PortalMode;
  site: TSite;
};

/** Appends an event that changes no state. */
export async function note(trx: Trx, shipping: TLockedShipping, action: string, details: TDetails, reason?: string) {
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

/** Refuses a token that is no live link, reading nothing else: what a large upload checks before its body is read. */
export async function assertLiveLink(deps: Pick<TPortalDeps, 'db'>, token: string, now: Date): Promise<void> {
  if (!(await findReceiverAccess(deps.db, token, now))) throw new ApiError(401, 'ERR_LINK_INVALID');
}

/**
 * Runs a call to the blob store; its failure (the store down, an object missing) answers 503 ERR_FILE_UNAVAILABLE,
 * and, thrown inside `withReceiver`, rolls back every event of the call: none records what did not happen.
 */
export async function withStore<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw Object.assign(new ApiError(503, 'ERR_FILE_UNAVAILABLE'), { cause: error });
  }
}

/**
 * Runs `work` on the receiver of `token`: finds the receiver, locks its shipping, records the opening
 * (once per receiver per UTC day; the first one delivers a `sent` shipping) and then acts, all in one
 * transaction. Answers that fail but must be remembered (a wrong PIN, a bad capture) are returned as an
 * ApiError: committed first, thrown after.
 */
export async function withReceiver<T>(
  deps: TPortalDeps,
  token: string,
  now: Date,
  work: (scope: TScope) => Promise<T | ApiError>,
): Promise<T> {
  const access = await findReceiverAccess(deps.db, token, now);
  if (!access) throw new ApiError(401, 'ERR_LINK_INVALID');
  return withAccess(deps, access, now, work);
}

/**
 * `withReceiver` for a receiver already found; `admit` runs first on the locked shipping, before the opening is
 * recorded (a page handed over at the desk spends its one-time access there, and throws to refuse it).
 */
export async function withAccess<T>(
  deps: TPortalDeps,
  access: Pick<TReceiverAccess, 'receiverId' | 'shippingId'>,
  now: Date,
  work: (scope: TScope) => Promise<T | ApiError>,
  admit?: (trx: Trx, shipping: TLockedShipping) => Promise<void>,
): Promise<T> {
  const site = { provider: deps.config.PROVIDER_NAME, consoleUrl: await deps.preferences.consoleUrl() };
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, access.shippingId);
    if (!shipping || shipping.deletedAt !== null) throw new ApiError(401, 'ERR_LINK_INVALID');
    await admit?.(trx, shipping);
    let receiver = await selectPortalReceiver(trx, access.receiverId);
    const mode = portalModeOf(receiver.serviceKind);
    if (await recordOpening(deps, trx, shipping, receiver, mode, now)) {
      receiver = await selectPortalReceiver(trx, access.receiverId);
    }
    return work({ trx, shipping, receiver, mode, site });
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

/** Answers whether anything about the receiver or its shipping changed. */
async function recordOpening(
  deps: TPortalDeps,
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
    // A receiver's first opening is what the company's systems hear of as `shipping.read`.
    const state = shipping.state as ShippingStateFilter;
    await recordShippingWebhookEvents(trx, deps.jobs, [
      { shippingId: shipping.id, from: state, to: state, action: 'opened' },
    ]);
    changed = true;
  }
  if (shipping.state === 'sent') {
    await applyTransition(trx, deps.jobs, shipping, 'deliver', null, {
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
    const custodyUntil = custodyEnd(now, receiver.custodyDays);
    await updateShippingPortalFields(trx, shipping.id, { custodyUntil });
    await applyTransition(trx, deps.jobs, shipping, 'custodyStart', null, {
      details: { receiverId: receiver.receiverId, custodyUntil: custodyUntil.toISOString() },
    });
    changed = true;
  }
  return changed;
}

type TTurn = { canAnswer: boolean; waitingForPrevious: boolean };

async function turnOf(trx: Trx, receiver: TPortalReceiver, mode: PortalMode): Promise<TTurn> {
  if (!answerOpen(receiver, mode)) return { canAnswer: false, waitingForPrevious: false };
  if (receiver.multiSignerOrder === 1) {
    const others = await selectCoReceivers(trx, receiver.shippingId);
    if (waitsForPrevious(receiver, others)) return { canAnswer: false, waitingForPrevious: true };
  }
  return { canAnswer: true, waitingForPrevious: false };
}

/** Throws unless the receiver may answer now in one of `modes`. */
export async function assertCanAnswer(scope: TScope, modes: readonly PortalMode[]): Promise<void> {
  if (!modes.includes(scope.mode)) throw new ApiError(403, 'ERR_FORBIDDEN');
  const turn = await turnOf(scope.trx, scope.receiver, scope.mode);
  if (turn.waitingForPrevious) throw new ApiError(409, 'ERR_NOT_YOUR_TURN');
  if (!turn.canAnswer) throw new ApiError(409, 'ERR_ALREADY_ANSWERED');
}

/** The receiver's page, read again inside the transaction. */
export async function buildView(trx: Trx, scope: Omit<TScope, 'trx'>, now: Date): Promise<TPortalView> {
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
      captures: IDENTIFICATION_DOCUMENT_KINDS.map((kind) => ({ kind, count: captureCountOf(counts, kind) })),
      otherLimit: OTHER_CAPTURES_LIMIT,
      failuresLeft: captureFailuresLeft(fresh.captureFailures),
      videoRequired: asksForVideo(fresh.serviceKind),
      videoRecorded: (await countVideos(trx, fresh.receiverId)) > 0,
    };
  }
  return {
    senderCompany: fresh.senderCompany,
    serviceKind: fresh.serviceKind,
    mode,
    ...pageMessage(fresh, languageOf(fresh), scope.site.provider, scope.site.consoleUrl),
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
    pinRequired: mode === 'sign' && asksForPin(fresh),
    pinAttemptsLeft: pinAttemptsLeft(fresh.pinFailures),
    handwritingRequired: mode === 'sign' && fresh.signMethod === 'BIOHAND_GRAPH',
    certificateRequired: mode === 'sign' && fresh.signMethod === 'PKI',
    waitingForPrevious: turn.waitingForPrevious,
    outcome: outcomeOf(fresh, mode),
    identification,
  };
}

/**
 * Closes the shipping after too many failures. While a cancellation is pending the cancellation wins
 * (the table has no failure from `cancel_pending`), and the failure stays on record as an event.
 */
export async function closeWithFailure(
  deps: Pick<TPortalDeps, 'jobs'>,
  scope: TScope,
  action: 'pinFailed' | 'ocrExceeded',
  details: TDetails,
) {
  const { trx, shipping } = scope;
  if (findTransition(lifecycleOf(shipping), action, contextOf(shipping, false))) {
    await applyTransition(trx, deps.jobs, shipping, action, null, { details });
  } else {
    await note(trx, shipping, action, details);
  }
}
