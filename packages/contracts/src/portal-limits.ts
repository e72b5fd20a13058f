/**
 * Constants of the recipient pages shared by the server and the page. Kept apart from the catalogue
 * entry so the page reads them without bundling zod.
 */
export const RECEIVER_TOKEN_HEADER = 'x-receiver-token';

/** Wrong PINs a receiver may type before the shipping closes with `pin_error`. */
export const PIN_MAX_ATTEMPTS = 3;
/** Minutes a PIN stays valid. */
export const PIN_VALID_MINUTES = 10;
/** PINs a receiver may ask for (each one is a message). */
export const PIN_MAX_REQUESTS = 5;
/** Failed identity captures (unreadable or wrong images) before the shipping closes as `exceeded_ocr_tries`. */
export const CAPTURE_MAX_FAILURES = 5;
/** Largest identity capture, bytes. */
export const CAPTURE_MAX_BYTES = 8 * 1024 * 1024;
/** Smallest identity capture, bytes: anything smaller cannot show a readable document. */
export const CAPTURE_MIN_BYTES = 1024;
/** Largest recording of an unattended video identification, bytes (a short clip: VIDEO_MAX_SECONDS). */
export const VIDEO_MAX_BYTES = 12 * 1024 * 1024;
/** Smallest recording, bytes: anything smaller holds no usable frame. */
export const VIDEO_MIN_BYTES = 1024;
/** How long the page records, seconds. */
export const VIDEO_MAX_SECONDS = 8;
/** Reasons a recipient may give when rejecting (situation reasons of spec §4); none reads as NOT_DOCUMENT_AGREE. */
export const RECIPIENT_REJECT_REASONS = [
  'NOT_DOCUMENT_AGREE',
  'DOCUMENT_DATA_INVALID',
  'USER_DATA_INVALID',
  'SENDER_UNKNOWN',
  'USER_MOBILE_CHANGED',
  'OTHER_REASONS',
] as const;
/**
 * Bounds of a handwritten signature: the pad (CSS pixels), its strokes and points, how long it may take, the
 * body's size, and what a signature needs at least (points, and ink length as a share of the pad's width).
 */
export const HANDWRITING_LIMITS = {
  maxPadSize: 4000,
  maxStrokes: 60,
  maxPoints: 6000,
  maxDurationMs: 120_000,
  maxBodyBytes: 512 * 1024,
  minPoints: 12,
  minInkShare: 0.6,
} as const;
