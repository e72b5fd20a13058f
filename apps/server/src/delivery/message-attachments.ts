import { createHash } from 'node:crypto';
import type { TBlobStore } from '../platform/blob-store.ts';
import { ChannelSendError, type TOutgoingAttachment } from '../platform/channel-adapter.ts';
import type { selectMessageAttachments } from './message-attachments.queries.ts';

type TAttachmentRow = Awaited<ReturnType<typeof selectMessageAttachments>>[number];

async function hashBlob(blobs: TBlobStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await blobs.open(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Reads every document through once and compares its bytes with the recorded SHA-256 before anything
 * is handed to the adapter: a missing or altered file fails the message for good instead of leaving
 * an e-mail cut short in the middle of its DATA. Only `ChannelSendError` leaves here, so a blob-store
 * fault is never taken for an SMTP send that may have happened.
 */
export async function prepareAttachments(
  blobs: TBlobStore,
  documents: readonly TAttachmentRow[],
): Promise<TOutgoingAttachment[]> {
  for (const document of documents) {
    let actual: string;
    try {
      actual = await hashBlob(blobs, document.sha256);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new ChannelSendError('permanent', `document ${document.id} (${document.name}) is missing from the store`);
      }
      throw new ChannelSendError('transient', `document ${document.id} unreadable: ${(error as Error).message}`);
    }
    if (actual !== document.sha256) {
      throw new ChannelSendError(
        'permanent',
        `document ${document.id} (${document.name}) does not match its SHA-256 ${document.sha256}: not sent`,
      );
    }
  }
  return documents.map((document) => ({
    name: document.name,
    mimeType: document.mimeType,
    sha256: document.sha256,
    open: () => blobs.open(document.sha256),
  }));
}
