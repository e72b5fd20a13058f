import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import type { TSecurityService } from '../security/security.service.ts';
import type { createShippingsService } from '../shippings/shippings.service.ts';
import { selectShippingIdByGuid } from './core-handover.queries.ts';

/**
 * The id of the shipping a federated sign-in was begun for (core hand-over `uuid`, OIDC `oauthloginWp`), when the
 * session just opened may see it; null otherwise, so the console opens the home page instead.
 */
export async function findVisibleShippingId(
  deps: { db: Kysely<Database>; security: TSecurityService; shippings: ReturnType<typeof createShippingsService> },
  token: string,
  guid: string | null,
): Promise<number | null> {
  if (!guid) return null;
  const id = await selectShippingIdByGuid(deps.db, guid);
  const principal = await deps.security.resolvePrincipal(token);
  if (id === null || !principal) return null;
  try {
    await deps.shippings.findVisible(principal, id);
    return id;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
