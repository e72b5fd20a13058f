import { z } from 'zod';
import { pageOf, ZIdParams, ZOk, ZOptionalDomainIdQuery, ZPagedQuery, ZSelectedQuery, ZTimestamp } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { requiredName, SAML, SAML_BIN, withId, ZDeletion } from './administration-common.ts';

// Identity providers a domain trusts for sign-in (issue 18): SAML 2.0 and OpenID Connect in one list.

export const IDENTITY_PROVIDER_KINDS = ['saml', 'oidc'] as const;
export const ZIdentityProviderKind = z.enum(IDENTITY_PROVIDER_KINDS);
export type TIdentityProviderKind = z.infer<typeof ZIdentityProviderKind>;

/** At most this many e-mail domains per provider. */
export const IDP_MAX_EMAIL_DOMAINS = 20;

const EMAIL_DOMAIN = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ZIdentityProvider = z
  .object({
    id: z.number().int(),
    domainId: z.number().int(),
    kind: ZIdentityProviderKind,
    name: z.string(),
    emailDomains: z.array(z.string()),
    trustIdpSecondFactor: z.boolean(),
    active: z.boolean(),
    samlEntityId: z.string().nullable(),
    samlSsoUrl: z.string().nullable(),
    samlCertificateId: z.number().int().nullable(),
    samlUserAttribute: z.string().nullable(),
    oidcIssuer: z.string().nullable(),
    oidcClientId: z.string().nullable(),
    /** The client secret is write-only: only whether one is stored is ever answered. */
    oidcClientSecretSet: z.boolean(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .extend(ZDeletion.shape);
export type TIdentityProvider = z.infer<typeof ZIdentityProvider>;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, 'ERR_FIELD_TOO_LONG').optional());
const optionalUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(500, 'ERR_FIELD_TOO_LONG')
    .regex(/^https?:\/\/[^\s]+$/, 'ERR_FIELD_INVALID')
    .optional(),
);

/**
 * One form for both kinds: the fields of the other kind are ignored. Which are required for a kind is checked
 * below, each missing one as a field error.
 */
const ZIdentityProviderFields = z.object({
  kind: ZIdentityProviderKind,
  name: requiredName,
  emailDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(253, 'ERR_FIELD_TOO_LONG')
        .regex(EMAIL_DOMAIN, 'ERR_IDP_EMAIL_DOMAIN_INVALID'),
    )
    .min(1, 'ERR_FIELD_REQUIRED')
    .max(IDP_MAX_EMAIL_DOMAINS, 'ERR_FIELD_TOO_LONG'),
  trustIdpSecondFactor: z.boolean().default(false),
  active: z.boolean().default(true),
  samlEntityId: optionalText(500),
  samlSsoUrl: optionalUrl,
  samlCertificateId: z.preprocess((value) => (value === '' ? null : value), z.number().int().positive().nullish()),
  samlUserAttribute: optionalText(200),
  oidcIssuer: optionalUrl,
  oidcClientId: optionalText(500),
  /** Write-only; on update empty (or absent) keeps the stored one. */
  oidcClientSecret: optionalText(2000),
});

type TFields = z.infer<typeof ZIdentityProviderFields>;
const REQUIRED_BY_KIND: Record<TIdentityProviderKind, (keyof TFields)[]> = {
  saml: ['samlEntityId', 'samlSsoUrl', 'samlCertificateId'],
  oidc: ['oidcIssuer', 'oidcClientId'],
};

function requireKindFields(secretRequired: boolean) {
  return (input: TFields, context: z.RefinementCtx) => {
    const required = [...REQUIRED_BY_KIND[input.kind]];
    if (input.kind === 'oidc' && secretRequired) required.push('oidcClientSecret');
    for (const field of required) {
      if (input[field] === undefined || input[field] === null) {
        context.addIssue({ code: 'custom', path: [field], message: 'ERR_FIELD_REQUIRED' });
      }
    }
  };
}

export const ZIdentityProviderInput = ZIdentityProviderFields.superRefine(requireKindFields(true));
export type TIdentityProviderInput = z.infer<typeof ZIdentityProviderInput>;
export const ZIdentityProviderUpdate = withId(ZIdentityProviderFields).superRefine(requireKindFields(false));
export type TIdentityProviderUpdate = z.infer<typeof ZIdentityProviderUpdate>;

// Beyond the spec (docs/decisions.md "Identity providers"): the spec's administration has no such screen.
export const identityProvidersApi = {
  read: defineEndpoint({
    id: 'administration.identityProvidersRead',
    method: 'GET',
    path: 'administration/identityProviders/read',
    summary: 'Page of the identity providers of a domain; filters {"deleted":true} lists the deleted ones',
    permission: SAML,
    beyondSpec: true,
    query: ZPagedQuery,
    response: pageOf(ZIdentityProvider),
  }),
  detail: defineEndpoint({
    id: 'administration.identityProvidersDetail',
    method: 'GET',
    path: 'administration/identityProviders/detail',
    summary: 'One identity provider (never its client secret)',
    permission: SAML,
    beyondSpec: true,
    query: ZSelectedQuery,
    response: ZIdentityProvider,
  }),
  new: defineEndpoint({
    id: 'administration.identityProvidersNew',
    method: 'POST',
    path: 'administration/identityProviders/new',
    summary: 'Add a SAML or OpenID Connect identity provider to a domain',
    permission: SAML,
    beyondSpec: true,
    query: ZOptionalDomainIdQuery,
    body: ZIdentityProviderInput,
    response: ZIdentityProvider,
  }),
  update: defineEndpoint({
    id: 'administration.identityProvidersUpdate',
    method: 'PUT',
    path: 'administration/identityProviders/update',
    summary: 'Update an identity provider (an empty client secret keeps the stored one)',
    permission: SAML,
    beyondSpec: true,
    body: ZIdentityProviderUpdate,
    response: ZIdentityProvider,
  }),
  delete: defineEndpoint({
    id: 'administration.identityProvidersDelete',
    method: 'DELETE',
    path: 'administration/identityProviders/delete/{id}',
    summary: 'Soft-delete an identity provider',
    permission: SAML,
    beyondSpec: true,
    params: ZIdParams,
    response: ZOk,
  }),
  recover: defineEndpoint({
    id: 'administration.identityProvidersRecover',
    method: 'PUT',
    path: 'administration/identityProviders/recover/{id}',
    summary: 'Recover a deleted identity provider',
    permission: SAML_BIN,
    beyondSpec: true,
    params: ZIdParams,
    response: ZOk,
  }),
} as const;
