import { securityApi } from '@sello/contracts/catalogue/security';
import { twoFactorAdminApi, twoFactorApi } from '@sello/contracts/catalogue/two-factor';
import { HEADERS } from '@sello/contracts/constants';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import type { FastifyReply } from 'fastify';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { clientOf } from './security.routes.ts';
import { createTwoFactorService, type TSecondFactorResult } from './two-factor.service.ts';

export function registerTwoFactorRoutes(ctx: TAppContext): void {
  const { app, config } = ctx;
  const twoFactor = createTwoFactorService({
    db: ctx.db,
    security: ctx.security,
    secretKey: ctx.certificateKey,
    mailer: ctx.mailer,
    logger: app.log,
  });
  const limit = { config: { rateLimit: { max: config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } } };

  /** The session headers and, when asked for, the HttpOnly 'trust this browser' cookie. */
  function answer<T extends { token: string; expiration: number }>(
    reply: FastifyReply,
    result: TSecondFactorResult<T>,
  ) {
    if (result.trust) {
      reply.setCookie(TWO_FACTOR.trustCookie, result.trust.token, {
        path: '/rest/services/security/',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.COOKIE_SECURE,
        maxAge: result.trust.maxAgeSeconds,
      });
    }
    reply.header(HEADERS.authToken, result.user.token).header(HEADERS.authTokenExpires, String(result.user.expiration));
    return result.user;
  }

  registerEndpoint(
    app,
    securityApi.twoFactorLogin,
    async ({ body, request, reply }) => answer(reply, await twoFactor.twoFactorLogin(body, clientOf(request))),
    limit,
  );
  registerEndpoint(app, twoFactorApi.sendCode, ({ body }) => twoFactor.sendCode(body.challenge), limit);
  registerEndpoint(app, twoFactorApi.enrolStart, ({ body }) => twoFactor.enrolStart(body.challenge), limit);
  registerEndpoint(
    app,
    twoFactorApi.enrolLogin,
    async ({ body, request, reply }) => answer(reply, await twoFactor.enrolLogin(body, clientOf(request))),
    limit,
  );
  registerEndpoint(app, twoFactorApi.status, ({ principal }) => twoFactor.status(principal));
  registerEndpoint(app, twoFactorApi.enrolAccount, ({ principal }) => twoFactor.enrolAccount(principal));
  registerEndpoint(app, twoFactorApi.confirmAccount, ({ principal, body }) =>
    twoFactor.confirmAccount(principal, body.code),
  );
  registerEndpoint(app, twoFactorAdminApi.resetTwoFactor, async ({ principal, params }) => {
    await twoFactor.resetTwoFactor(principal, params.id);
    return { ok: true as const };
  });
}
