import { z } from 'zod';
import {
  pageOf,
  ZDomainIdQuery,
  ZExportQuery,
  ZFile,
  ZIdParams,
  ZOk,
  ZOptionalDomainIdQuery,
  ZPagedQuery,
  ZPickerList,
  ZSelectedQuery,
  ZTimestamp,
} from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  ADMIN,
  CERT_BIN,
  optionalText,
  requiredName,
  withId,
  ZBase64DataUrl,
  ZCertificateInspection,
  ZDeletion,
} from './administration-common.ts';

// Signing certificates of a domain.

/** One certificate of a chain, leaf first. */
export const ZCertificateChainEntry = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  validFrom: ZTimestamp,
  validTo: ZTimestamp,
  fingerprintSha256: z.string(),
});

export const ZCertificate = ZCertificateInspection.extend({
  id: z.number().int(),
  domainId: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  active: z.boolean(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).extend(ZDeletion.shape);
export type TCertificate = z.infer<typeof ZCertificate>;

/** The detail adds the chain (public data); the private key and its password are never answered. */
export const ZCertificateDetail = ZCertificate.extend({
  chain: z.array(ZCertificateChainEntry),
  /** The certificate and its chain in PEM, leaf first. */
  chainPem: z.string(),
});
export type TCertificateDetail = z.infer<typeof ZCertificateDetail>;

/** Certificate files are small; this bounds the data URL (about 150 KB of file). */
const ZCertificateFile = ZBase64DataUrl.max(200_000, 'ERR_FIELD_TOO_LONG');

export const ZCertificateInput = z.object({
  name: requiredName,
  alias: optionalText(100),
  /**
   * The certificate file as a base64 data URL: a PKCS#12 keystore (.p12/.pfx) with its private key,
   * or PEM text with the certificate (and its chain), which may also hold the private key.
   */
  content: ZCertificateFile,
  /** The PEM private key file, when `content` is PEM without the key. */
  privateKey: ZCertificateFile.optional(),
  /** Password of the PKCS#12 file or of an encrypted PEM private key. Never stored. */
  password: z.string().max(200, 'ERR_FIELD_TOO_LONG').optional(),
  active: z.boolean().default(true),
});
export type TCertificateInput = z.infer<typeof ZCertificateInput>;
/** On update the certificate file is replaced (renewal) only when a new one is sent. */
export const ZCertificateUpdate = withId(ZCertificateInput.partial({ content: true }));
export type TCertificateUpdate = z.infer<typeof ZCertificateUpdate>;

// The spec names no method for these calls.
export const certificatesApi = {
  read: defineEndpoint({
    id: 'administration.certificatesRead',
    method: 'GET',
    path: 'administration/certificates/read',
    summary: 'Page of the certificates list; filters {"deleted":true} lists the deleted ones (needs certBin)',
    permission: ADMIN,
    query: ZPagedQuery,
    response: pageOf(ZCertificate),
    methodChosen: true,
  }),
  detail: defineEndpoint({
    id: 'administration.certificatesDetail',
    method: 'GET',
    path: 'administration/certificates/detail',
    summary: 'One certificate',
    permission: ADMIN,
    query: ZSelectedQuery,
    response: ZCertificateDetail,
    methodChosen: true,
  }),
  new: defineEndpoint({
    id: 'administration.certificatesNew',
    method: 'POST',
    path: 'administration/certificates/new',
    summary: 'Upload a certificate to a domain',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZCertificateInput,
    response: ZCertificateDetail,
    methodChosen: true,
  }),
  update: defineEndpoint({
    id: 'administration.certificatesUpdate',
    method: 'PUT',
    path: 'administration/certificates/update',
    summary: 'Update a certificate',
    permission: ADMIN,
    body: ZCertificateUpdate,
    response: ZCertificateDetail,
    methodChosen: true,
  }),
  delete: defineEndpoint({
    id: 'administration.certificatesDelete',
    method: 'DELETE',
    path: 'administration/certificates/delete/{id}',
    summary: 'Soft-delete a certificate',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  recover: defineEndpoint({
    id: 'administration.certificatesRecover',
    method: 'PUT',
    path: 'administration/certificates/recover/{id}',
    summary: 'Recover a deleted certificate',
    permission: CERT_BIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  export: defineEndpoint({
    id: 'administration.certificatesExport',
    method: 'GET',
    path: 'administration/certificates/export',
    summary: 'Export the certificates list',
    permission: ADMIN,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  certificatesByDomain: defineEndpoint({
    id: 'administration.certificatesByDomain',
    method: 'GET',
    path: 'administration/certificates/certificatesByDomain',
    summary: 'Live, active and currently valid certificates of a domain, for a picker',
    permission: ADMIN,
    query: ZDomainIdQuery,
    response: ZPickerList,
    methodChosen: true,
  }),
} as const;
