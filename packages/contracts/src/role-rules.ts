import { PERMISSION_FLAGS, type PermissionFlag } from './permissions.ts';
import { detectRoles, ROLE_KEYS, type RoleKey } from './roles.ts';

/** Roles from the most to the least powerful; a lower rank number is more power. */
export const ROLE_RANK: Record<RoleKey, number> = { superAdmin: 0, domainAdmin: 1, admin: 2, manager: 3, user: 4 };

/** Rank of a role list: its most powerful role; a user without a known role ranks below every role. */
export function rankOf(roles: string | readonly string[]): number {
  const keys = detectRoles(roles);
  return keys.length === 0 ? ROLE_KEYS.length : Math.min(...keys.map((key) => ROLE_RANK[key]));
}

/** The roles that administer: they may open the administration calls at all. */
export const ADMINISTRATOR_ROLES: readonly RoleKey[] = ['superAdmin', 'domainAdmin', 'admin'];

/**
 * Role keys an administrator may give: their own and the less powerful ones. Nobody else gives roles.
 * Only a super admin makes super admins.
 */
export function assignableRoleKeys(callerRoles: string | readonly string[]): RoleKey[] {
  const callerKeys = detectRoles(callerRoles);
  if (!callerKeys.some((key) => ADMINISTRATOR_ROLES.includes(key))) return [];
  const rank = rankOf(callerRoles);
  return ROLE_KEYS.filter((key) => ROLE_RANK[key] >= rank);
}

const BINS: PermissionFlag[] = ['shpBin', 'typeBin', 'companyBin', 'groupBin', 'certBin', 'userBin', 'templatesBin'];
const SENDER: PermissionFlag[] = ['shippingList', 'newSend', 'editMode'];

/** Flags a new user of a role starts with when the administrator (or an import file) names none. */
export const DEFAULT_PERMISSIONS_BY_ROLE: Record<RoleKey, readonly PermissionFlag[]> = {
  superAdmin: PERMISSION_FLAGS,
  domainAdmin: [
    ...SENDER,
    'types',
    'shpImport',
    'shpImportTemplate',
    'templates',
    'administration',
    'administrationDomain',
    'administrationSaml',
    ...BINS,
  ],
  admin: [...SENDER, 'types', 'shpImport', 'shpImportTemplate', 'templates', 'administration', ...BINS],
  manager: [...SENDER, 'shippingListOnlyAuth', 'shpImport', 'shpImportTemplate', 'templates', 'shpBin', 'templatesBin'],
  user: SENDER,
};
