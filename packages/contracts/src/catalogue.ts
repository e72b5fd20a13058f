import { accountApi } from './catalogue/account.ts';
import { adminApi } from './catalogue/admin.ts';
import { administrationApi } from './catalogue/administration.ts';
import { configurationApi } from './catalogue/configuration.ts';
import { deliveryApi } from './catalogue/delivery.ts';
import { downloadApi } from './catalogue/download.ts';
import { evidenceApi } from './catalogue/evidence.ts';
import { importsApi } from './catalogue/imports.ts';
import { portalApi } from './catalogue/portal.ts';
import { postalApi } from './catalogue/postal.ts';
import { securityApi } from './catalogue/security.ts';
import { shippingsApi } from './catalogue/shippings.ts';
import { templatesApi } from './catalogue/templates.ts';
import { typesApi } from './catalogue/types.ts';
import type { TEndpoint } from './endpoint.ts';

/** Every call of spec §7, one group per API area. */
export const API_GROUPS = {
  security: securityApi,
  account: accountApi,
  configuration: configurationApi,
  admin: adminApi,
  shippings: shippingsApi,
  imports: importsApi,
  administration: administrationApi,
  types: typesApi,
  templates: templatesApi,
  download: downloadApi,
  delivery: deliveryApi,
  postal: postalApi,
  portal: portalApi,
  evidence: evidenceApi,
} as const;

export const CATALOGUE: readonly TEndpoint[] = Object.values(API_GROUPS).flatMap((group) => Object.values(group));
