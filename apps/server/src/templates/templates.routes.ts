import { templatesApi as api } from '@sello/contracts/catalogue/templates';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createTemplatesService } from './templates.service.ts';

const ok = { ok: true as const };

export function registerTemplatesRoutes({ app, db }: TAppContext): void {
  const templates = createTemplatesService(db);

  registerEndpoint(app, api.readList, ({ principal, query }) => templates.readList(principal, query));
  registerEndpoint(app, api.readListReduced, ({ principal, query }) => templates.readListReduced(principal, query));
  registerEndpoint(app, api.detail, ({ principal, query }) => templates.detail(principal, query.templateSelected));
  registerEndpoint(app, api.delete, async ({ principal, params }) => {
    await templates.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.recover, async ({ principal, params }) => {
    await templates.recover(principal, params.id);
    return ok;
  });
}
