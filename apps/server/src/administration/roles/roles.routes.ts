import { rolesApi } from '@sello/contracts/catalogue/administration-roles';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createRolesService } from './roles.service.ts';

export function registerRolesRoutes({ app, db }: TAppContext): void {
  const roles = createRolesService(db);
  registerEndpoint(app, rolesApi.rolesList, ({ principal }) => roles.rolesList(principal));
}
