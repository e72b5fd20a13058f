/** Role strings of spec §6. Detection is by substring of the user's role list, most specific first. */
export const ROLE_STRINGS = {
  superAdmin: 'lgt_superadm',
  domainAdmin: 'cust_ctr_admin_dom',
  admin: 'cust_ctr_admin',
  manager: 'cust_ctr_mgr',
  user: 'cust_ctr_user',
} as const;

export type RoleKey = keyof typeof ROLE_STRINGS;
export const ROLE_KEYS = Object.keys(ROLE_STRINGS) as RoleKey[];

/** Returns the role keys whose string appears in the role list (a string or a list of strings). */
export function detectRoles(roles: string | readonly string[]): RoleKey[] {
  const list = typeof roles === 'string' ? [roles] : roles;
  const found = new Set<RoleKey>();
  for (const entry of list) {
    // `cust_ctr_admin_dom` contains `cust_ctr_admin`; a domain admin is not also a plain admin.
    const rest = entry.replaceAll(ROLE_STRINGS.domainAdmin, ' ');
    if (entry.includes(ROLE_STRINGS.superAdmin)) found.add('superAdmin');
    if (entry.includes(ROLE_STRINGS.domainAdmin)) found.add('domainAdmin');
    if (rest.includes(ROLE_STRINGS.admin)) found.add('admin');
    if (entry.includes(ROLE_STRINGS.manager)) found.add('manager');
    if (entry.includes(ROLE_STRINGS.user)) found.add('user');
  }
  return ROLE_KEYS.filter((key) => found.has(key));
}

export function hasRole(roles: string | readonly string[], role: RoleKey): boolean {
  return detectRoles(roles).includes(role);
}
