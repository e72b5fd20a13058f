import { apiKeysApi } from '@sello/contracts/catalogue/integration-api-keys';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import type { TApiKeysService } from './api-keys.service.ts';

export function registerApiKeysRoutes({ app }: TAppContext, keys: TApiKeysService): void {
  registerEndpoint(app, apiKeysApi.list, ({ principal, query }) => keys.list(principal, query.companyId));
  registerEndpoint(app, apiKeysApi.create, ({ principal, body }) => keys.create(principal, body));
  registerEndpoint(app, apiKeysApi.rotate, ({ principal, body }) => keys.rotate(principal, body.id));
  registerEndpoint(app, apiKeysApi.revoke, ({ principal, body }) => keys.revoke(principal, body.id));
}
