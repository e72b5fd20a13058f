import { createHash } from 'node:crypto';
import { OTHER_CAPTURES_LIMIT, type TPortalCapture, type TPortalView } from '@sello/contracts/catalogue/portal';
import type { IdentificationSubstate } from '@sello/contracts/enums';
import { ApiError } from '../platform/api-error.ts';
import { decodeDataUrl, sniffAttachmentType } from '../platform/attachment-check.ts';
import {
  countVideos,
  insertCapture,
  selectCaptureCounts,
  updatePortalReceiver,
  updateShippingPortalFields,
} from './portal.queries.ts';
import { recordAcceptance } from './portal-accept.service.ts';
import {
  assertCanAnswer,
  assertLiveLink,
  buildView,
  closeWithFailure,
  note,
  type TDetails,
  type TPortalDeps,
  type TScope,
  withReceiver,
} from './portal-receiver.ts';
import {
  asksForVideo,
  captureCountOf,
  captureErrorSubstate,
  captureExtension,
  captureFailuresLeft,
  captureProblem,
  captureSavedSubstate,
  missingSubstate,
  tallyCaptures,
} from './portal-rules.ts';

async function setSubstate(scope: TScope, substate: IdentificationSubstate, details: TDetails = {}) {
  await updateShippingPortalFields(scope.trx, scope.shipping.id, { substate });
  await note(scope.trx, scope.shipping, 'identificationStep', {
    receiverId: scope.receiver.receiverId,
    substate,
    ...details,
  });
}

/** The receiver identifies itself: starts, uploads captures of its documents and a selfie, and finishes. */
export function createPortalIdentificationService(deps: TPortalDeps) {
  return {
    /** A capture is large: its link is checked before its body is read. */
    identificationCaptureLink(token: string, now = new Date()): Promise<void> {
      return assertLiveLink(deps, token, now);
    },

    identificationStart(token: string, now = new Date()): Promise<TPortalView> {
      return withReceiver(deps, token, now, async (scope) => {
        await assertCanAnswer(scope, ['identification']);
        if (scope.receiver.substate === null) await setSubstate(scope, 'WELCOME_PAGE_ACCEPTED');
        return buildView(scope.trx, scope, now);
      });
    },

    async identificationCapture(token: string, capture: TPortalCapture, now = new Date()): Promise<TPortalView> {
      const bytes = decodeDataUrl(capture.content);
      const type = sniffAttachmentType(bytes);
      const problem = captureProblem(bytes, type);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return withReceiver(deps, token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        await assertCanAnswer(scope, ['identification']);
        if (receiver.substate === null) throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED');
        if (capture.kind === 'OTHER') {
          const counts = await selectCaptureCounts(trx, receiver.receiverId);
          if (captureCountOf(counts, 'OTHER') >= OTHER_CAPTURES_LIMIT) {
            throw new ApiError(400, 'ERR_TOO_MANY_ITEMS', { content: 'ERR_TOO_MANY_ITEMS' });
          }
        }
        const base = { receiverId: receiver.receiverId, kind: capture.kind, sha256, sizeBytes: bytes.length };
        if (problem) {
          const failures = receiver.captureFailures + 1;
          await updatePortalReceiver(trx, receiver.receiverId, { captureFailures: failures });
          const failuresLeft = captureFailuresLeft(failures);
          await setSubstate(scope, captureErrorSubstate(capture.kind, receiver.substate), {
            ...base,
            failure: failures,
            problem,
          });
          if (failuresLeft === 0) {
            await updatePortalReceiver(trx, receiver.receiverId, { answeredAt: now });
            await closeWithFailure(deps, scope, 'ocrExceeded', { ...base, failure: failures });
          }
          return new ApiError(400, problem, { content: problem }, { failuresLeft });
        }
        const stored = await deps.blobs.put(bytes);
        const position = await insertCapture(trx, {
          shippingId: shipping.id,
          receiverId: receiver.receiverId,
          kind: capture.kind,
          name: `${capture.kind.toLowerCase()}-${receiver.position}.${captureExtension(type as string)}`,
          mimeType: type as string,
          sizeBytes: bytes.length,
          sha256: stored.sha256,
        });
        await note(trx, shipping, 'captureUploaded', { ...base, position });
        const next = captureSavedSubstate(tallyCaptures(await selectCaptureCounts(trx, receiver.receiverId)));
        if (receiver.substate !== next) await setSubstate(scope, next);
        return buildView(trx, scope, now);
      });
    },

    identificationFinish(token: string, now = new Date()): Promise<TPortalView> {
      return withReceiver(deps, token, now, async (scope) => {
        const { trx, receiver } = scope;
        await assertCanAnswer(scope, ['identification']);
        if (receiver.substate === null) throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED');
        const tally = tallyCaptures(await selectCaptureCounts(trx, receiver.receiverId));
        const { identity, selfie, others } = tally;
        const missing = missingSubstate(tally, receiver.identificationDocuments);
        if (!missing && asksForVideo(receiver.serviceKind) && (await countVideos(trx, receiver.receiverId)) === 0) {
          throw new ApiError(400, 'ERR_VALIDATION', { video: 'ERR_FIELD_REQUIRED' });
        }
        if (missing) {
          await setSubstate(scope, missing, { identity, selfie, others });
          return buildView(trx, scope, now);
        }
        await setSubstate(scope, 'PENDING_CLOSE', { identity, selfie, others });
        await recordAcceptance(deps, scope, now, { answer: 'identified', identity, selfie, others });
        return buildView(trx, scope, now);
      });
    },
  };
}
