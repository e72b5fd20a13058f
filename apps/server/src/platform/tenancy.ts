import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import { notFound } from './api-error.ts';
import type { TPrincipal } from './principal.ts';

/**
 * The domain a call works in. A super admin may name any domain (`domainid`) and defaults to their
 * own; everybody else works only in their own domain, and naming another one answers 404 so the
 * caller learns nothing about it.
 */
export function resolveDomainScope(principal: TPrincipal, requestedDomainId?: number | string | null): string {
  if (requestedDomainId === undefined || requestedDomainId === null) return principal.domainId;
  const requested = String(requestedDomainId);
  if (principal.superAdmin || requested === principal.domainId) return requested;
  throw notFound();
}

/** Whether a record of `domainId` is visible to the principal. */
export function canSeeDomain(principal: TPrincipal, domainId: string | number): boolean {
  return principal.superAdmin || String(domainId) === principal.domainId;
}

/** Throws 404 unless the record belongs to a domain the principal may see. */
export function assertDomainVisible(principal: TPrincipal, domainId: string | number | undefined): void {
  if (domainId === undefined || !canSeeDomain(principal, domainId)) throw notFound();
}

/**
 * Whether the principal may work with a company: a super admin with any company, domain
 * admins and admins with every company of their domain, everybody else only with the companies they
 * are assigned to.
 */
export function canUseCompany(principal: TPrincipal, company: { id: string; domainId: string }): boolean {
  if (principal.superAdmin) return true;
  if (company.domainId !== principal.domainId) return false;
  if (principal.roleKeys.some((key) => ADMINISTRATOR_ROLES.includes(key))) return true;
  return principal.companyIds.includes(company.id);
}
