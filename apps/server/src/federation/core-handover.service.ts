import { randomBytes } from 'node:crypto';
import type { TCoreHandover } from '@sello/contracts/catalogue/security';
import { hasRole } from '@sello/contracts/roles';
import { PATHS } from '@sello/contracts/routes';
import type { TAppContext } from '../app-context.ts';
import { ApiError } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { hashToken } from '../platform/tokens.ts';
import { selectUserForLogin } from '../security/login.queries.ts';
import type { ClientInfo } from '../security/security.service.ts';
import { createShippingsService } from '../shippings/shippings.service.ts';
import { consumeCoreHandover, insertCoreHandover } from './core-handover.queries.ts';
import { findVisibleShippingId } from './visible-shipping.ts';

/** How long a hand-over may wait for the browser (the issue: at most 60 s). */
export const HANDOVER_SECONDS = 60;

const newSecret = () => randomBytes(32).toString('base64url');

/** The console path a hand-over opens (spec §2 `/saml/samlCoreLogin/{requestHash}/{tokenHash}[/{uuid}]`). */
function consolePath(requestHash: string, tokenHash: string, uuid: string | null): string {
  const base = PATHS.samlCoreLogin.replace(':requestHash', requestHash).replace(':tokenHash', tokenHash);
  return uuid ? `${base}/${uuid}` : base;
}

/**
 * The hand-over from the provider's core platform (docs/decisions/federation.md "Core hand-over"): a signed server-to-server
 * call makes a one-time sign-in for a user; the browser brings it to the console, which consumes it once.
 */
export function createCoreHandoverService(ctx: Pick<TAppContext, 'db' | 'security'>) {
  const { db, security } = ctx;
  const shippings = createShippingsService(db);

  async function issue(userId: string, shippingGuid: string | null): Promise<TCoreHandover> {
    const requestHash = newSecret();
    const tokenHash = newSecret();
    const { expiresAt } = await insertCoreHandover(db, {
      requestHash,
      tokenHash: hashToken(tokenHash),
      userId,
      shippingGuid,
      seconds: HANDOVER_SECONDS,
    });
    return {
      requestHash,
      tokenHash,
      path: consolePath(requestHash, tokenHash, shippingGuid),
      expiration: expiresAt.getTime(),
    };
  }

  /** `coreHandover`: the caller is the core platform (its signature was checked by the route). */
  async function coreHandover(request: { login: string; uuid?: string | undefined }): Promise<TCoreHandover> {
    const user = await selectUserForLogin(db, request.login);
    if (!user || user.blocked) throw new ApiError(404, 'ERR_NOT_FOUND');
    // A super admin is a platform account: no hand-over opens it (docs/decisions/federation.md "Federated sign-in: rank").
    if (hasRole(user.roles, 'superAdmin')) throw new ApiError(403, 'ERR_FEDERATED_RANK');
    return issue(user.id, request.uuid ?? null);
  }

  /** `coreLogin`: consumes the hand-over; the uuid of the link must be the one it was made for. */
  async function coreLogin(
    request: { requestHash: string; tokenHash: string; uuid?: string | undefined },
    client: ClientInfo,
    trustToken?: string,
  ) {
    const handover = await consumeCoreHandover(db, request.requestHash, hashToken(request.tokenHash));
    if (!handover || (request.uuid ?? null) !== handover.shippingGuid) throw new ApiError(401, 'ERR_HANDOVER_INVALID');
    const answer = await security.signInHandedOver(handover.userId, client, trustToken);
    if ('twoFactorRequired' in answer) return answer;
    return {
      ...answer,
      shippingId: await findVisibleShippingId({ db, security, shippings }, answer.token, handover.shippingGuid),
    };
  }

  /** `shippingSamlAccess`: a one-time link that signs the caller in and opens the shipping, e.g. in another browser. */
  async function shippingSamlAccess(principal: TPrincipal, id: number): Promise<{ url: string }> {
    if (principal.superAdmin) throw new ApiError(403, 'ERR_FEDERATED_RANK');
    const row = await shippings.findVisible(principal, id);
    const handover = await issue(principal.userId, row.guid);
    return { url: `/#${handover.path}` };
  }

  return { coreHandover, coreLogin, shippingSamlAccess };
}
