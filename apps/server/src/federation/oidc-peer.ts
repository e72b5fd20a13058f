import { createRemoteJWKSet, customFetch, errors, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import { ApiError } from '../platform/api-error.ts';
import { createOutboundFetch, OutboundUrlRefused, type TOutboundPolicy } from '../platform/outbound-url.ts';

/** Asymmetric signatures only: never `none`, never HS* (a client secret must not be able to mint ID tokens). */
export const ID_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
/** Clock skew accepted on `exp`, `iat` and `nbf`. */
export const CLOCK_SKEW_SECONDS = 60;
/** An ID token older than this (by `iat`) is refused even when `exp` is later. */
const MAX_TOKEN_AGE_SECONDS = 600;
const DISCOVERY_TTL_MS = 60 * 60_000;
const HTTP_TIMEOUT_MS = 5_000;

const ZDiscovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
export type TDiscovery = z.infer<typeof ZDiscovery>;

const unreachable = () => new ApiError(502, 'ERR_OIDC_PROVIDER_UNREACHABLE');
/** The provider's configuration names a host or scheme the outbound guard refuses, or it redirected. */
const refusedUrl = () => new ApiError(502, 'ERR_OUTBOUND_URL_REFUSED');
const failure = (error: unknown) => (error instanceof OutboundUrlRefused ? refusedUrl() : unreachable());

/**
 * What Sello asks of an OpenID provider: its discovery document and its keys, both cached per process (the keys
 * by jose, which fetches the set again, at most every 30 s, when a token names a key it does not hold). Every
 * request goes through the outbound guard (platform/outbound-url.ts).
 */
export function createOidcPeer(policy: TOutboundPolicy) {
  const fetchOutbound = createOutboundFetch(policy);
  const discoveries = new Map<string, { value: TDiscovery; at: number }>();
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  async function discover(issuer: string): Promise<TDiscovery> {
    const cached = discoveries.get(issuer);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.value;
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    let value: TDiscovery;
    try {
      const response = await fetchOutbound(url, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
      if (!response.ok) throw unreachable();
      value = ZDiscovery.parse(await response.json());
    } catch (error) {
      throw failure(error);
    }
    // OpenID Connect Discovery §4.3: the document must name exactly the issuer it was asked for.
    if (value.issuer !== issuer) throw new ApiError(401, 'ERR_OIDC_ISSUER_INVALID');
    discoveries.set(issuer, { value, at: Date.now() });
    return value;
  }

  function keySet(jwksUri: string) {
    let set = keySets.get(jwksUri);
    if (!set) {
      set = createRemoteJWKSet(new URL(jwksUri), {
        timeoutDuration: HTTP_TIMEOUT_MS,
        cooldownDuration: 30_000,
        [customFetch]: fetchOutbound,
      });
      keySets.set(jwksUri, set);
    }
    return set;
  }

  /** The authorization-code exchange (client_secret_basic, PKCE verifier); answers the raw ID token. */
  async function exchangeCode(
    discovery: TDiscovery,
    client: { id: string; secret: string },
    grant: { code: string; redirectUri: string; codeVerifier: string },
  ): Promise<string> {
    const basic = Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString(
      'base64',
    );
    let response: Response;
    try {
      response = await fetchOutbound(discovery.token_endpoint, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: grant.code,
          redirect_uri: grant.redirectUri,
          code_verifier: grant.codeVerifier,
        }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      throw failure(error);
    }
    if (!response.ok) throw new ApiError(401, 'ERR_OIDC_PROVIDER_ERROR');
    const body = (await response.json().catch(() => null)) as { id_token?: unknown } | null;
    if (typeof body?.id_token !== 'string') throw new ApiError(401, 'ERR_OIDC_TOKEN_INVALID');
    return body.id_token;
  }

  /** Signature (allow-listed algorithms, the provider's keys), `iss`, `aud`/`azp`, `exp`/`iat`/`nbf`, `nonce`. */
  async function verifyIdToken(
    idToken: string,
    discovery: TDiscovery,
    expected: { clientId: string; nonce: string },
  ): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keySet(discovery.jwks_uri), {
        algorithms: ID_TOKEN_ALGORITHMS,
        issuer: discovery.issuer,
        audience: expected.clientId,
        clockTolerance: CLOCK_SKEW_SECONDS,
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (error) {
      throw toRefusal(error);
    }
    // OpenID Connect Core §3.1.3.7: with several audiences, `azp` must name this client.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId) {
      throw new ApiError(401, 'ERR_OIDC_AUDIENCE_INVALID');
    }
    if (payload.nonce !== expected.nonce) throw new ApiError(401, 'ERR_OIDC_NONCE_INVALID');
    return payload;
  }

  return { discover, exchangeCode, verifyIdToken };
}

function toRefusal(error: unknown): ApiError {
  if (error instanceof errors.JWTExpired) return new ApiError(401, 'ERR_OIDC_TOKEN_EXPIRED');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new ApiError(401, 'ERR_OIDC_AUDIENCE_INVALID');
    if (error.claim === 'iss') return new ApiError(401, 'ERR_OIDC_ISSUER_INVALID');
    return new ApiError(401, 'ERR_OIDC_TOKEN_INVALID');
  }
  if (error instanceof errors.JWKSTimeout) return unreachable();
  if (error instanceof OutboundUrlRefused) return refusedUrl();
  if (error instanceof errors.JOSEError) return new ApiError(401, 'ERR_OIDC_TOKEN_INVALID');
  return unreachable();
}

export type TOidcPeer = ReturnType<typeof createOidcPeer>;
