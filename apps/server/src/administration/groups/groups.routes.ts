import { groupsApi } from '@sello/contracts/catalogue/administration-groups';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createGroupsService } from './groups.service.ts';

const ok = { ok: true as const };

export function registerGroupsRoutes({ app, db }: TAppContext): void {
  const groups = createGroupsService(db);

  registerEndpoint(app, groupsApi.read, ({ principal, query }) => groups.read(principal, query));
  registerEndpoint(app, groupsApi.export, ({ principal, query, reply }) => groups.exportList(principal, query, reply));
  registerEndpoint(app, groupsApi.detail, ({ principal, query }) => groups.detail(principal, query.selected));
  registerEndpoint(app, groupsApi.new, ({ principal, query, body }) => groups.create(principal, query.domainid, body));
  registerEndpoint(app, groupsApi.update, ({ principal, body }) => groups.update(principal, body));
  registerEndpoint(app, groupsApi.delete, async ({ principal, params }) => {
    await groups.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, groupsApi.recover, async ({ principal, params }) => {
    await groups.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, groupsApi.groupsByDomain, ({ principal, query }) =>
    groups.groupsByDomain(principal, query.domainid, query.search),
  );
}
