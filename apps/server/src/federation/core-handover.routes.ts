import { securityApi } from '@sello/contracts/catalogue/security';
import { shippingsDetailApi } from '@sello/contracts/catalogue/shippings-detail';
import { HEADERS } from '@sello/contracts/constants';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import type { TAppContext } from '../app-context.ts';
import { ApiError } from '../platform/api-error.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { acceptSignedJson } from '../platform/signed-body.ts';
import { clientOf } from '../security/security.routes.ts';
import { createCoreHandoverService } from './core-handover.service.ts';

export function registerCoreHandoverRoutes(ctx: TAppContext): void {
  const handover = createCoreHandoverService(ctx);
  const secret = ctx.config.CORE_HANDOVER_SECRET;

  // The core platform's call carries no session: the exact bytes of its body must be signed with the shared secret.
  ctx.app.register(async (scope) => {
    acceptSignedJson(scope, secret, () => new ApiError(404, 'ERR_HANDOVER_NOT_CONFIGURED'));
    registerEndpoint(scope, securityApi.coreHandover, ({ body }) => handover.coreHandover(body));
  });

  registerEndpoint(
    ctx.app,
    securityApi.samlCoreLogin,
    async ({ body, request, reply }) => {
      const answer = await handover.coreLogin(body, clientOf(request), request.cookies[TWO_FACTOR.trustCookie]);
      if ('twoFactorRequired' in answer) return answer;
      reply.header(HEADERS.authToken, answer.token).header(HEADERS.authTokenExpires, String(answer.expiration));
      return answer;
    },
    { config: { rateLimit: { max: ctx.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } } },
  );

  // A console user's one-time link that signs in and opens a shipping, e.g. in another browser.
  registerEndpoint(ctx.app, shippingsDetailApi.samlAccess, ({ principal, query }) =>
    handover.shippingSamlAccess(principal, query.requestId),
  );
}
