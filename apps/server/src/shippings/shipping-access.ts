import type { ShippingListScope } from '@sello/contracts/catalogue/shippings-common';
import type { TPrincipal } from '../platform/principal.ts';
import { resolveDomainScope } from '../platform/tenancy.ts';

/**
 * Which shippings a user reaches (DESIGN §4):
 * - `domainId`: the tenant (null: every domain, a super admin acting on one record);
 * - `companyIds`: the companies whose shippings they see (null: the whole domain);
 * - `reach`: through those companies, through being a designated authoriser of the shipping (whatever
 *   its company), both, or nothing. Users holding `shippingListOnlyAuth` without `shippingList` reach
 *   only what they authorise; managing (retry, delete, recover) goes through the company only.
 */
export type TShippingReach = 'companyOrAuthoriser' | 'authoriser' | 'company' | 'none';

export type TShippingVisibility = {
  userId: string;
  domainId: string | null;
  companyIds: readonly string[] | null;
  reach: TShippingReach;
};

/** Reaches every shipping of one domain through its companies (a domain administrator's visibility). */
export function reachesWholeDomain(
  visibility: TShippingVisibility,
): visibility is TShippingVisibility & { domainId: string } {
  const { domainId, companyIds, reach } = visibility;
  return domainId !== null && companyIds === null && (reach === 'company' || reach === 'companyOrAuthoriser');
}

/** A user who may only work the authorisations list. */
export function isAuthOnly(principal: TPrincipal): boolean {
  return principal.permissions.shippingList !== true;
}

/** Whole-domain readers: super admins and domain administrators. */
function seesWholeDomain(principal: TPrincipal): boolean {
  return principal.superAdmin || principal.roleKeys.includes('domainAdmin');
}

/** Visibility of one record by id: a super admin reaches any domain, everybody else only their own. */
export function recordVisibility(principal: TPrincipal): TShippingVisibility {
  return {
    userId: principal.userId,
    domainId: principal.superAdmin ? null : principal.domainId,
    companyIds: seesWholeDomain(principal) ? null : principal.companyIds,
    // A key reaches its company's shippings only, never those its creator authorises elsewhere.
    reach: principal.apiKey ? 'company' : isAuthOnly(principal) ? 'authoriser' : 'companyOrAuthoriser',
  };
}

/** Visibility of a list: one domain (a super admin may name another with `domainid`). */
export function listVisibility(principal: TPrincipal, domainid?: number): TShippingVisibility {
  return { ...recordVisibility(principal), domainId: resolveDomainScope(principal, domainid) };
}

/** The scope a list really covers: authorisers without the list permission only get their authorisations. */
export function effectiveScope(principal: TPrincipal, requested: ShippingListScope): ShippingListScope {
  return isAuthOnly(principal) ? 'auth' : requested;
}

/** Managing (retry, delete, recover) needs the company's visibility, not just a designation as authoriser. */
export function manageVisibility(principal: TPrincipal): TShippingVisibility {
  return { ...recordVisibility(principal), reach: isAuthOnly(principal) ? 'none' : 'company' };
}
