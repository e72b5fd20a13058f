import { typesApi } from '@sello/contracts/catalogue/types';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createTypesService } from './types.service.ts';

const ok = { ok: true as const };

export function registerTypesRoutes({ app, db }: TAppContext): void {
  const types = createTypesService(db);

  registerEndpoint(app, typesApi.readList, ({ principal, query }) => types.readList(principal, query));
  registerEndpoint(app, typesApi.delete, async ({ principal, params }) => {
    await types.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, typesApi.recover, async ({ principal, params }) => {
    await types.recover(principal, params.id);
    return ok;
  });
}
