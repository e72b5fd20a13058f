import type { PermissionFlag } from '@sello/contracts/permissions';
import { ADMINISTRATOR_ROLES, rankOf } from '@sello/contracts/role-rules';
import { ApiError, forbidden } from './api-error.ts';
import type { TPrincipal } from './principal.ts';
import { resolveDomainScope } from './tenancy.ts';

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

/**
 * The companies whose users and companies the caller manages: null for super and domain admins (the whole
 * domain), the caller's own companies for a plain administrator.
 */
export function companyScope(principal: TPrincipal): string[] | null {
  if (principal.superAdmin || principal.roleKeys.includes('domainAdmin')) return null;
  return principal.companyIds;
}

/** Whether a record linked to `companyIds` is within the caller's company scope. */
export function isInCompanyScope(scope: readonly string[] | null, companyIds: readonly (string | number)[]): boolean {
  return scope === null || companyIds.some((id) => scope.includes(String(id)));
}

/**
 * The companies a user keeps after a plain administrator set `requested`: the caller's own companies as asked,
 * the others the user already had untouched; asking for a company of nobody's scope answers 400.
 */
export function resolveScopedCompanies(
  scope: readonly string[] | null,
  requested: readonly number[],
  current: readonly (string | number)[],
): number[] {
  if (scope === null) return [...requested];
  const had = current.map(String);
  if (requested.some((id) => !scope.includes(String(id)) && !had.includes(String(id)))) {
    throw new ApiError(400, 'ERR_VALIDATION', { companyIds: 'ERR_COMPANY_NOT_ALLOWED' });
  }
  const kept = had.filter((id) => !scope.includes(id)).map(Number);
  return [...new Set([...requested.filter((id) => scope.includes(String(id))), ...kept])];
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
