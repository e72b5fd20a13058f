import { securityApi } from '@sello/contracts/catalogue/security';
import { HEADERS } from '@sello/contracts/constants';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { clientOf } from '../security/security.routes.ts';
import { FLOW_COOKIES, setFlowCookie, type TFinishingBrowser } from './flow-cookies.ts';
import { createOidcService, OIDC_CALLBACK_PATH, OIDC_FLOW_SECONDS } from './oidc.service.ts';
import type { TOidcPeer } from './oidc-peer.ts';

function withSessionHeaders<T extends object>(reply: FastifyReply, answer: T): T {
  if ('token' in answer && 'expiration' in answer) {
    reply.header(HEADERS.authToken, answer.token).header(HEADERS.authTokenExpires, String(answer.expiration));
  }
  return answer;
}

function browserOf(request: FastifyRequest): TFinishingBrowser {
  return {
    client: clientOf(request),
    trustToken: request.cookies[TWO_FACTOR.trustCookie],
    flowState: request.cookies[FLOW_COOKIES.oidc.name],
  };
}

export function registerOidcRoutes(ctx: TAppContext, peer?: TOidcPeer): void {
  const oidc = createOidcService(ctx, peer);
  const limited = { config: { rateLimit: { max: ctx.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } } };

  registerEndpoint(ctx.app, securityApi.federatedProvider, ({ query }) => oidc.federatedProvider(query.email), limited);
  registerEndpoint(
    ctx.app,
    securityApi.oauthAccess,
    async ({ query, reply }) => {
      const { url, state } = await oidc.oauthAccess(query);
      setFlowCookie(reply, FLOW_COOKIES.oidc, state, OIDC_FLOW_SECONDS, ctx.config);
      return { url };
    },
    limited,
  );
  registerEndpoint(
    ctx.app,
    securityApi.oauthLogin,
    async ({ body, request, reply }) => withSessionHeaders(reply, await oidc.oauthLogin(body, browserOf(request))),
    limited,
  );
  registerEndpoint(
    ctx.app,
    securityApi.oauthLoginWp,
    async ({ body, request, reply }) => withSessionHeaders(reply, await oidc.oauthLoginWp(body, browserOf(request))),
    limited,
  );

  // The provider's redirect URI may not carry a fragment, and the console's routes are hash-based: this plain
  // route hands the browser on to the console route `/oauth/oauthlogin` with what the provider sent.
  ctx.app.get(`/${OIDC_CALLBACK_PATH}`, { schema: { hide: true } }, async (request, reply) => {
    const raw = request.raw.url ?? '';
    const query = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1).slice(0, 4000) : '';
    return reply.redirect(await oidc.consoleReturn(query), 303);
  });
}
