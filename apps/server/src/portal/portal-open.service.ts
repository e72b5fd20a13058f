import type { Readable } from 'node:stream';
import type { TPortalView } from '@sello/contracts/catalogue/portal';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../platform/api-error.ts';
import { openStarted } from '../platform/blob-store.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import { selectPortalReceiver, selectReceiverDocuments } from './portal.queries.ts';
import { buildView, note, type TPortalDeps, withReceiver, withStore } from './portal-receiver.ts';
import { documentsAvailable } from './portal-rules.ts';

/** The receiver opens its page and reads its documents. */
export function createPortalOpenService(deps: TPortalDeps) {
  return {
    view(token: string, now = new Date()): Promise<TPortalView> {
      return withReceiver(deps, token, now, (scope) => buildView(scope.trx, scope, now));
    },

    async document(token: string, position: number, reply: FastifyReply, now = new Date()) {
      let opened: Readable | undefined;
      try {
        const document = await withReceiver(deps, token, now, async (scope) => {
          const { trx, shipping, receiver } = scope;
          if (!documentsAvailable(await selectPortalReceiver(trx, receiver.receiverId), now)) {
            return new ApiError(403, 'ERR_DOWNLOAD_NOT_AVAILABLE');
          }
          const documents = await selectReceiverDocuments(trx, shipping.id, receiver.receiverId);
          const found = documents.find((row) => row.position === position);
          if (!found) return new ApiError(404, 'ERR_NOT_FOUND');
          // The download is recorded only once the store has answered with the file's first bytes.
          opened = await withStore(() => openStarted(deps.blobs, found.sha256));
          await note(trx, shipping, 'downloaded', {
            receiverId: receiver.receiverId,
            position,
            sha256: found.sha256,
          });
          return found;
        });
        return reply
          .header('content-type', document.mimeType)
          .header('content-length', document.sizeBytes)
          .header('content-disposition', contentDisposition('attachment', document.name))
          .header('x-content-sha256', document.sha256)
          .send(opened);
      } catch (error) {
        opened?.destroy();
        throw error;
      }
    },
  };
}
