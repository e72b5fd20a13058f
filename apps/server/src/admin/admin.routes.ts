import { adminApi } from '@sello/contracts/catalogue/admin';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';

export function registerAdminRoutes({ app, preferences, version }: TAppContext): void {
  registerEndpoint(app, adminApi.version, async ({ reply }) => {
    reply.type('text/plain; charset=utf-8');
    return version;
  });
  registerEndpoint(app, adminApi.clearPreferenceCache, async () => {
    await preferences.clearCache();
    return { ok: true as const };
  });
}
