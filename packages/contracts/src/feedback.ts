import { z } from 'zod';
import { FEEDBACK_LIMITS } from './constants.ts';
import { isEmail } from './patterns.ts';

/** A missing value reports only that it is required, not also that it is malformed. */
const requiredText = (max: number) =>
  z.string().trim().min(1, { message: 'ERR_FIELD_REQUIRED', abort: true }).max(max, 'ERR_FIELD_TOO_LONG');

/** Attachment types the feedback form accepts: any image, or PDF. */
export function isFeedbackFileType(type: string): boolean {
  return type.startsWith('image') || type === 'application/pdf';
}
export const FEEDBACK_ALLOWED_TYPES = 'image/*, application/pdf';

export const ZFeedbackFile = z.object({
  name: z.string().min(1).max(200),
  type: z.string().refine(isFeedbackFileType, 'ERR_FILE_TYPE'),
  /** A data URL in base64. */
  content: z.string().regex(/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=]*$/, 'ERR_FIELD_INVALID'),
});
export type TFeedbackFile = z.infer<typeof ZFeedbackFile>;

/**
 * The fields a person fills in; shared by the form and the server. The e-mail is shown (and sent) only when the
 * signed-in user has one (spec §2); a report without a session must carry one (the service checks).
 */
export const ZFeedbackForm = z.object({
  name: requiredText(FEEDBACK_LIMITS.name),
  email: requiredText(FEEDBACK_LIMITS.email).refine(isEmail, 'ERR_EMAIL_INVALID').optional(),
  subject: requiredText(FEEDBACK_LIMITS.subject),
  msg: requiredText(FEEDBACK_LIMITS.message),
});

export const ZFeedback = ZFeedbackForm.extend({
  deviceInfo: z.string().max(1000).optional(),
  idUser: z.number().int().optional(),
  resolution: z.string().max(50).optional(),
  currentUrl: z.string().max(2000).optional(),
  requestCid: z.string().max(100).optional(),
  guid: z.string().max(100).optional(),
  file: ZFeedbackFile.optional(),
});
export type TFeedback = z.infer<typeof ZFeedback>;

/** Size in KB of the bytes a base64 data URL carries. */
export function dataUrlSizeKb(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return ((base64.length * 3) / 4 - padding) / 1024;
}
