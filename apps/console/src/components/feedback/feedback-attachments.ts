import { LIMITS } from '@sello/contracts/constants';
import { FEEDBACK_ALLOWED_TYPES, isFeedbackFileType } from '@sello/contracts/feedback';

export type TAttachmentRejection = {
  key: 'ERR_FILE_TYPE' | 'ERR_MAX_FILE_SIZE';
  params: Record<string, string | number>;
};

export type TAttachmentResult = { files: File[]; rejection: TAttachmentRejection | null };

/**
 * Spec §5: the type must start with `image` or be PDF; the size in KB must not exceed the
 * configured maximum; a file named like one already added is ignored.
 */
export function addAttachment(current: readonly File[], incoming: File, maxSizeKb: number): TAttachmentResult {
  if (current.some((file) => file.name === incoming.name)) return { files: [...current], rejection: null };
  if (!isFeedbackFileType(incoming.type)) {
    return { files: [...current], rejection: { key: 'ERR_FILE_TYPE', params: { types: FEEDBACK_ALLOWED_TYPES } } };
  }
  if (incoming.size / LIMITS.byteScale > maxSizeKb) {
    return { files: [...current], rejection: { key: 'ERR_MAX_FILE_SIZE', params: { size: maxSizeKb } } };
  }
  return { files: [...current, incoming], rejection: null };
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
