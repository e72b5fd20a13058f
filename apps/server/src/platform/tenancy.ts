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
