import { z } from 'zod';
import {
  pageOf,
  ZIdField,
  ZIdParams,
  ZOk,
  ZOptionalDomainIdQuery,
  ZPagedQuery,
  ZSelectedQuery,
  ZTimestamp,
} from '../common.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
import { requiredName, SAML, SAML_BIN, withId, ZDeletion } from './administration-common.ts';

// Identity providers a domain trusts for sign-in (issue 18): SAML 2.0 and OpenID Connect in one list.

export const IDENTITY_PROVIDER_KINDS = ['saml', 'oidc'] as const;
export const ZIdentityProviderKind = z.enum(IDENTITY_PROVIDER_KINDS);
export type TIdentityProviderKind = z.infer<typeof ZIdentityProviderKind>;

/** At most this many e-mail domains per provider. */
export const IDP_MAX_EMAIL_DOMAINS = 20;

const EMAIL_DOMAIN = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * An e-mail domain a provider claims (docs/decisions/federation.md "Identity providers: verified e-mail domains"): only a
 * verified claim routes 'Sign in with your organisation'; at most one claim of a domain is verified.
 */
export const EMAIL_DOMAIN_CLAIM_STATES = ['unverified', 'verified'] as const;
export const EMAIL_DOMAIN_VERIFIED_HOW = ['superAdmin', 'mail'] as const;
/** The mailboxes a verification link may go to: RFC 2142's and the CA/Browser Forum's (BR 3.2.2.4.4) list. */
export const DOMAIN_ADMIN_MAILBOXES = ['admin', 'administrator', 'hostmaster', 'postmaster', 'webmaster'] as const;
/** How long a mailed verification link works. */
export const EMAIL_DOMAIN_LINK_HOURS = 24;

export const ZEmailDomainClaim = z.object({
  id: z.number().int(),
  emailDomain: z.string(),
  state: z.enum(EMAIL_DOMAIN_CLAIM_STATES),
  verifiedAt: ZTimestamp.nullable(),
  verifiedHow: z.enum(EMAIL_DOMAIN_VERIFIED_HOW).nullable(),
  /** The super admin's name, or the mailbox that followed the link. */
  verifiedBy: z.string().nullable(),
});
export type TEmailDomainClaim = z.infer<typeof ZEmailDomainClaim>;

export const ZIdentityProvider = z
  .object({
    id: z.number().int(),
    domainId: z.number().int(),
    kind: ZIdentityProviderKind,
    name: z.string(),
    emailDomains: z.array(z.string()),
    /** One claim per e-mail domain, in the order of `emailDomains`. */
    emailDomainClaims: z.array(ZEmailDomainClaim),
    trustIdpSecondFactor: z.boolean(),
    active: z.boolean(),
    samlEntityId: z.string().nullable(),
    samlSsoUrl: z.string().nullable(),
    samlCertificateId: z.number().int().nullable(),
    samlUserAttribute: z.string().nullable(),
    /** Whether the provider may start a sign-in itself (a response that answers no request of this browser). */
    samlAllowIdpInitiated: z.boolean(),
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
  samlAllowIdpInitiated: z.boolean().default(false),
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

export const ZDomainLinkRequest = z.object({
  claimId: ZIdField,
  mailbox: z.enum(DOMAIN_ADMIN_MAILBOXES, 'ERR_FIELD_INVALID'),
});
export type TDomainLinkRequest = z.infer<typeof ZDomainLinkRequest>;
export const ZDomainLinkSent = z.object({ to: z.string(), expiresAt: ZTimestamp });

/** Verifying or revoking a claim directly is for super admins; the service checks it again. */
const SUPER_ADMINS = { roles: ['superAdmin'] } as const satisfies TPermissionRule;

// Beyond the spec (docs/decisions/federation.md "Identity providers"): the spec's administration has no such screen.
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
  verifyDomain: defineEndpoint({
    id: 'administration.identityProvidersVerifyDomain',
    method: 'PUT',
    path: 'administration/identityProviders/verifyDomain/{id}',
    summary: 'Verify an e-mail domain claim (id: the claim): it then routes sign-ins of that domain; super admins only',
    permission: SUPER_ADMINS,
    beyondSpec: true,
    params: ZIdParams,
    response: ZIdentityProvider,
  }),
  revokeDomain: defineEndpoint({
    id: 'administration.identityProvidersRevokeDomain',
    method: 'PUT',
    path: 'administration/identityProviders/revokeDomain/{id}',
    summary: 'Make a verified e-mail domain claim unverified again (id: the claim); super admins only',
    permission: SUPER_ADMINS,
    beyondSpec: true,
    params: ZIdParams,
    response: ZIdentityProvider,
  }),
  mailDomainLink: defineEndpoint({
    id: 'administration.identityProvidersMailDomainLink',
    method: 'POST',
    path: 'administration/identityProviders/mailDomainLink',
    summary:
      'Mail a single-use link verifying an e-mail domain claim to an administrator mailbox of that domain (whoever configures the provider)',
    permission: SAML,
    beyondSpec: true,
    body: ZDomainLinkRequest,
    response: ZDomainLinkSent,
  }),
} as const;
