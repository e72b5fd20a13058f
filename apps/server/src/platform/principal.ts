import type { ApiKeyScope } from '@sello/contracts/api-key-scopes';
import type { Language } from '@sello/contracts/constants';
import { type PermissionFlag, type TPermissionMap, toPermissionMap } from '@sello/contracts/permissions';
import { detectRoles, type RoleKey } from '@sello/contracts/roles';

/** Who is calling, resolved once per request from the session token. */
export type TPrincipal = {
  userId: string;
  username: string;
  domainId: string;
  roles: string[];
  roleKeys: RoleKey[];
  permissions: TPermissionMap;
  superAdmin: boolean;
  isSandbox: boolean;
  /** The user's console language: the default language of translated answers. */
  language: Language;
  companyIds: string[];
  sessionId: string;
  token: string;
  expiresAt: Date;
  /** The account as the session's own query read it in this request (absent for principals not from a session). */
  account?: TPrincipalAccount;
  /** Set when an API key calls (integration/api-key-principal.ts): the key's calls are its scopes' only. */
  apiKey?: TApiKeyCaller;
};

/** The API key behind a principal: a technical user of one company, acting for its creator (`userId`). */
export type TApiKeyCaller = { id: string; companyId: string; scopes: ApiKeyScope[] };

/** What `account/users/read` shows besides the principal's fields, read by the same statement as the session. */
export type TPrincipalAccount = {
  name: string;
  email: string;
  passwordChangedAt: Date;
  domainName: string;
  companies: { id: string; name: string }[];
};

type TPrincipalUser = {
  userId: string;
  username: string;
  domainId: string;
  roles: string[];
  permissions: string[];
  isSandbox: boolean;
  language: string;
  companyIds: string[];
};

/** The principal of a user as stored, within a session. */
export function toPrincipal(
  user: TPrincipalUser,
  session: Pick<TPrincipal, 'sessionId' | 'token' | 'expiresAt'>,
): TPrincipal {
  const roleKeys = detectRoles(user.roles);
  return {
    userId: user.userId,
    username: user.username,
    domainId: user.domainId,
    roles: user.roles,
    roleKeys,
    permissions: toPermissionMap(user.permissions as PermissionFlag[]),
    superAdmin: roleKeys.includes('superAdmin'),
    isSandbox: user.isSandbox,
    language: user.language as Language,
    companyIds: user.companyIds,
    ...session,
  };
}
