import { forbidden } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import type { TTypeScope } from './types.queries.ts';

/** Super and domain admins reach every type of their domain(s); other users only their companies' types. */
export function wholeDomain(principal: TPrincipal): boolean {
  return principal.superAdmin || principal.roleKeys.includes('domainAdmin');
}

export function typeScope(principal: TPrincipal): TTypeScope {
  return {
    domain: principal.superAdmin ? null : principal.domainId,
    companyIds: wholeDomain(principal) ? null : principal.companyIds,
  };
}

/** A type of the whole domain is set up by domain administrators; a company's by those of that company. */
export function assertMayOwnType(principal: TPrincipal, companyId: string | null): void {
  if (wholeDomain(principal)) return;
  if (companyId === null || !principal.companyIds.includes(companyId)) throw forbidden();
}
