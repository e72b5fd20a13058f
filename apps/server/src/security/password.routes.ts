import { securityApi } from '@sello/contracts/catalogue/security';
import { HEADERS } from '@sello/contracts/constants';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createExpiredPasswordService } from './expired-password.service.ts';
import { createPasswordRecoveryService } from './password-recovery.service.ts';

/** Spec §7 password calls: recovery by mail (`pwdrecover`, `pwdrecoverlogin`, `pwdchg`) and `pwdExpired`. */
export function registerPasswordRoutes(ctx: TAppContext): void {
  const { app, db, mailer, preferences, config, security } = ctx;
  const recovery = createPasswordRecoveryService({ db, mailer, preferences, logger: app.log, config });
  const expired = createExpiredPasswordService({
    db,
    security,
    minLength: config.PASSWORD_MIN_LENGTH,
  });
  const limited = { config: { rateLimit: { max: config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } } };

  registerEndpoint(app, securityApi.pwdRecover, async ({ body, request }) => {
    await recovery.pwdRecover(body.login, request.ip);
    return { ok: true as const };
  });

  registerEndpoint(app, securityApi.pwdRecoverLogin, ({ body }) => recovery.pwdRecoverLogin(body), limited);

  registerEndpoint(
    app,
    securityApi.pwdChange,
    async ({ body, request }) => {
      const token = request.headers[HEADERS.authToken];
      await recovery.pwdChange(body, typeof token === 'string' && token.length < 200 ? token : undefined);
      return { ok: true as const };
    },
    limited,
  );

  registerEndpoint(
    app,
    securityApi.pwdExpired,
    async ({ body, request, reply }) => {
      const agent = request.headers['user-agent'];
      const client = { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
      const user = await expired.pwdExpired(body, client, request.cookies[TWO_FACTOR.trustCookie]);
      // A second factor, when the domain asks for one, is still due after the new password.
      if ('twoFactorRequired' in user) return user;
      reply.header(HEADERS.authToken, user.token).header(HEADERS.authTokenExpires, String(user.expiration));
      return user;
    },
    limited,
  );
}
