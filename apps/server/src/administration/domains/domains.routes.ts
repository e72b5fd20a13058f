import { administrationApi as api } from '@sello/contracts/catalogue/administration';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createDomainsService } from './domains.service.ts';

const ok = { ok: true as const };

export function registerDomainsRoutes({ app, db }: TAppContext): void {
  const domains = createDomainsService(db);

  registerEndpoint(app, api.domainsRead, ({ principal, query }) => domains.read(principal, query));
  registerEndpoint(app, api.domainsExport, ({ principal, query, reply }) =>
    domains.exportList(principal, query, reply),
  );
  registerEndpoint(app, api.domainsDetail, ({ principal, query }) => domains.detail(principal, query.selected));
  registerEndpoint(app, api.domainsNew, ({ principal, body }) => domains.create(principal, body));
  registerEndpoint(app, api.domainsUpdate, ({ principal, body }) => domains.update(principal, body));
  registerEndpoint(app, api.domainsDelete, async ({ principal, params }) => {
    await domains.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.domainsRecover, async ({ principal, params }) => {
    await domains.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.domainsTypesDocument, ({ principal, params }) =>
    domains.documentTypes(principal, params.id),
  );
  registerEndpoint(app, api.domainsUpdateTypesDocument, async ({ principal, params, body }) => {
    await domains.updateDocumentTypes(principal, params.id, body.listOfTypes);
    return ok;
  });
  registerEndpoint(app, api.domainsAdvanceComTemplate, ({ principal, query }) =>
    domains.advancedTemplates(principal, query.domain),
  );
  registerEndpoint(app, api.domainsUpdateAdvComTemplate, async ({ principal, params, body }) => {
    await domains.updateAdvancedTemplates(principal, params.id, body.advancedComTemplates);
    return ok;
  });
  registerEndpoint(app, api.domainsTypeComTemplate, async ({ principal }) => domains.templateKinds(principal));
  registerEndpoint(app, api.domainsDomainTypes, async ({ principal }) => domains.domainTypes(principal));
  registerEndpoint(app, api.domainsAllDomains, ({ principal }) => domains.allDomains(principal));
}
