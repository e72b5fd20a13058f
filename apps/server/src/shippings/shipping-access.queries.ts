import { type Expression, type SqlBool, sql } from 'kysely';
import type { TShippingVisibility } from './shipping-access.ts';

/** The groups `userId` belongs to (live groups only), as a sub-query. */
export function groupsOf(userId: string) {
  return sql`(SELECT ug.group_id FROM user_groups ug JOIN groups g ON g.id = ug.group_id
    WHERE ug.user_id = ${userId} AND g.deleted_at IS NULL)`;
}

/** The user is named, or belongs to a group named, among the shipping's authorisers (any round). */
function isDesignatedAuthoriser(userId: string) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM shipping_authorisations a WHERE a.shipping_id = s.id
    AND (a.user_id = ${userId} OR a.group_id IN ${groupsOf(userId)}))`;
}

/**
 * The user can decide now: an authorisation of the current round is pending for them (named or by
 * group), they have not decided in this round yet, and they did not send the shipping.
 */
export function canDecideNow(userId: string) {
  return sql<SqlBool>`(s.state IN ('pending_auth', 'auths_pending_user') AND s.sender_id <> ${userId}
    AND EXISTS (SELECT 1 FROM shipping_authorisations a WHERE a.shipping_id = s.id AND a.round = s.auth_round
      AND a.decision = 'pending' AND (a.user_id = ${userId} OR a.group_id IN ${groupsOf(userId)}))
    AND NOT EXISTS (SELECT 1 FROM shipping_authorisations d WHERE d.shipping_id = s.id AND d.round = s.auth_round
      AND d.decided_by = ${userId}))`;
}

/** The tenancy predicate of DESIGN §4 on `shippings as s`. */
export function isVisible(visibility: TShippingVisibility): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (visibility.domainId !== null) parts.push(sql<SqlBool>`s.domain_id = ${visibility.domainId}`);
  const byCompany =
    visibility.companyIds === null
      ? sql<SqlBool>`true`
      : visibility.companyIds.length === 0
        ? sql<SqlBool>`false`
        : sql<SqlBool>`s.company_id IN (${sql.join(visibility.companyIds)})`;
  const reach = {
    // Every company already includes whatever the user authorises: the EXISTS would only cost its planning.
    companyOrAuthoriser:
      visibility.companyIds === null
        ? byCompany
        : sql<SqlBool>`(${byCompany} OR ${isDesignatedAuthoriser(visibility.userId)})`,
    authoriser: isDesignatedAuthoriser(visibility.userId),
    company: byCompany,
    none: sql<SqlBool>`false`,
  }[visibility.reach];
  parts.push(reach);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}
