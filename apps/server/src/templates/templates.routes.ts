import { templatesApi } from '@sello/contracts/catalogue/templates';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createTemplatesService } from './templates.service.ts';

const ok = { ok: true as const };

export function registerTemplatesRoutes({ app, db }: TAppContext): void {
  const templates = createTemplatesService(db);

  registerEndpoint(app, templatesApi.readList, ({ principal, query }) => templates.readList(principal, query));
  registerEndpoint(app, templatesApi.readListReduced, ({ principal, query }) =>
    templates.readListReduced(principal, query),
  );
  registerEndpoint(app, templatesApi.detail, ({ principal, query }) =>
    templates.detail(principal, query.templateSelected),
  );
  registerEndpoint(app, templatesApi.delete, async ({ principal, params }) => {
    await templates.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, templatesApi.recover, async ({ principal, params }) => {
    await templates.recover(principal, params.id);
    return ok;
  });
}
