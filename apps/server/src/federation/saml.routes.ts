import { securityApi } from '@sello/contracts/catalogue/security';
import { samlApi } from '@sello/contracts/catalogue/security-saml';
import { HEADERS } from '@sello/contracts/constants';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import type { TAppContext } from '../app-context.ts';
import { ApiError } from '../platform/api-error.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { clientOf } from '../security/security.routes.ts';
import { FLOW_COOKIES, setFlowCookie } from './flow-cookies.ts';
import { createSamlService, SAML_REQUEST_SECONDS } from './saml.service.ts';

export function registerSamlRoutes(ctx: TAppContext): void {
  const saml = createSamlService(ctx);
  const rateLimit = { max: ctx.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  registerEndpoint(
    ctx.app,
    samlApi.start,
    async ({ query, reply }) => {
      const { url, requestId } = await saml.start(query);
      if (requestId) setFlowCookie(reply, FLOW_COOKIES.saml, requestId, SAML_REQUEST_SECONDS, ctx.config);
      reply.redirect(url, 302);
      return undefined;
    },
    { config: { rateLimit } },
  );

  // The provider's form post: no XSRF header (it is exempt, the response it carries is signed), never logged.
  registerEndpoint(
    ctx.app,
    samlApi.acs,
    async ({ params, body, reply }) => {
      reply.header('cache-control', 'no-store').redirect(await saml.acs(params, body), 303);
      return undefined;
    },
    { config: { rateLimit } },
  );

  registerEndpoint(ctx.app, samlApi.metadata, async ({ params, reply }) => {
    const xml = await saml.metadata(params);
    if (xml === null) throw new ApiError(404, 'ERR_NOT_FOUND');
    reply.type('application/samlmetadata+xml; charset=utf-8');
    return xml;
  });

  registerEndpoint(
    ctx.app,
    securityApi.samlLogin,
    async ({ body, request, reply }) => {
      const answer = await saml.samlLogin(body, {
        client: clientOf(request),
        trustToken: request.cookies[TWO_FACTOR.trustCookie],
        flowState: request.cookies[FLOW_COOKIES.saml.name],
      });
      if ('twoFactorRequired' in answer) return answer;
      reply.header(HEADERS.authToken, answer.token).header(HEADERS.authTokenExpires, String(answer.expiration));
      return answer;
    },
    { config: { rateLimit }, bodyLimit: 400_000 },
  );
}
