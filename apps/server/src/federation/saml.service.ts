import { randomBytes } from 'node:crypto';
import { type CacheProvider, generateServiceProviderMetadata, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { TSessionUser } from '@sello/contracts/catalogue/security';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { PATHS } from '@sello/contracts/routes';
import type { TTwoFactorChallenge } from '@sello/contracts/two-factor';
import type { Kysely } from 'kysely';
import type { TAppContext } from '../app-context.ts';
import type { Database } from '../db/schema.ts';
import { findAll, parseXmlTree, type TXmlElement } from '../platform/xml-tree.ts';
import { isSameBrowser, type TFinishingBrowser } from './flow-cookies.ts';
import {
  deleteSamlRequest,
  insertSamlRequest,
  recordUsedAssertion,
  selectLiveDomainByCode,
  selectSamlProviderById,
  selectSamlProvidersByEntity,
  selectSamlRequest,
  selectSamlUser,
  type TSamlProviderRow,
} from './saml.queries.ts';
import { samlRefusal, toSamlRefusal } from './saml-errors.ts';

/** The issue: at most 60 s of clock skew on NotBefore / NotOnOrAfter. */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** How long an AuthnRequest waits for its answer (the user signs in at the provider meanwhile). */
export const SAML_REQUEST_SECONDS = 10 * 60;

const SAML_PREFIX = 'rest/services/security/saml';

/** node-saml's request-id cache on `saml_requests`, bound to one provider: any copy finishes a sign-in another began. */
function createRequestCache(db: Kysely<Database>, providerId: string): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      await insertSamlRequest(db, providerId, key, SAML_REQUEST_SECONDS);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => {
      const row = await selectSamlRequest(db, providerId, key);
      return row ? row.issuedAt.toISOString() : null;
    },
    removeAsync: async (key) => {
      if (key === null) return null;
      const row = await deleteSamlRequest(db, providerId, key);
      return row ? row.issuedAt.toISOString() : null;
    },
  };
}

function decodeResponse(base64: string): string {
  const compact = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw samlRefusal('ERR_SAML_INVALID');
  return Buffer.from(compact, 'base64').toString('utf8');
}

function parseOrRefuse(xml: string): TXmlElement {
  try {
    return parseXmlTree(xml);
  } catch {
    throw samlRefusal('ERR_SAML_INVALID');
  }
}

const childText = (element: TXmlElement, name: string) =>
  element.children.find((child) => child.name === name)?.text.trim() || null;

/** The latest NotOnOrAfter of the assertion (conditions and bearer confirmations): until then it could be replayed. */
function latestNotOnOrAfter(assertion: TXmlElement): Date | null {
  const times = [...findAll(assertion, 'Conditions'), ...findAll(assertion, 'SubjectConfirmationData')]
    .map((element) => element.attributes.NotOnOrAfter)
    .filter((value): value is string => typeof value === 'string')
    .map((value) => new Date(value).getTime())
    .filter((value) => Number.isFinite(value));
  return times.length === 0 ? null : new Date(Math.max(...times));
}

/** The value that names the user: the configured attribute, or the NameID when none is configured. */
function userValueOf(profile: Record<string, unknown>, attribute: string | null): string | null {
  const raw = attribute ? (profile.attributes as Record<string, unknown> | undefined)?.[attribute] : profile.nameID;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * SAML 2.0 sign-in (docs/decisions/federation.md "SAML sign-in"): Sello is the service provider of each domain; the identity
 * providers are `identity_providers` rows of kind 'saml'.
 */
export function createSamlService(ctx: Pick<TAppContext, 'db' | 'preferences' | 'security'>) {
  const { db, preferences, security } = ctx;

  async function urlsOf(domainCode: string) {
    const base = await preferences.consoleUrl();
    const code = encodeURIComponent(domainCode);
    return {
      entityId: `${base}${SAML_PREFIX}/metadata/${code}`,
      acs: `${base}${SAML_PREFIX}/acs/${code}`,
      console: base,
    };
  }

  /** Where the browser goes to show a refusal: the console route shows the key on the login page. */
  async function refusalUrl(key: ErrorKey): Promise<string> {
    return `${await preferences.consoleUrl()}#${PATHS.samlLogin}?error=${key}`;
  }

  async function samlFor(provider: TSamlProviderRow, requestId?: string) {
    const urls = await urlsOf(provider.domainCode);
    const saml = new SAML({
      issuer: urls.entityId,
      callbackUrl: urls.acs,
      entryPoint: provider.ssoUrl ?? undefined,
      idpCert: provider.certificatePem ?? '',
      idpIssuer: provider.entityId ?? undefined,
      audience: urls.entityId,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
      // Only a provider allowed to start sign-ins itself may answer no request (samlLogin checks the browser first).
      validateInResponseTo: provider.allowIdpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
      ...(requestId && { generateUniqueId: () => requestId }),
      requestIdExpirationPeriodMs: SAML_REQUEST_SECONDS * 1000,
      cacheProvider: createRequestCache(db, provider.id),
      identifierFormat: null,
      disableRequestedAuthnContext: true,
    });
    return { saml, urls };
  }

  /**
   * `start`: the AuthnRequest for a provider (redirect binding); answers the URL the browser is sent to and, when
   * a request was made, its id for the browser's cookie.
   */
  async function start(query: { provider: number }): Promise<{ url: string; requestId?: string }> {
    const provider = await selectSamlProviderById(db, query.provider);
    if (!provider) return { url: await refusalUrl('ERR_SAML_PROVIDER_UNKNOWN') };
    if (!provider.certificateUsable) return { url: await refusalUrl('ERR_SAML_CERTIFICATE_INVALID') };
    const requestId = `_${randomBytes(20).toString('hex')}`;
    const { saml } = await samlFor(provider, requestId);
    return { url: await saml.getAuthorizeUrlAsync('', undefined, {}), requestId };
  }

  /** `acs`: the provider's form post becomes a console URL carrying the response in its fragment. */
  async function acs(params: { domainCode: string }, body: { SAMLResponse?: string | undefined }): Promise<string> {
    if (!(await selectLiveDomainByCode(db, params.domainCode))) return refusalUrl('ERR_SAML_PROVIDER_UNKNOWN');
    if (!body.SAMLResponse) return refusalUrl('ERR_SAML_INVALID');
    const base = await preferences.consoleUrl();
    return `${base}#${PATHS.samlLogin}?SAMLResponse=${encodeURIComponent(body.SAMLResponse)}`;
  }

  /** `metadata`: the domain's service-provider metadata; null for an unknown domain. */
  async function metadata(params: { domainCode: string }): Promise<string | null> {
    const domain = await selectLiveDomainByCode(db, params.domainCode);
    if (!domain) return null;
    const urls = await urlsOf(domain.code);
    return generateServiceProviderMetadata({
      issuer: urls.entityId,
      callbackUrl: urls.acs,
      wantAssertionsSigned: true,
      identifierFormat: null,
    });
  }

  /** The provider that issued a response: by its issuer, and among several domains by the ACS it was sent to. */
  async function providerOf(response: TXmlElement): Promise<TSamlProviderRow> {
    const assertion = response.children.find((child) => child.name === 'Assertion');
    const issuer = childText(response, 'Issuer') ?? (assertion ? childText(assertion, 'Issuer') : null);
    if (!issuer) throw samlRefusal('ERR_SAML_PROVIDER_UNKNOWN');
    const candidates = await selectSamlProvidersByEntity(db, issuer);
    const destination = response.attributes.Destination;
    if (candidates.length > 1 && destination) {
      for (const candidate of candidates) {
        if ((await urlsOf(candidate.domainCode)).acs === destination) return candidate;
      }
    }
    const provider = candidates[0];
    if (!provider) throw samlRefusal('ERR_SAML_PROVIDER_UNKNOWN');
    return provider;
  }

  /**
   * Login CSRF: a response answers the request this browser started (its cookie), or none at all where the
   * provider allows IdP-initiated sign-in. Checked before node-saml, which would spend the request.
   */
  function checkBrowser(provider: TSamlProviderRow, response: TXmlElement, boundRequestId: string | undefined) {
    const inResponseTo = response.attributes.InResponseTo;
    if (!inResponseTo) {
      if (!provider.allowIdpInitiated) throw samlRefusal('ERR_SAML_UNSOLICITED');
      return;
    }
    if (!isSameBrowser(boundRequestId, inResponseTo)) throw samlRefusal('ERR_FEDERATED_OTHER_BROWSER');
  }

  /**
   * What node-saml does not check: the assertion's issuer, the destination and recipient, replays, and that a
   * signed assertion answering a request answers this browser's (even when its Response names none).
   */
  async function checkSignedAssertion(
    provider: TSamlProviderRow,
    response: TXmlElement,
    signedAssertionXml: string,
    acsUrl: string,
    boundRequestId: string | undefined,
  ) {
    const assertion = parseOrRefuse(signedAssertionXml);
    if (childText(assertion, 'Issuer') !== provider.entityId) throw samlRefusal('ERR_SAML_ISSUER_INVALID');
    const destination = response.attributes.Destination;
    if (destination !== undefined && destination !== acsUrl) throw samlRefusal('ERR_SAML_DESTINATION_INVALID');
    const confirmations = findAll(assertion, 'SubjectConfirmationData');
    const recipients = confirmations.map((data) => data.attributes.Recipient);
    if (recipients.length === 0 || recipients.some((recipient) => recipient !== acsUrl)) {
      throw samlRefusal('ERR_SAML_DESTINATION_INVALID');
    }
    const answered = confirmations.map((data) => data.attributes.InResponseTo).filter((id) => id !== undefined);
    if (answered.some((id) => !isSameBrowser(boundRequestId, id))) throw samlRefusal('ERR_FEDERATED_OTHER_BROWSER');
    const id = assertion.attributes.ID;
    const expiresAt = latestNotOnOrAfter(assertion);
    // An assertion without an end of validity could be replayed forever: refused.
    if (!id || !expiresAt) throw samlRefusal('ERR_SAML_INVALID');
    const firstUse = await recordUsedAssertion(db, provider.id, id, new Date(expiresAt.getTime() + SAML_CLOCK_SKEW_MS));
    if (!firstUse) throw samlRefusal('ERR_SAML_REPLAYED');
  }

  /** `samlLogin` (spec §7 `security/saml/samllogin {saml_assertion}`): verifies the response and signs the user in. */
  async function samlLogin(
    body: { saml_assertion: string },
    { client, trustToken, flowState }: TFinishingBrowser,
  ): Promise<TSessionUser | TTwoFactorChallenge> {
    const response = parseOrRefuse(decodeResponse(body.saml_assertion));
    if (response.name !== 'Response') throw samlRefusal('ERR_SAML_INVALID');
    const provider = await providerOf(response);
    if (!provider.certificateUsable || !provider.certificatePem) throw samlRefusal('ERR_SAML_CERTIFICATE_INVALID');
    checkBrowser(provider, response, flowState);
    const { saml, urls } = await samlFor(provider);
    let profile: Record<string, unknown>;
    try {
      const validated = await saml.validatePostResponseAsync({ SAMLResponse: body.saml_assertion });
      if (!validated.profile) throw samlRefusal('ERR_SAML_INVALID');
      profile = validated.profile as unknown as Record<string, unknown>;
    } catch (error) {
      throw toSamlRefusal(error);
    }
    const assertionXml = (profile.getAssertionXml as () => string)();
    await checkSignedAssertion(provider, response, assertionXml, urls.acs, flowState);
    const value = userValueOf(profile, provider.userAttribute);
    const user = value ? await selectSamlUser(db, provider.domainId, value) : undefined;
    if (!user) throw samlRefusal('ERR_SAML_USER_UNKNOWN');
    return security.signInFederated(user.id, client, {
      trustToken,
      providerName: provider.name,
      providerVouches: provider.trustIdpSecondFactor,
      configuredRank: provider.configuredRank,
      refusal: 'ERR_SAML_USER_UNKNOWN',
      blockedKey: 'ERR_SAML_USER_BLOCKED',
    });
  }

  return { start, acs, metadata, samlLogin };
}
