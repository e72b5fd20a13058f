import type { PermissionFlag } from '@sello/contracts/permissions';
import { ADMINISTRATOR_ROLES, rankOf } from '@sello/contracts/role-rules';
import { ApiError, forbidden } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { resolveDomainScope } from '../platform/tenancy.ts';

/**
 * The domain predicate of a call on one record: a super admin reaches every domain (null), everybody
 * else only their own. Every query on a record takes it, so an id from another domain is simply not found.
 */
export type TDomainFilter = string | null;

export function recordScope(principal: TPrincipal): TDomainFilter {
  return principal.superAdmin ? null : principal.domainId;
}

/** Administration calls are for super, domain and plain administrators; the flags alone are not enough. */
export function assertAdministrator(principal: TPrincipal): void {
  if (!principal.roleKeys.some((key) => ADMINISTRATOR_ROLES.includes(key))) throw forbidden();
}

/** Domain settings are for super admins (every domain) and domain admins (their own). */
export function assertDomainAdministrator(principal: TPrincipal): void {
  if (!principal.superAdmin && !principal.roleKeys.includes('domainAdmin')) throw forbidden();
}

export function assertSuperAdmin(principal: TPrincipal): void {
  if (!principal.superAdmin) throw forbidden();
}

/** Lists of deleted records belong to the deleted-items area: they need the bin flag of the kind. */
export function assertBin(principal: TPrincipal, flag: PermissionFlag): void {
  if (principal.permissions[flag] !== true) throw forbidden();
}

/**
 * Another user's account may be changed only by someone at least as powerful: a plain admin does not
 * touch a domain admin, nobody but a super admin touches a super admin.
 */
export function assertMayManage(principal: TPrincipal, targetRoles: readonly string[]): void {
  if (rankOf(targetRoles) < rankOf(principal.roles)) throw forbidden();
}

/** A list call's domain: `domainid` (super admins only), the domain of `companySelected`, or the caller's own. */
export async function resolveListDomain(
  principal: TPrincipal,
  query: { domainid?: number; companySelected?: number },
  findCompanyDomain: (companyId: string) => Promise<string | undefined>,
): Promise<string> {
  if (query.domainid !== undefined) return resolveDomainScope(principal, query.domainid);
  if (query.companySelected !== undefined) {
    const domainId = await findCompanyDomain(String(query.companySelected));
    if (domainId === undefined) throw new ApiError(404, 'ERR_NOT_FOUND');
    return resolveDomainScope(principal, domainId);
  }
  return principal.domainId;
}
