import { companiesApi } from '@sello/contracts/catalogue/administration-companies';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createCompaniesService } from './companies.service.ts';

const ok = { ok: true as const };

export function registerCompaniesRoutes({ app, db }: TAppContext): void {
  const companies = createCompaniesService(db);

  registerEndpoint(app, companiesApi.read, ({ principal, query }) => companies.read(principal, query));
  registerEndpoint(app, companiesApi.export, ({ principal, query, reply }) =>
    companies.exportList(principal, query, reply),
  );
  registerEndpoint(app, companiesApi.detail, ({ principal, query }) => companies.detail(principal, query.selected));
  registerEndpoint(app, companiesApi.new, ({ principal, query, body }) =>
    companies.create(principal, query.domainid, body),
  );
  registerEndpoint(app, companiesApi.update, ({ principal, body }) => companies.update(principal, body));
  registerEndpoint(app, companiesApi.delete, async ({ principal, params }) => {
    await companies.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, companiesApi.recover, async ({ principal, params }) => {
    await companies.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, companiesApi.companiesByDomain, ({ principal, query }) =>
    companies.companiesByDomain(principal, query.domainid, query.search),
  );
}
