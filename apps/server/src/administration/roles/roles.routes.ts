import { administrationApi as api } from '@sello/contracts/catalogue/administration';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createRolesService } from './roles.service.ts';

export function registerRolesRoutes({ app, db }: TAppContext): void {
  const roles = createRolesService(db);
  registerEndpoint(app, api.rolesList, ({ principal }) => roles.list(principal));
}
