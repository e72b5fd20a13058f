import type { TPickerItem } from '@sello/contracts/common';
import { assignableRoleKeys } from '@sello/contracts/role-rules';
import { detectRoles } from '@sello/contracts/roles';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { assertAdministrator } from '../../platform/admin-access.ts';
import { ApiError } from '../../platform/api-error.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { selectRoles } from './roles.queries.ts';

export type TRole = { id: string; code: string; name: string };

export function createRolesService(db: Kysely<Database>) {
  /** Whether the caller may give `role`: only their own role and weaker ones. */
  function mayAssign(principal: TPrincipal, role: TRole): boolean {
    const allowed = assignableRoleKeys(principal.roles);
    const keys = detectRoles(role.code);
    return keys.length > 0 && keys.every((key) => allowed.includes(key));
  }

  /** The roles the caller may give, for the user form. */
  async function rolesList(principal: TPrincipal): Promise<TPickerItem[]> {
    assertAdministrator(principal);
    const roles = await selectRoles(db);
    return roles
      .filter((role) => mayAssign(principal, role))
      .map((role) => ({ value: Number(role.id), text: role.name, description: role.code, blocked: false }));
  }

  /** The role of `roleId` if the caller may give it; otherwise a field error on `field`. */
  async function resolveAssignable(principal: TPrincipal, roleId: number, field = 'roleId'): Promise<TRole> {
    const role = (await selectRoles(db)).find((entry) => entry.id === String(roleId));
    if (!role) throw new ApiError(400, 'ERR_VALIDATION', { [field]: 'ERR_FIELD_INVALID' });
    if (!mayAssign(principal, role)) throw new ApiError(400, 'ERR_VALIDATION', { [field]: 'ERR_ROLE_NOT_ALLOWED' });
    return role;
  }

  return { rolesList, resolveAssignable, all: () => selectRoles(db), mayAssign };
}
