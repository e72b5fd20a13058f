import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { PREFERENCES } from '@sello/contracts/constants';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { registerConfigurationComboRoutes } from './combos/combos.routes.ts';
import { createConfigurationService } from './configuration.service.ts';
import { createFeedbackService } from './feedback.service.ts';

/** Feedback carries a base64 attachment; allow it past the default 1 MiB body limit. */
const FEEDBACK_BODY_LIMIT = 12 * 1024 * 1024;
/** Feedback reports an hour per client address: each one is a stored row and a mail to support. */
const FEEDBACK_PER_HOUR = 20;

export function registerConfigurationRoutes(ctx: TAppContext): void {
  const { app, db, preferences, mailer, config } = ctx;
  const configuration = createConfigurationService(preferences);
  const feedback = createFeedbackService({
    db,
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
    { bodyLimit: FEEDBACK_BODY_LIMIT, config: { rateLimit: { max: FEEDBACK_PER_HOUR, timeWindow: 3_600_000 } } },
  );
  registerConfigurationComboRoutes(ctx);
}
