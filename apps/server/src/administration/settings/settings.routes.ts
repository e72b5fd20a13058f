import { settingsApi } from '@sello/contracts/catalogue/administration-settings';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createSettingsService } from './settings.service.ts';

export function registerSettingsRoutes({ app, db, preferences }: TAppContext): void {
  const settings = createSettingsService(db, preferences);
  registerEndpoint(app, settingsApi.read, ({ principal }) => settings.read(principal));
  registerEndpoint(app, settingsApi.update, ({ principal, body }) => settings.update(principal, body));
  registerEndpoint(app, settingsApi.domain, ({ principal, query }) => settings.domain(principal, query.domainid));
  registerEndpoint(app, settingsApi.updateDomain, ({ principal, body }) => settings.updateDomain(principal, body));
}
