import { usersApi } from '@sello/contracts/catalogue/administration-users';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createUsersService } from './users.service.ts';
import { createUsersImportService } from './users-import.service.ts';

const ok = { ok: true as const };

export function registerUsersRoutes({ app, db, mailer, preferences, config }: TAppContext): void {
  const linkMinutes = config.PASSWORD_WELCOME_LINK_HOURS * 60;
  const users = createUsersService({ db, mailer, preferences, logger: app.log, linkMinutes });
  const usersImport = createUsersImportService({ db, mailer, preferences, logger: app.log, linkMinutes });

  registerEndpoint(app, usersApi.read, ({ principal, query }) => users.read(principal, query));
  registerEndpoint(app, usersApi.export, ({ principal, query, reply }) => users.exportList(principal, query, reply));
  registerEndpoint(app, usersApi.detail, ({ principal, query }) => users.detail(principal, query.selected));
  registerEndpoint(app, usersApi.new, ({ principal, query, body }) => users.create(principal, query.domainid, body));
  registerEndpoint(app, usersApi.update, ({ principal, body }) => users.update(principal, body));
  registerEndpoint(app, usersApi.delete, async ({ principal, params }) => {
    await users.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, usersApi.recover, async ({ principal, params }) => {
    await users.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, usersApi.unblock, async ({ principal, params }) => {
    await users.unblock(principal, params.id);
    return ok;
  });
  registerEndpoint(
    app,
    usersApi.importUsers,
    ({ principal, query, body }) => usersImport.importUsers(principal, query.domainid, body.data),
    { bodyLimit: 8 * 1024 * 1024 },
  );
  registerEndpoint(app, usersApi.usersByDomain, ({ principal, query }) =>
    users.usersByDomain(principal, query.domainid, query.search),
  );
  registerEndpoint(app, usersApi.usersWithRequestsByCompanies, ({ principal, query }) =>
    users.usersWithRequestsByCompanies(principal, query.companies),
  );
}
