import { z } from 'zod';
import { ZFile, ZLanguage } from '../common.ts';
import { LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZIdentificationDocumentKind, ZIdentificationSubstate } from '../enums.ts';
import { CAPTURE_MAX_BYTES, VIDEO_MAX_BYTES } from '../portal-limits.ts';
import { PIN_CHANNELS } from '../reference/sign-methods.ts';
import { RECIPIENT_REJECT_REASONS } from '../shipping-situations.ts';

/**
 * The recipient pages (our addition to spec §7). Every call is authenticated only by the receiver's
 * link token in the `x-receiver-token` header: no session, no cookie. A receiver sees its own shipping
 * view and nothing of other receivers (header name and limits: portal-limits.ts).
 */

/** What a receiver does on its page, by service kind. */
export const PORTAL_MODES = ['acknowledge', 'sign', 'identification', 'readOnly'] as const;
export type PortalMode = (typeof PORTAL_MODES)[number];

/** How the receiver's part ended, or null while it can still act. */
export const PORTAL_OUTCOMES = [
  'acknowledged',
  'accepted',
  'rejected',
  'pinFailed',
  'expired',
  'captureFailed',
  'cancelled',
  'closed',
] as const;
export type PortalOutcome = (typeof PORTAL_OUTCOMES)[number];

export const ZPortalDocument = z.object({
  position: z.number().int(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});

export const ZPortalView = z.object({
  senderCompany: z.string(),
  serviceKind: z.string(),
  mode: z.enum(PORTAL_MODES),
  subject: z.string(),
  body: z.string().nullable(),
  receiverName: z.string(),
  language: ZLanguage,
  responseDeadlineAt: z.iso.datetime().nullable(),
  custodyUntil: z.iso.datetime().nullable(),
  documents: z.array(ZPortalDocument),
  /** The receiver may answer now. */
  canAnswer: z.boolean(),
  /** Acceptance asks for a PIN before accepting. */
  pinRequired: z.boolean(),
  pinAttemptsLeft: z.number().int(),
  /** Acceptance asks for a handwritten signature drawn on the page (sign method BIOHAND_GRAPH). */
  handwritingRequired: z.boolean(),
  /** Acceptance asks for a signature with the receiver's own certificate, made in the browser (sign method PKI). */
  certificateRequired: z.boolean(),
  /** Double acceptance in order: the previous signer has not accepted yet. */
  waitingForPrevious: z.boolean(),
  outcome: z.enum(PORTAL_OUTCOMES).nullable(),
  identification: z
    .object({
      substate: ZIdentificationSubstate.nullable(),
      captures: z.array(z.object({ kind: ZIdentificationDocumentKind, count: z.number().int() })),
      otherLimit: z.number().int(),
      failuresLeft: z.number().int(),
      /** Unattended video identification: a recording is part of the identification, and whether it is in. */
      videoRequired: z.boolean(),
      videoRecorded: z.boolean(),
    })
    .nullable(),
});
export type TPortalView = z.infer<typeof ZPortalView>;

export const ZPortalPinSent = z.object({
  channel: z.enum(PIN_CHANNELS),
  /** The number or address, partly hidden. */
  sentTo: z.string(),
  /** Where the PIN goes instead when `channel` does not deliver it (WHATSAPP_SMS, WHATSAPP_VOICE). */
  fallbackChannel: z.enum(PIN_CHANNELS).nullable(),
  expiresAt: z.iso.datetime(),
  attemptsLeft: z.number().int(),
});
export type TPortalPinSent = z.infer<typeof ZPortalPinSent>;

export const ZPortalAccept = z.object({
  pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'ERR_PIN_INVALID')
    .optional(),
});
export type TPortalAccept = z.infer<typeof ZPortalAccept>;

export const ZPortalReject = z.object({
  reason: z.string('ERR_FIELD_REQUIRED').trim().min(1, 'ERR_FIELD_REQUIRED').max(500, 'ERR_FIELD_TOO_LONG'),
  /** Why, among the reasons a recipient may give (the shipping's situation); none reads as NOT_DOCUMENT_AGREE. */
  situationReason: z.enum(RECIPIENT_REJECT_REASONS, 'ERR_FIELD_INVALID').optional(),
});
export type TPortalReject = z.infer<typeof ZPortalReject>;

export const ZPortalCapture = z.object({
  kind: ZIdentificationDocumentKind,
  /** The photo as a base64 data URL (JPEG, PNG or WebP; checked by its bytes). */
  content: z
    .string('ERR_FIELD_REQUIRED')
    .min(1, 'ERR_FIELD_REQUIRED')
    .max(Math.ceil((CAPTURE_MAX_BYTES * 4) / 3) + 100, 'ERR_MAX_FILE_SIZE')
    .regex(/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=]+$/, 'ERR_FILE_TYPE'),
});
export type TPortalCapture = z.infer<typeof ZPortalCapture>;

export const ZPortalVideo = z.object({
  /** The recording as a base64 data URL (WebM or MP4; checked by its bytes). */
  content: z
    .string('ERR_FIELD_REQUIRED')
    .min(1, 'ERR_FIELD_REQUIRED')
    .max(Math.ceil((VIDEO_MAX_BYTES * 4) / 3) + 100, 'ERR_MAX_FILE_SIZE')
    .regex(/^data:[\w.+/;=-]*;base64,[A-Za-z0-9+/=]+$/, 'ERR_FILE_TYPE'),
  /** The receiver agreed to the consent text shown before recording (in its language). */
  consent: z.literal(true, 'ERR_FIELD_REQUIRED'),
  language: ZLanguage,
});
export type TPortalVideo = z.infer<typeof ZPortalVideo>;

export const OTHER_CAPTURES_LIMIT = LIMITS.otherIdCardDocumentsLimit;

const ZPosition = z.object({ position: z.coerce.number().int().min(1) });

export const portalApi = {
  view: defineEndpoint({
    id: 'portal.view',
    method: 'GET',
    path: 'portal/shipping',
    summary: 'The receiver’s view of its shipping (records the opening)',
    permission: 'public',
    response: ZPortalView,
    beyondSpec: true,
  }),
  document: defineEndpoint({
    id: 'portal.document',
    method: 'GET',
    path: 'portal/documents/{position}',
    summary: 'One document of the receiver’s shipping (records the download)',
    permission: 'public',
    params: ZPosition,
    response: ZFile,
    responseKind: 'file',
    beyondSpec: true,
  }),
  acknowledge: defineEndpoint({
    id: 'portal.acknowledge',
    method: 'POST',
    path: 'portal/acknowledge',
    summary: 'The receiver acknowledges a notification, communication or custody',
    permission: 'public',
    response: ZPortalView,
    beyondSpec: true,
  }),
  requestPin: defineEndpoint({
    id: 'portal.requestPin',
    method: 'POST',
    path: 'portal/pin',
    summary: 'Sends the receiver a PIN to accept with',
    permission: 'public',
    response: ZPortalPinSent,
    beyondSpec: true,
  }),
  accept: defineEndpoint({
    id: 'portal.accept',
    method: 'POST',
    path: 'portal/accept',
    summary: 'The receiver accepts (with its PIN where the kind asks for one)',
    permission: 'public',
    body: ZPortalAccept,
    response: ZPortalView,
    beyondSpec: true,
  }),
  reject: defineEndpoint({
    id: 'portal.reject',
    method: 'POST',
    path: 'portal/reject',
    summary: 'The receiver rejects, with a reason',
    permission: 'public',
    body: ZPortalReject,
    response: ZPortalView,
    beyondSpec: true,
  }),
  identificationStart: defineEndpoint({
    id: 'portal.identificationStart',
    method: 'POST',
    path: 'portal/identification/start',
    summary: 'The receiver accepts the welcome page of an identification',
    permission: 'public',
    response: ZPortalView,
    beyondSpec: true,
  }),
  identificationCapture: defineEndpoint({
    id: 'portal.identificationCapture',
    method: 'POST',
    path: 'portal/identification/captures',
    summary: 'Uploads one identity capture (document side, selfie or other document)',
    permission: 'public',
    body: ZPortalCapture,
    response: ZPortalView,
    beyondSpec: true,
  }),
  identificationVideo: defineEndpoint({
    id: 'portal.identificationVideo',
    method: 'POST',
    path: 'portal/identification/video',
    summary: 'The receiver records the video of an unattended video identification, after consenting',
    permission: 'public',
    body: ZPortalVideo,
    response: ZPortalView,
    beyondSpec: true,
  }),
  identificationFinish: defineEndpoint({
    id: 'portal.identificationFinish',
    method: 'POST',
    path: 'portal/identification/finish',
    summary: 'The receiver ends the captures; a complete identification closes as accepted',
    permission: 'public',
    response: ZPortalView,
    beyondSpec: true,
  }),
} as const;
