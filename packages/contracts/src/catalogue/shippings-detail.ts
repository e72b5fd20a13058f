import { z } from 'zod';
import { ZIdParams, ZLanguage, ZTimestamp } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  ZDocumentCategory,
  ZFont,
  ZIdentificationSubstate,
  ZMultiSignerOrder,
  ZPinSignatureTextValue,
  ZPostalDocumentType,
  ZPostalReceiverType,
  ZResultFilter,
  ZShippingStateFilter,
  ZSituationCode,
  ZSituationReason,
} from '../enums.ts';
import { READ, ZRequestIdQuery } from './shippings-common.ts';
import { ZShippingRow } from './shippings-list.ts';

/** What a stored file is: the sender's original, the copy sent, evidence produced later, captures. */
export const SHIPPING_DOCUMENT_KINDS = [
  'original',
  'sent',
  'non_report',
  'certificate',
  'courier',
  'identity',
  'video',
  // The postal letter as printed, and the courier's signed receipt of its delivery.
  'letter',
  'courier_proof',
  // An original with the receivers' PIN signatures stamped on it, as the type's signature text says.
  'signed',
] as const;
export const ZShippingDocumentKind = z.enum(SHIPPING_DOCUMENT_KINDS);

export const ZShippingDocument = z.object({
  fileRequest: z.number().int(),
  name: z.string(),
  kind: ZShippingDocumentKind,
  category: ZDocumentCategory,
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** SHA-256 of the bytes, computed by the server when they were stored. */
  sha256: z.string(),
  createdAt: ZTimestamp,
});
export type TShippingDocument = z.infer<typeof ZShippingDocument>;

/** One transition of the shipping, as recorded in its hash-chained event log. */
export const ZShippingEvent = z.object({
  seq: z.number().int(),
  at: ZTimestamp,
  /** `system` for the delivery side and jobs, otherwise the user's name. */
  actor: z.string(),
  actorUserId: z.number().int().nullable(),
  action: z.string(),
  fromState: ZShippingStateFilter.nullable(),
  fromResult: ZResultFilter.nullable(),
  toState: ZShippingStateFilter,
  toResult: ZResultFilter.nullable(),
  deleted: z.boolean(),
  reason: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type TShippingEvent = z.infer<typeof ZShippingEvent>;

export const AUTHORISATION_DECISIONS = ['pending', 'authorized', 'denied', 'expired'] as const;

export const ZShippingAuthorisation = z.object({
  id: z.number().int(),
  round: z.number().int(),
  authoriserKind: z.enum(['user', 'group']),
  authoriserId: z.number().int(),
  authoriserName: z.string(),
  decision: z.enum(AUTHORISATION_DECISIONS),
  decidedById: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: ZTimestamp.nullable(),
  comment: z.string().nullable(),
  deadlineAt: ZTimestamp,
});
export type TShippingAuthorisation = z.infer<typeof ZShippingAuthorisation>;

export const ZShippingReceiver = z.object({
  position: z.number().int(),
  receiverType: ZPostalReceiverType,
  name: z.string(),
  documentType: ZPostalDocumentType.nullable(),
  documentNumber: z.string().nullable(),
  email: z.string().nullable(),
  cc: z.string().nullable(),
  mobile: z.string().nullable(),
  language: ZLanguage.nullable(),
  postal: z
    .object({
      streetType: z.string().nullable(),
      street: z.string(),
      streetNumType: z.string().nullable(),
      streetNumber: z.string().nullable(),
      addressExtra: z.string().nullable(),
      postalCode: z.string(),
      city: z.string(),
      province: z.string().nullable(),
      country: z.string(),
    })
    .nullable(),
  /** Delivery to this receiver: pending until the shipping is dispatched. */
  status: z.enum(['pending', 'sent', 'delivered', 'opened', 'accepted', 'rejected', 'failed', 'expired']),
  statusAt: ZTimestamp.nullable(),
});
export type TShippingReceiver = z.infer<typeof ZShippingReceiver>;

/** Actions the detail offers the user now: allowed by the transition table, the user's flags and role. */
export const SHIPPING_DETAIL_ACTIONS = ['authorize', 'deny', 'retry', 'cancel', 'delete', 'recover'] as const;

export const ZShippingDetail = ZShippingRow.extend({
  /** The sender's own message (placed where the template says {{message}}). */
  body: z.string().nullable(),
  templateId: z.number().int().nullable(),
  /** The template as it is sent, the shipping's values filled and the receiver's still named (null without one). */
  templateBody: z.string().nullable().optional(),
  situationCode: ZSituationCode.nullable(),
  situationReason: ZSituationReason.nullable(),
  identificationSubstate: ZIdentificationSubstate.nullable(),
  customFields: z.record(z.string(), z.string()),
  metaProperties: z.record(z.string(), z.string()),
  /** Values of the type's form, as the form was when the shipping was sent. */
  formValues: z.array(z.object({ name: z.string(), label: z.string(), value: z.string() })),
  multiSignerOrder: ZMultiSignerOrder,
  pinSignatureText: ZPinSignatureTextValue.nullable(),
  font: ZFont.nullable(),
  custodyDays: z.number().int().nullable(),
  requiresAuth: z.boolean(),
  authRound: z.number().int(),
  authDeadlineAt: ZTimestamp.nullable(),
  responseDeadlineAt: ZTimestamp.nullable(),
  custodyUntil: ZTimestamp.nullable(),
  deletedAt: ZTimestamp.nullable(),
  receivers: z.array(ZShippingReceiver),
  documents: z.array(ZShippingDocument),
  events: z.array(ZShippingEvent),
  authorisations: z.array(ZShippingAuthorisation),
  allowedActions: z.array(z.enum(SHIPPING_DETAIL_ACTIONS)),
  /** Whether this user may have the access message sent again now (sendAccessComunication). */
  canResendAccess: z.boolean(),
  /** The positions of the receivers this user may hand their page over to at the desk now (on-screen shippings). */
  handOver: z.array(z.number().int()),
});
export type TShippingDetail = z.infer<typeof ZShippingDetail>;

/** The evidence event that records a receiver's answer: its place in the shipping's hash chain. */
export const ZSignatureEvidence = z.object({
  seq: z.number().int(),
  action: z.string(),
  at: ZTimestamp,
  hash: z.string(),
});

export const ZSignature = z.object({
  position: z.number().int(),
  signer: z.string(),
  /**
   * How the receiver signed (or, while pending, how it will be asked to): `pin`: a one-time code sent to
   * the receiver confirms; `click`: express acceptance, no code. Read from the receiver's answer event.
   */
  method: z.enum(['pin', 'click']),
  /** Where the PIN that signed went (sms, email or whatsapp); null without a PIN or before one was used. */
  pinChannel: z.string().nullable(),
  /** Which of the receiver's PINs signed, and at which attempt; null without one. */
  pinNumber: z.number().int().nullable(),
  attempt: z.number().int().nullable(),
  state: z.enum(['pending', 'signed', 'rejected']),
  signedAt: ZTimestamp.nullable(),
  /** The rejection's reason as the receiver wrote it; null otherwise. */
  reason: z.string().nullable(),
  evidence: ZSignatureEvidence.nullable(),
});
export type TSignature = z.infer<typeof ZSignature>;

export const shippingsDetailApi = {
  detail: defineEndpoint({
    id: 'shippings.detail',
    method: 'GET',
    path: 'shippings/shippingdetail',
    summary: 'One shipping with its documents and history',
    permission: READ,
    query: ZRequestIdQuery,
    response: ZShippingDetail,
  }),
  samlAccess: defineEndpoint({
    id: 'shippings.samlAccess',
    method: 'GET',
    path: 'shippings/shippingSamlAccess',
    summary: 'SAML access link of a shipping',
    permission: READ,
    query: ZRequestIdQuery,
    response: z.object({ url: z.string() }),
  }),
  auths: defineEndpoint({
    id: 'shippings.auths',
    method: 'GET',
    path: 'shippings/shippingauths',
    summary: 'Authorisations of a shipping',
    permission: READ,
    query: ZRequestIdQuery,
    response: z.array(ZShippingAuthorisation),
  }),
  signatures: defineEndpoint({
    id: 'shippings.signatures',
    method: 'GET',
    path: 'shippings/signatures/{id}',
    summary: 'Signatures collected by a shipping',
    permission: READ,
    params: ZIdParams,
    response: z.array(ZSignature),
  }),
  urlVideoDownload: defineEndpoint({
    id: 'shippings.urlVideoDownload',
    method: 'GET',
    path: 'shippings/shippingUrlVideoDownload',
    summary: 'Download link of the video of a video identification',
    permission: READ,
    query: ZRequestIdQuery,
    response: z.object({ url: z.string() }),
  }),
} as const;
