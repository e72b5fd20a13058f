import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { PREFERENCES } from '@sello/contracts/constants';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { registerConfigurationComboRoutes } from './combos/combos.routes.ts';
import { createConfigurationService } from './configuration.service.ts';
import { createFeedbackService } from './feedback.service.ts';

/** Signed-in feedback carries a base64 attachment; allow it past the default 1 MiB body limit. */
const FEEDBACK_BODY_LIMIT = 12 * 1024 * 1024;

export function registerConfigurationRoutes(ctx: TAppContext): void {
  const { app, db, blobs, preferences, mailer, config } = ctx;
  const configuration = createConfigurationService(preferences);
  const feedback = createFeedbackService({
    db,
    blobs,
    preferences,
    mailer,
    supportEmail: config.SUPPORT_EMAIL,
    logger: app.log,
  });

  registerEndpoint(app, configurationApi.getOtherConfig, () => configuration.getOtherConfig());
  registerEndpoint(app, configurationApi.getPreference, ({ query }) => configuration.getPreference(query.preference));
  registerEndpoint(app, configurationApi.getPreferenceSmsMaxCharacters, () =>
    configuration.getPreference(PREFERENCES.smsMaxCharacters),
  );
  registerEndpoint(app, configurationApi.busLanguages, async () => configuration.busLanguages());
  registerEndpoint(
    app,
    configurationApi.sendFeedback,
    async ({ body, principal, request }) => {
      await feedback.sendFeedback(body, principal?.userId ?? null, request.ip);
      return { ok: true as const };
    },
    {
      bodyLimit: FEEDBACK_BODY_LIMIT,
      anonymousBodyLimit: config.FEEDBACK_ANONYMOUS_BODY_LIMIT_KB * 1024,
      // Signed-in users are known; reports without a session are limited per client IP.
      config: {
        rateLimit: {
          max: config.FEEDBACK_RATE_LIMIT_PER_MINUTE,
          timeWindow: 60_000,
          allowList: (request: FastifyRequest) => request.principal !== null && request.principal !== undefined,
        },
      },
    },
  );
  registerConfigurationComboRoutes(ctx);
}
