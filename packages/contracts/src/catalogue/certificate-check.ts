import { z } from 'zod';
import { ZFile } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Largest certificate PDF the public verification page reads, bytes (a certificate is tens of kilobytes). */
export const CERTIFICATE_CHECK_MAX_BYTES = 4 * 1024 * 1024;
/** The JSON body that carries it as base64, bytes: checked before a byte of it is parsed. */
export const CERTIFICATE_CHECK_MAX_BODY = Math.ceil((CERTIFICATE_CHECK_MAX_BYTES * 4) / 3) + 1024;
/** Checks a minute per address: enough for a person, far too few to guess codes. */
export const CERTIFICATE_CHECKS_PER_MINUTE = 20;

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What the public verification page answers: whether the seal and its time-stamp verify, whether the file is one
 * Sello issued and, only then, what that certificate itself lists (its number, issue time and events with hashes).
 */
export const ZCertificateCheck = z.object({
  sha256: ZSha256,
  seal: z.object({
    valid: z.boolean(),
    subject: z.string().nullable(),
    fingerprint: z.string().nullable(),
    /** The seal is this provider's seal (its certificate's fingerprint). */
    provider: z.boolean(),
  }),
  timestamp: z.object({ valid: z.boolean(), time: z.string().nullable(), authority: z.string().nullable() }),
  issued: z.boolean(),
  certificate: z
    .object({
      requestId: z.number().int(),
      /** The shipping's kind: the certificate names its events by it (a notification's `accept` is a confirmed receipt). */
      kind: z.string(),
      code: z.string(),
      issuedAt: z.string(),
      /** The listed events still link to each other and give their hashes. */
      chainValid: z.boolean(),
      events: z.array(z.object({ seq: z.number().int(), at: z.string(), action: z.string(), hash: ZSha256 })),
    })
    .nullable(),
});
export type TCertificateCheck = z.infer<typeof ZCertificateCheck>;

export const ZCertificateCode = z.string().trim().min(1).max(40);

export const certificateCheckApi = {
  checkFile: defineEndpoint({
    id: 'evidence.checkFile',
    method: 'POST',
    path: 'public/certificates/verify',
    summary: 'Verify a certificate PDF: its seal, its time-stamp and whether Sello issued it (no sign-in)',
    permission: 'public',
    body: z.object({ content: z.string().min(1).max(CERTIFICATE_CHECK_MAX_BODY) }),
    response: ZCertificateCheck,
    beyondSpec: true,
  }),
  checkCode: defineEndpoint({
    id: 'evidence.checkCode',
    method: 'GET',
    path: 'public/certificates/verify/{code}',
    summary: 'Verify the certificate a verification code names (no sign-in)',
    permission: 'public',
    params: z.object({ code: ZCertificateCode }),
    response: ZCertificateCheck,
    beyondSpec: true,
  }),
  demoSealCrl: defineEndpoint({
    id: 'evidence.demoSealCrl',
    method: 'GET',
    path: 'public/crl/demo-seal-ca',
    summary: "The demo seal CA's current certificate revocation list (DER); 404 where a real seal is configured",
    permission: 'public',
    response: ZFile,
    responseKind: 'file',
    beyondSpec: true,
  }),
} as const;
