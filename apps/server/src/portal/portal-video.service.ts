import { createHash } from 'node:crypto';
import type { TPortalVideo, TPortalView } from '@sello/contracts/catalogue/portal';
import { ApiError } from '../platform/api-error.ts';
import { decodeDataUrl } from '../platform/attachment-check.ts';
import { countVideos, insertVideo } from './portal.queries.ts';
import { assertCanAnswer, buildView, note, type TPortalDeps, withReceiver, withStore } from './portal-receiver.ts';
import { asksForVideo, sniffVideoType, videoProblem } from './portal-rules.ts';

/** How many recordings a receiver may store (a retake after a bad one, not an archive). */
export const VIDEO_MAX_TAKES = 3;

/**
 * Unattended video identification: after the receiver consents, the page records a short video and sends
 * it. Checked by its bytes (WebM or MP4, size), stored in the blob store and as a `video` document of the
 * receiver with its SHA-256, and recorded as a `videoRecorded` event (hash, size, type, consent and the
 * language of the consent text shown). The sender downloads it through shippingUrlVideoDownload.
 */
export function createPortalVideoService(deps: TPortalDeps) {
  return {
    async identificationVideo(token: string, video: TPortalVideo, now = new Date()): Promise<TPortalView> {
      const bytes = decodeDataUrl(video.content);
      const problem = videoProblem(bytes);
      if (problem) throw new ApiError(400, problem, { content: problem });
      const mimeType = sniffVideoType(bytes)!;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return withReceiver(deps, token, now, async (scope) => {
        const { trx, shipping, receiver } = scope;
        await assertCanAnswer(scope, ['identification']);
        if (!asksForVideo(receiver.serviceKind) || receiver.substate === null) {
          throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED');
        }
        if ((await countVideos(trx, receiver.receiverId)) >= VIDEO_MAX_TAKES) {
          throw new ApiError(400, 'ERR_TOO_MANY_ITEMS', { content: 'ERR_TOO_MANY_ITEMS' });
        }
        const stored = await withStore(() => deps.blobs.put(bytes));
        const position = await insertVideo(trx, {
          shippingId: shipping.id,
          receiverId: receiver.receiverId,
          name: `video-${receiver.position}.${mimeType === 'video/webm' ? 'webm' : 'mp4'}`,
          mimeType,
          sizeBytes: bytes.length,
          sha256: stored.sha256,
        });
        await note(trx, shipping, 'videoRecorded', {
          receiverId: receiver.receiverId,
          position,
          sha256,
          sizeBytes: bytes.length,
          mimeType,
          consent: video.consent,
          consentLanguage: video.language,
        });
        return buildView(trx, scope, now);
      });
    },
  };
}
