import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZPortalView } from './portal.ts';

/**
 * The receiver's own-certificate signature (sign method PKI), in two calls: the page sends the certificate (its
 * public part only: the private key never leaves the browser) and gets, per PDF, the CMS signed attributes to sign;
 * it signs them with the key and sends the signatures back. Sizes are bounded so an oversized body is refused early.
 */
const ZBase64 = (max: number) =>
  z
    .string('ERR_PKI_CERTIFICATE_UNREADABLE')
    .max(max, 'ERR_PKI_CERTIFICATE_UNREADABLE')
    .regex(/^[A-Za-z0-9+/=\s-]*$/, 'ERR_PKI_CERTIFICATE_UNREADABLE');

export const ZPortalPkiPrepare = z.object({
  /** The receiver's certificate, DER in base64 or PEM. */
  certificate: ZBase64(32_768).min(1, 'ERR_PKI_CERTIFICATE_UNREADABLE'),
});
export type TPortalPkiPrepare = z.infer<typeof ZPortalPkiPrepare>;

export const ZPortalPkiPrepared = z.object({
  /** What the server keeps of this preparation, for the signatures that follow (minutes, this receiver only). */
  prepareId: z.uuid(),
  expiresAt: z.iso.datetime(),
  documents: z.array(
    z.object({
      position: z.number().int(),
      name: z.string(),
      /** The DER of the CMS signed attributes (a SET) to sign with RSASSA-PKCS1-v1_5 and SHA-256, base64. */
      signedAttributes: z.string(),
    }),
  ),
});
export type TPortalPkiPrepared = z.infer<typeof ZPortalPkiPrepared>;

export const ZPortalPkiAccept = z.object({
  prepareId: z.uuid('ERR_PKI_PREPARATION_UNKNOWN'),
  signatures: z
    .array(
      z.object({
        position: z.number('ERR_PKI_SIGNATURE_INVALID').int('ERR_PKI_SIGNATURE_INVALID'),
        signature: z
          .string('ERR_PKI_SIGNATURE_INVALID')
          .min(1, 'ERR_PKI_SIGNATURE_INVALID')
          .max(4_096, 'ERR_PKI_SIGNATURE_INVALID')
          .regex(/^[A-Za-z0-9+/=]+$/, 'ERR_PKI_SIGNATURE_INVALID'),
      }),
      'ERR_PKI_SIGNATURE_INVALID',
    )
    .min(1, 'ERR_PKI_SIGNATURE_INVALID')
    .max(100, 'ERR_PKI_SIGNATURE_INVALID'),
});
export type TPortalPkiAccept = z.infer<typeof ZPortalPkiAccept>;

export const portalPkiApi = {
  preparePki: defineEndpoint({
    id: 'portal.preparePki',
    method: 'POST',
    path: 'portal/pki/prepare',
    summary: "Prepares the receiver's documents for a signature with its own certificate (sign method PKI)",
    permission: 'public',
    body: ZPortalPkiPrepare,
    response: ZPortalPkiPrepared,
    beyondSpec: true,
  }),
  acceptPki: defineEndpoint({
    id: 'portal.acceptPki',
    method: 'POST',
    path: 'portal/pki/accept',
    summary: 'The receiver accepts with the signatures its own certificate made of the prepared documents',
    permission: 'public',
    body: ZPortalPkiAccept,
    response: ZPortalView,
    beyondSpec: true,
  }),
} as const;
