import { API_KEY_SCOPE_FLAGS, API_KEY_SCOPES, type ApiKeyScope } from '@sello/contracts/api-key-scopes';
import type { PermissionFlag } from '@sello/contracts/permissions';
import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import { detectRoles } from '@sello/contracts/roles';
import type { TPrincipal } from '../platform/principal.ts';
import { toPrincipal } from '../platform/principal.ts';
import type { selectKeyCaller } from './api-keys.queries.ts';

type TKeyCaller = NonNullable<Awaited<ReturnType<typeof selectKeyCaller>>>;

/** A key never outlives its session-free nature: the principal carries no token and never expires on its own. */
const NO_EXPIRY = new Date(8.64e15);

/**
 * Whether the creator still administers the key's company: a super admin, a domain administrator of its domain, or a
 * plain administrator assigned to it. A key whose creator lost that right stops working (its rank is the creator's).
 */
export function administersCompany(
  user: { roles: readonly string[]; domainId: string; inCompany: boolean },
  company: { domainId: string },
): boolean {
  const keys = detectRoles(user.roles);
  if (keys.includes('superAdmin')) return true;
  if (user.domainId !== company.domainId) return false;
  if (keys.includes('domainAdmin')) return true;
  return keys.some((key) => ADMINISTRATOR_ROLES.includes(key)) && user.inCompany;
}

/**
 * The principal of an API key: a technical user of one company acting for its creator. It holds no role (so no
 * administration and no whole-domain reach), only its company, and only the flags of its scopes that the creator holds
 * too: never more than its creator.
 */
export function toKeyPrincipal(caller: TKeyCaller): TPrincipal | null {
  const creator = { roles: caller.roles, domainId: caller.domainId, inCompany: caller.creatorInCompany };
  if (!administersCompany(creator, { domainId: caller.companyDomainId })) return null;
  const scopes = caller.scopes.filter((scope): scope is ApiKeyScope => API_KEY_SCOPES.includes(scope as ApiKeyScope));
  const held = new Set(caller.permissions);
  const flags = scopes.flatMap((scope) => API_KEY_SCOPE_FLAGS[scope]).filter((flag) => held.has(flag));
  return {
    ...toPrincipal(
      {
        userId: caller.userId,
        username: caller.username,
        domainId: caller.companyDomainId,
        roles: [],
        permissions: [...new Set<PermissionFlag>(flags)],
        isSandbox: caller.isSandbox,
        language: caller.language,
        companyIds: [caller.companyId],
      },
      { sessionId: '', token: '', expiresAt: NO_EXPIRY },
    ),
    apiKey: { id: caller.keyId, companyId: caller.companyId, scopes },
  };
}
