import { administrationApi as api } from '@sello/contracts/catalogue/administration';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createCompaniesService } from './companies.service.ts';

const ok = { ok: true as const };

export function registerCompaniesRoutes({ app, db }: TAppContext): void {
  const companies = createCompaniesService(db);

  registerEndpoint(app, api.companiesRead, ({ principal, query }) => companies.read(principal, query));
  registerEndpoint(app, api.companiesExport, ({ principal, query, reply }) =>
    companies.exportList(principal, query, reply),
  );
  registerEndpoint(app, api.companiesDetail, ({ principal, query }) => companies.detail(principal, query.selected));
  registerEndpoint(app, api.companiesNew, ({ principal, query, body }) =>
    companies.create(principal, query.domainid, body),
  );
  registerEndpoint(app, api.companiesUpdate, ({ principal, body }) => companies.update(principal, body));
  registerEndpoint(app, api.companiesDelete, async ({ principal, params }) => {
    await companies.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.companiesRecover, async ({ principal, params }) => {
    await companies.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.companiesByDomain, ({ principal, query }) =>
    companies.byDomain(principal, query.domainid, query.search),
  );
}
