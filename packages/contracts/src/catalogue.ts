import { accountApi } from './catalogue/account.ts';
import { adminApi } from './catalogue/admin.ts';
import { configurationApi } from './catalogue/configuration.ts';
import { securityApi } from './catalogue/security.ts';
import type { TEndpoint } from './endpoint.ts';

/** Every call of spec §7, one group per API area. */
export const API_GROUPS = {
  security: securityApi,
  account: accountApi,
  configuration: configurationApi,
  admin: adminApi,
} as const;

export const CATALOGUE: readonly TEndpoint[] = Object.values(API_GROUPS).flatMap((group) => Object.values(group));
