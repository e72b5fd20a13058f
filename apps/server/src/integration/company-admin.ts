import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { forbidden, notFound } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { administersCompany } from './api-key-principal.ts';
import { selectLiveCompany } from './api-keys.queries.ts';

/**
 * A company's API keys and webhooks are its administrators' to manage: another domain's company is not found (404),
 * another company of the domain is refused (403). Answers the company's domain (the tenant of its audit records).
 */
export async function assertAdministersCompany(
  db: Kysely<Database>,
  principal: TPrincipal,
  companyId: string,
): Promise<string> {
  const company = await selectLiveCompany(db, companyId);
  if (!company || (!principal.superAdmin && company.domainId !== principal.domainId)) throw notFound();
  const caller = {
    roles: principal.roles,
    domainId: principal.domainId,
    inCompany: principal.companyIds.includes(companyId),
  };
  if (!administersCompany(caller, company)) throw forbidden();
  return company.domainId;
}
