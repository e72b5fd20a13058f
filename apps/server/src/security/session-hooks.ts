import { randomBytes } from 'node:crypto';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import type { TSecurityService } from './security.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: TPrincipal | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Posts that cannot carry the XSRF header and prove themselves otherwise: the DownloadFile form
 * carries the session token in its body, which a forging site does not know; providers' delivery
 * reports and the core platform's hand-over requests are signed with a shared secret; recipient pages carry the link token in a header, which a
 * forging site can neither know nor set.
 */
const XSRF_EXEMPT: readonly RegExp[] = [
  /^\/rest\/services\/DownloadFile(?:\?|$)/,
  /^\/rest\/services\/delivery\/callback\/[a-z]+(?:\?|$)/,
  /^\/rest\/services\/portal\//,
  // The public verification of a certificate: anyone may call it, and it writes nothing a forged post could abuse.
  /^\/rest\/services\/public\/certificates\/verify(?:\?|$)/,
  /^\/rest\/services\/security\/saml\/coreHandover(?:\?|$)/,
  // The identity provider's form post to the SAML ACS: its response is signed, and it only redirects the browser.
  /^\/rest\/services\/security\/saml\/acs\/[^/?]+(?:\?|$)/,
];

/** Resolves an API key's secret to its principal, or refuses the call (401 unknown or revoked, 429 over its limit). */
export type TBearerResolver = (secret: string) => Promise<TPrincipal>;

const BEARER = /^Bearer ([\x21-\x7e]{1,200})$/;

/**
 * Per request: resolve the principal from the `auth-token` header, enforce the XSRF double-submit
 * on mutating calls, and hand the current token back in the answer headers. A call with an
 * `Authorization: Bearer` header is an API key's: no XSRF (a browser never adds that header to a forged
 * request), no session, and a bad key is refused whatever the call.
 */
export function registerSessionHooks(
  app: FastifyInstance,
  security: TSecurityService,
  secureCookies: boolean,
  resolveBearer?: TBearerResolver,
): void {
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(API_PREFIX)) return;
    const authorization = request.headers.authorization;
    if (authorization !== undefined && resolveBearer) {
      const secret = BEARER.exec(authorization)?.[1];
      if (!secret) throw new ApiError(401, 'ERR_API_KEY_INVALID');
      request.principal = await resolveBearer(secret);
      return;
    }
    const cookie = request.cookies[COOKIES.xsrf];
    if (!cookie) {
      reply.setCookie(COOKIES.xsrf, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: secureCookies,
        httpOnly: false,
      });
    }
    if (MUTATING.has(request.method) && !XSRF_EXEMPT.some((pattern) => pattern.test(request.url))) {
      const header = request.headers[HEADERS.xsrf.toLowerCase()];
      if (!cookie || header !== cookie) throw new ApiError(403, 'ERR_XSRF_INVALID');
    }
    const token = request.headers[HEADERS.authToken];
    if (typeof token === 'string' && token.length > 0 && token.length < 200) {
      request.principal = await security.resolvePrincipal(token);
    }
  });

  // Hooks with a callback, not async: no promise per request for work that never waits.
  app.addHook('onSend', (request, reply, payload, done) => {
    const principal = request.principal;
    if (principal && !principal.apiKey && !reply.hasHeader(HEADERS.authToken)) {
      reply.header(HEADERS.authToken, principal.token);
      reply.header(HEADERS.authTokenExpires, String(principal.expiresAt.getTime()));
    }
    done(null, payload);
  });
}
