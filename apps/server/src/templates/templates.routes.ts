import { templatesApi } from '@sello/contracts/catalogue/templates';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createTemplatesService } from './templates.service.ts';
import { createTemplatesEditService } from './templates-edit.service.ts';

const ok = { ok: true as const };

export function registerTemplatesRoutes({ app, db, blobs, preferences, config }: TAppContext): void {
  const templates = createTemplatesService(db);
  const edit = createTemplatesEditService({
    db,
    blobs,
    publicUrl: () => preferences.consoleUrl(),
    providerName: config.PROVIDER_NAME,
  });

  registerEndpoint(app, templatesApi.read, ({ principal, query }) => templates.read(principal, query.companySelected));
  registerEndpoint(app, templatesApi.readList, ({ principal, query }) => templates.readList(principal, query));
  registerEndpoint(app, templatesApi.readListReduced, ({ principal, query }) =>
    templates.readListReduced(principal, query),
  );
  registerEndpoint(app, templatesApi.detail, ({ principal, query }) =>
    templates.detail(principal, query.templateSelected),
  );
  registerEndpoint(app, templatesApi.lock, ({ principal, params }) => edit.lock(principal, params.id));
  registerEndpoint(app, templatesApi.new, ({ principal, body }) => edit.create(principal, body));
  registerEndpoint(app, templatesApi.update, ({ principal, body }) => edit.update(principal, body));
  registerEndpoint(app, templatesApi.unlock, async ({ principal, params }) => {
    await edit.unlock(principal, params.id);
    return ok;
  });
  registerEndpoint(app, templatesApi.uploadImage, ({ principal, body }) => edit.uploadImage(principal, body));
  registerEndpoint(app, templatesApi.image, ({ params, reply }) => edit.sendImage(params.key, reply));
  registerEndpoint(app, templatesApi.preview, ({ body }) => edit.preview(body));
  registerEndpoint(app, templatesApi.export, ({ principal, query, reply }) =>
    templates.exportList(principal, query, reply),
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
