import { administrationApi as api } from '@sello/contracts/catalogue/administration';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createGroupsService } from './groups.service.ts';

const ok = { ok: true as const };

export function registerGroupsRoutes({ app, db }: TAppContext): void {
  const groups = createGroupsService(db);

  registerEndpoint(app, api.groupsRead, ({ principal, query }) => groups.read(principal, query));
  registerEndpoint(app, api.groupsExport, ({ principal, query, reply }) => groups.exportList(principal, query, reply));
  registerEndpoint(app, api.groupsDetail, ({ principal, query }) => groups.detail(principal, query.selected));
  registerEndpoint(app, api.groupsNew, ({ principal, query, body }) => groups.create(principal, query.domainid, body));
  registerEndpoint(app, api.groupsUpdate, ({ principal, body }) => groups.update(principal, body));
  registerEndpoint(app, api.groupsDelete, async ({ principal, params }) => {
    await groups.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.groupsRecover, async ({ principal, params }) => {
    await groups.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.groupsByDomain, ({ principal, query }) =>
    groups.byDomain(principal, query.domainid, query.search),
  );
}
