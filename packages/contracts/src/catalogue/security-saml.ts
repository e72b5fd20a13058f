import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { SAML_RESPONSE_MAX_LENGTH } from './security.ts';

const ZDomainCode = z.object({ domainCode: z.string().trim().min(1).max(100) });

/**
 * The SAML service-provider side of Sello beyond the spec's `samllogin` (docs/decisions/federation.md "SAML sign-in"): where the
 * identity provider sends the browser, where it posts its answer, and the metadata it is configured with.
 */
export const samlApi = {
  start: defineEndpoint({
    id: 'saml.start',
    method: 'GET',
    path: 'security/saml/start',
    summary: 'SP-initiated sign-in: redirects the browser to the provider with an AuthnRequest (redirect binding)',
    permission: 'public',
    beyondSpec: true,
    query: z.object({ provider: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    response: z.string(),
    responseKind: 'text',
  }),
  acs: defineEndpoint({
    id: 'saml.acs',
    method: 'POST',
    path: 'security/saml/acs/{domainCode}',
    summary:
      "Assertion consumer service: takes the provider's form post and sends the browser (303) to the console route " +
      '/saml/samllogin with the response in the URL fragment',
    permission: 'public',
    beyondSpec: true,
    params: ZDomainCode,
    body: z.object({
      SAMLResponse: z.string().max(SAML_RESPONSE_MAX_LENGTH).optional(),
      RelayState: z.string().max(1000).optional(),
    }),
    response: z.string(),
    responseKind: 'text',
  }),
  metadata: defineEndpoint({
    id: 'saml.metadata',
    method: 'GET',
    path: 'security/saml/metadata/{domainCode}',
    summary: "The domain's SAML service-provider metadata (entity id, ACS URL), XML",
    permission: 'public',
    beyondSpec: true,
    params: ZDomainCode,
    response: z.string(),
    responseKind: 'text',
  }),
} as const;
