import { timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '@sello/contracts/endpoint';
import type { FastifyReply } from 'fastify';
import type { TConfig } from '../config.ts';
import type { ClientInfo } from '../security/security.service.ts';

/**
 * The cookies that bind a federated sign-in to the browser that started it (docs/decisions/federation.md "Federated sign-in:
 * binding and outbound URLs"): HttpOnly, SameSite=Lax, Secure outside development, sent only to the calls that
 * finish the sign-in and gone when the flow expires.
 */
export const FLOW_COOKIES = {
  /** The OpenID Connect `state` of the flow this browser started; read by `oauthlogin` and `oauthloginWp`. */
  oidc: { name: 'sello_oidc_state', path: `${API_PREFIX}security/oauth/` },
  /** The id of the SAML AuthnRequest this browser started; read by `samllogin`. */
  saml: { name: 'sello_saml_request', path: `${API_PREFIX}security/saml/samllogin` },
} as const;

/** Who finishes a flow: the client, its 'trust this browser' token and the flow cookie it carries. */
export type TFinishingBrowser = { client: ClientInfo; trustToken: string | undefined; flowState: string | undefined };

export function setFlowCookie(
  reply: FastifyReply,
  cookie: (typeof FLOW_COOKIES)[keyof typeof FLOW_COOKIES],
  value: string,
  maxAgeSeconds: number,
  config: Pick<TConfig, 'NODE_ENV' | 'COOKIE_SECURE'>,
): void {
  reply.setCookie(cookie.name, value, {
    path: cookie.path,
    httpOnly: true,
    // Lax, not Strict: the provider's redirect back is a cross-site navigation, and it must carry the cookie on.
    sameSite: 'lax',
    secure: config.COOKIE_SECURE || config.NODE_ENV === 'production',
    maxAge: maxAgeSeconds,
  });
}

/** Whether the browser's cookie names exactly this flow (compared in constant time). */
export function isSameBrowser(cookie: string | undefined, expected: string): boolean {
  if (!cookie) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
