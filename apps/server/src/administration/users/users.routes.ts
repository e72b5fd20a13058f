import { administrationApi as api } from '@sello/contracts/catalogue/administration';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createUsersService } from './users.service.ts';
import { createUsersImportService } from './users-import.service.ts';

const ok = { ok: true as const };

export function registerUsersRoutes({ app, db, mailer, preferences }: TAppContext): void {
  const users = createUsersService({ db, mailer, preferences, logger: app.log });
  const usersImport = createUsersImportService({ db, mailer, preferences, logger: app.log });

  registerEndpoint(app, api.usersRead, ({ principal, query }) => users.read(principal, query));
  registerEndpoint(app, api.usersExport, ({ principal, query, reply }) => users.exportList(principal, query, reply));
  registerEndpoint(app, api.usersDetail, ({ principal, query }) => users.detail(principal, query.selected));
  registerEndpoint(app, api.usersNew, ({ principal, query, body }) => users.create(principal, query.domainid, body));
  registerEndpoint(app, api.usersUpdate, ({ principal, body }) => users.update(principal, body));
  registerEndpoint(app, api.usersDelete, async ({ principal, params }) => {
    await users.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.usersRecover, async ({ principal, params }) => {
    await users.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.usersUnblock, async ({ principal, params }) => {
    await users.unblock(principal, params.id);
    return ok;
  });
  registerEndpoint(
    app,
    api.usersImport,
    ({ principal, query, body }) => usersImport.importUsers(principal, query.domainid, body.data),
    { bodyLimit: 8 * 1024 * 1024 },
  );
  registerEndpoint(app, api.usersByDomain, ({ principal, query }) =>
    users.byDomain(principal, query.domainid, query.search),
  );
  registerEndpoint(app, api.usersWithRequestsByCompanies, ({ principal, query }) =>
    users.withRequestsByCompanies(principal, query.companies),
  );
}
