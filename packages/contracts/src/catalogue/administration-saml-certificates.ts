import { z } from 'zod';
import {
  pageOf,
  ZExportQuery,
  ZFile,
  ZIdParams,
  ZOk,
  ZOptionalDomainIdQuery,
  ZPagedQuery,
  ZSelectedQuery,
  ZTimestamp,
} from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { requiredName, SAML, SAML_BIN, withId, ZCertificateInspection, ZDeletion } from './administration-common.ts';

// Signing certificates of the identity providers a domain trusts.

export const ZSamlCertificate = ZCertificateInspection.extend({
  id: z.number().int(),
  domainId: z.number().int(),
  name: z.string(),
  entityId: z.string(),
  active: z.boolean(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).extend(ZDeletion.shape);
export type TSamlCertificate = z.infer<typeof ZSamlCertificate>;

export const ZSamlCertificateDetail = ZSamlCertificate.extend({
  /** The certificate in PEM. */
  certificatePem: z.string(),
});
export type TSamlCertificateDetail = z.infer<typeof ZSamlCertificateDetail>;

export const ZSamlCertificateInput = z.object({
  name: requiredName,
  /** The identity provider's entity id (usually a URL or URN). */
  entityId: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(500, 'ERR_FIELD_TOO_LONG'),
  /**
   * The IdP signing certificate (public, no private key): PEM text, the bare base64 of the
   * `<ds:X509Certificate>` element of the IdP metadata, or a certificate file as a base64 data URL.
   */
  content: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200_000, 'ERR_FIELD_TOO_LONG'),
  active: z.boolean().default(true),
});
export type TSamlCertificateInput = z.infer<typeof ZSamlCertificateInput>;
export const ZSamlCertificateUpdate = withId(ZSamlCertificateInput.partial({ content: true }));
export type TSamlCertificateUpdate = z.infer<typeof ZSamlCertificateUpdate>;

// The spec names no method for these calls.
export const samlCertificatesApi = {
  read: defineEndpoint({
    id: 'administration.samlCertificatesRead',
    method: 'GET',
    path: 'administration/samlcertificates/read',
    summary: 'Page of the SAML certificates list; filters {"deleted":true} lists the deleted ones (needs certBin)',
    permission: SAML,
    query: ZPagedQuery,
    response: pageOf(ZSamlCertificate),
    methodChosen: true,
  }),
  detail: defineEndpoint({
    id: 'administration.samlCertificatesDetail',
    method: 'GET',
    path: 'administration/samlcertificates/detail',
    summary: 'One SAML certificate',
    permission: SAML,
    query: ZSelectedQuery,
    response: ZSamlCertificateDetail,
    methodChosen: true,
  }),
  new: defineEndpoint({
    id: 'administration.samlCertificatesNew',
    method: 'POST',
    path: 'administration/samlcertificates/new',
    summary: 'Add a SAML identity-provider certificate to a domain',
    permission: SAML,
    query: ZOptionalDomainIdQuery,
    body: ZSamlCertificateInput,
    response: ZSamlCertificateDetail,
    methodChosen: true,
  }),
  update: defineEndpoint({
    id: 'administration.samlCertificatesUpdate',
    method: 'PUT',
    path: 'administration/samlcertificates/update',
    summary: 'Update a SAML certificate',
    permission: SAML,
    body: ZSamlCertificateUpdate,
    response: ZSamlCertificateDetail,
    methodChosen: true,
  }),
  delete: defineEndpoint({
    id: 'administration.samlCertificatesDelete',
    method: 'DELETE',
    path: 'administration/samlcertificates/delete/{id}',
    summary: 'Soft-delete a SAML certificate',
    permission: SAML,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  recover: defineEndpoint({
    id: 'administration.samlCertificatesRecover',
    method: 'PUT',
    path: 'administration/samlcertificates/recover/{id}',
    summary: 'Recover a deleted SAML certificate',
    permission: SAML_BIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  export: defineEndpoint({
    id: 'administration.samlCertificatesExport',
    method: 'GET',
    path: 'administration/samlcertificates/export',
    summary: 'Export the SAML certificates list',
    permission: SAML,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
} as const;
