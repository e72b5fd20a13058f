import { domainsApi } from '@sello/contracts/catalogue/administration-domains';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createDomainsService } from './domains.service.ts';

const ok = { ok: true as const };

export function registerDomainsRoutes({ app, db }: TAppContext): void {
  const domains = createDomainsService(db);

  registerEndpoint(app, domainsApi.read, ({ principal, query }) => domains.read(principal, query));
  registerEndpoint(app, domainsApi.export, ({ principal, query, reply }) =>
    domains.exportList(principal, query, reply),
  );
  registerEndpoint(app, domainsApi.detail, ({ principal, query }) => domains.detail(principal, query.selected));
  registerEndpoint(app, domainsApi.new, ({ principal, body }) => domains.create(principal, body));
  registerEndpoint(app, domainsApi.update, ({ principal, body }) => domains.update(principal, body));
  registerEndpoint(app, domainsApi.delete, async ({ principal, params }) => {
    await domains.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, domainsApi.recover, async ({ principal, params }) => {
    await domains.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, domainsApi.typesDocument, ({ principal, params }) =>
    domains.typesDocument(principal, params.id),
  );
  registerEndpoint(app, domainsApi.updateTypesDocument, async ({ principal, params, body }) => {
    await domains.updateTypesDocument(principal, params.id, body.listOfTypes);
    return ok;
  });
  registerEndpoint(app, domainsApi.advanceComTemplate, ({ principal, query }) =>
    domains.advanceComTemplate(principal, query.domain, query.kind),
  );
  registerEndpoint(app, domainsApi.updateAdvComTemplate, async ({ principal, params, body }) => {
    await domains.updateAdvComTemplate(principal, params.id, body.advancedComTemplates, body.kind);
    return ok;
  });
  registerEndpoint(app, domainsApi.typeComTemplate, async ({ principal }) => domains.typeComTemplate(principal));
  registerEndpoint(app, domainsApi.domainTypes, async ({ principal }) => domains.domainTypes(principal));
  registerEndpoint(app, domainsApi.allDomains, ({ principal }) => domains.allDomains(principal));
}
