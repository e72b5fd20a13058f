import { securityApi } from '@sello/contracts/catalogue/security';
import { HEADERS } from '@sello/contracts/constants';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';

export function clientOf(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}

export function registerSecurityRoutes(ctx: TAppContext): void {
  const { app, security, config } = ctx;

  registerEndpoint(
    app,
    securityApi.login,
    async ({ body, request, reply }) => {
      const user = await security.login(body, clientOf(request), request.cookies[TWO_FACTOR.trustCookie]);
      if ('twoFactorRequired' in user) return user;
      reply.header(HEADERS.authToken, user.token).header(HEADERS.authTokenExpires, String(user.expiration));
      return user;
    },
    { config: { rateLimit: { max: config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } } },
  );

  registerEndpoint(app, securityApi.logout, async ({ principal, reply }) => {
    await security.logout(principal);
    reply.header(HEADERS.authToken, '').header(HEADERS.authTokenExpires, '0');
    return { ok: true as const };
  });

  registerEndpoint(app, securityApi.refreshToken, async ({ principal, request, reply }) => {
    const next = await security.rotate(principal, clientOf(request));
    const expiration = next.expiresAt.getTime();
    reply.header(HEADERS.authToken, next.token).header(HEADERS.authTokenExpires, String(expiration));
    return { token: next.token, expiration };
  });

  registerEndpoint(app, securityApi.utilityServlet, async () => ({
    host: '',
    version: ctx.version,
    production: config.NODE_ENV === 'production',
    passwordMinLength: config.PASSWORD_MIN_LENGTH,
  }));
}
