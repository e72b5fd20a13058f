import type { Language } from '@sello/contracts/constants';
import type { TPermissionMap } from '@sello/contracts/permissions';
import type { RoleKey } from '@sello/contracts/roles';

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
};
