import { PREFERENCES } from '@sello/contracts/constants';
import type { TFeedback } from '@sello/contracts/feedback';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import { decodeDataUrl, sniffAttachmentType } from '../platform/attachment-check.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TMailer } from '../platform/mailer.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { DEFAULT_FILE_UPLOAD_MAX_SIZE_KB } from './configuration.service.ts';
import { insertFeedback, markFeedbackMailed } from './feedback.queries.ts';

type Deps = {
  db: Kysely<Database>;
  blobs: TBlobStore;
  preferences: TPreferences;
  mailer: TMailer;
  supportEmail: string;
  logger: FastifyBaseLogger;
};

export function createFeedbackService({ db, blobs, preferences, mailer, supportEmail, logger }: Deps) {
  /** Checks the attachment by its bytes, not by what the browser claimed. */
  async function checkAttachment(file: NonNullable<TFeedback['file']>) {
    const content = decodeDataUrl(file.content);
    const maxKb = await preferences.getNumber(PREFERENCES.fileUploadMaxSize, DEFAULT_FILE_UPLOAD_MAX_SIZE_KB);
    if (content.length / 1024 > maxKb)
      throw new ApiError(400, 'ERR_MAX_FILE_SIZE', { file: 'ERR_MAX_FILE_SIZE' }, { size: maxKb });
    const actualType = sniffAttachmentType(content);
    if (!actualType) throw new ApiError(400, 'ERR_FILE_TYPE', { file: 'ERR_FILE_TYPE' });
    return { content, type: actualType };
  }

  async function sendFeedback(feedback: TFeedback, userId: string | null, ip: string) {
    // A signed-in user is known by id; anyone else must say where to answer.
    if (feedback.email === undefined && userId === null) {
      throw new ApiError(400, 'ERR_VALIDATION', { email: 'ERR_FIELD_REQUIRED' });
    }
    const attachment = feedback.file ? await checkAttachment(feedback.file) : null;
    // Outside the database's rows: a report's attachment weighs on no table scan, backup or replica.
    const stored = attachment ? await blobs.put(attachment.content) : null;
    const { id } = await insertFeedback(db, {
      user_id: userId,
      name: feedback.name,
      email: feedback.email ?? null,
      subject: feedback.subject,
      msg: feedback.msg,
      device_info: feedback.deviceInfo ?? null,
      resolution: feedback.resolution ?? null,
      current_url: feedback.currentUrl ?? null,
      request_cid: feedback.requestCid ?? null,
      guid: feedback.guid ?? null,
      file_name: feedback.file?.name ?? null,
      file_type: attachment?.type ?? null,
      file_key: stored?.key ?? null,
      ip,
    });
    if (!mailer.enabled) return;
    // The report is stored; a mail failure is logged and does not fail the call.
    try {
      await mailer.send({
        to: supportEmail,
        subject: `[Sello feedback #${id}] ${feedback.subject}`,
        text: [
          `From: ${feedback.name}${feedback.email ? ` <${feedback.email}>` : ' (no e-mail on the account)'}`,
          `User id: ${userId ?? '-'}`,
          `Page: ${feedback.currentUrl ?? '-'}`,
          `Request: ${feedback.requestCid ?? feedback.guid ?? '-'}`,
          `Device: ${feedback.deviceInfo ?? '-'} (${feedback.resolution ?? '-'})`,
          '',
          feedback.msg,
        ].join('\n'),
        attachments:
          attachment && feedback.file
            ? [{ filename: feedback.file.name, content: attachment.content, contentType: attachment.type }]
            : undefined,
      });
      await markFeedbackMailed(db, id);
    } catch (error) {
      logger.warn({ err: error, feedbackId: id }, 'feedback mail failed');
    }
  }

  return { sendFeedback };
}
