import type { TLoginRequest, TSessionUser } from '@sello/contracts/catalogue/security';
import type { Language } from '@sello/contracts/constants';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { type PermissionFlag, toPermissionMap } from '@sello/contracts/permissions';
import { ADMINISTRATOR_ROLES, ROLE_RANK, rankOf } from '@sello/contracts/role-rules';
import { detectRoles } from '@sello/contracts/roles';
import type { TTwoFactorChallenge } from '@sello/contracts/two-factor';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import { recordAudit, runAudited } from '../platform/audit.ts';
import { type TPrincipal, toPrincipal } from '../platform/principal.ts';
import { createToken, hashToken } from '../platform/tokens.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { recordSuccessfulLogin, selectUserForLogin, selectUserForLoginById } from './login.queries.ts';
import { createLoginLock, type TLoginLockDeps } from './login-lock.ts';
import { verifyPassword } from './passwords.ts';
import { insertSession, revokeSession, rotateSession, selectLiveSession } from './sessions.queries.ts';
import type { TSecondFactorStep } from './two-factor-step.ts';

const ROTATION_GRACE_SECONDS = 30;

type Deps = {
  db: Kysely<Database>;
  preferences: TPreferences;
  lock: TLoginLockDeps;
  secondFactor: TSecondFactorStep;
};
type TSignInUser = NonNullable<Awaited<ReturnType<typeof selectUserForLogin>>>;
export type ClientInfo = { ip: string | null; userAgent: string | null };
type TSignInMethod = 'password' | 'second-factor' | 'handover' | 'federated';

export type TSecurityService = ReturnType<typeof createSecurityService>;

/**
 * The rank rule of every federated way in (docs/decisions/federation.md "Federated sign-in: rank"): it never opens a session for
 * a super admin (a platform account, never a tenant's), nor for a user ranked above whoever configured the way in.
 */
function refuseAboveFederatedRank(roles: readonly string[], configuredRank: number) {
  const floor = Math.max(configuredRank, ROLE_RANK.domainAdmin);
  if (rankOf(roles) < floor) throw new ApiError(403, 'ERR_FEDERATED_RANK');
}

/** A provider's word never stands for the second factor of anyone who administers. */
function isAdministrator(roles: readonly string[]) {
  return detectRoles(roles).some((key) => ADMINISTRATOR_ROLES.includes(key));
}

/** Past the domain's maximum password age the right password opens no session: `pwdExpired` sets a new one. */
function refuseExpiredPassword(user: { passwordExpired: boolean }) {
  if (user.passwordExpired) throw new ApiError(403, 'ERR_PWD_EXPIRED');
}

export function createSecurityService({ db, preferences, lock, secondFactor }: Deps) {
  const loginLock = createLoginLock(lock);

  async function newSessionRow(userId: string, domainId: string, client: ClientInfo) {
    const token = createToken();
    const expiresAt = new Date(Date.now() + (await preferences.sessionMinutes(domainId)) * 60_000);
    return { token, row: { tokenHash: hashToken(token), userId, expiresAt, ...client } };
  }

  /** A session and its sign-in record, in one transaction (`method`: how the user proved who they are). */
  async function openSession(user: TSignInUser, client: ClientInfo, method: TSignInMethod, provider?: string) {
    const { token, row } = await newSessionRow(user.id, String(user.domainId), client);
    const entry = { domainId: user.domainId, entity: 'users', entityId: user.id, action: 'sign-in' };
    const actor = { userId: user.id, username: user.username, roles: user.roles };
    const after = provider === undefined ? { method } : { method, provider };
    await runAudited(db, actor, { ...entry, after }, (trx) => insertSession(trx, row));
    return { token, expiresAt: row.expiresAt };
  }

  /**
   * The password step, for `login` and for calls that prove who asks by the current password (`pwdExpired`): a
   * source delayed for this login is refused first, then the password is verified (against a dummy hash for an
   * unknown login, so the time tells nothing) and its verdict counted (login-lock.ts). Answers the user.
   */
  async function verifySignInPassword(login: string, password: string, client: ClientInfo): Promise<TSignInUser> {
    const attempt = await loginLock.open(login, client.ip);
    const user = await selectUserForLogin(db, login);
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    return loginLock.settle(attempt, user, passwordOk);
  }

  /** `trustToken`: the 'trust this browser' cookie, which may skip the second factor. */
  async function login(
    request: TLoginRequest,
    client: ClientInfo,
    trustToken?: string,
  ): Promise<TSessionUser | TTwoFactorChallenge> {
    const user = await verifySignInPassword(request.login, request.password, client);
    refuseExpiredPassword(user);
    await recordSuccessfulLogin(db, user.id);
    const challenge = await secondFactor.afterPassword(user.id, trustToken);
    if (challenge) return challenge;
    return startSession(user, client, 'password');
  }

  /** Opens the session of a user whose second factor was just verified (two-factor.service.ts). */
  async function completeLogin(userId: string, client: ClientInfo): Promise<TSessionUser> {
    const user = await selectUserForLoginById(db, userId);
    if (!user || user.blocked) throw new ApiError(401, 'ERR_LOGIN_INVALID');
    return startSession(user, client, 'second-factor');
  }

  /**
   * Opens the session of a user the core platform handed over (core-handover.service.ts): the hand-over stands
   * for the password, so an administrator's block, the expired password and the second factor are asked as after a
   * password; wrong passwords from some source do not concern it.
   * The core platform is configured by the operator, so only the platform's own accounts are out of its reach.
   */
  async function signInHandedOver(
    userId: string,
    client: ClientInfo,
    trustToken?: string,
  ): Promise<TSessionUser | TTwoFactorChallenge> {
    const user = await selectUserForLoginById(db, userId);
    if (!user || user.blocked) throw new ApiError(401, 'ERR_HANDOVER_INVALID');
    refuseAboveFederatedRank(user.roles, ROLE_RANK.superAdmin);
    refuseExpiredPassword(user);
    const challenge = await secondFactor.afterPassword(user.id, trustToken);
    if (challenge) return challenge;
    return startSession(user, client, 'handover');
  }

  /**
   * Opens the session of a user an identity provider has proved (SAML, OpenID Connect): the provider stands for the
   * password, so no password rule applies; an administrator's block refuses with `blockedKey`, and Sello's second
   * factor is asked unless the provider is trusted for it and the user administers nothing.
   * `configuredRank`: the rank of whoever configured the provider (and its SAML certificate); `providerName` goes
   * into the sign-in's audit record.
   */
  async function signInFederated(
    userId: string,
    client: ClientInfo,
    options: {
      trustToken?: string | undefined;
      providerName: string;
      providerVouches: boolean;
      configuredRank: number;
      refusal: ErrorKey;
      blockedKey: ErrorKey;
    },
  ): Promise<TSessionUser | TTwoFactorChallenge> {
    const user = await selectUserForLoginById(db, userId);
    if (!user) throw new ApiError(401, options.refusal);
    if (user.blocked) throw new ApiError(401, options.blockedKey);
    refuseAboveFederatedRank(user.roles, options.configuredRank);
    const vouches = options.providerVouches && !isAdministrator(user.roles);
    const challenge = await secondFactor.afterPassword(user.id, options.trustToken, vouches);
    if (challenge) return challenge;
    return startSession(user, client, 'federated', options.providerName);
  }

  async function startSession(
    user: TSignInUser,
    client: ClientInfo,
    method: TSignInMethod,
    provider?: string,
  ): Promise<TSessionUser> {
    const { token, expiresAt } = await openSession(user, client, method, provider);
    const roleKeys = detectRoles(user.roles);
    return {
      id: Number(user.id),
      userid: user.username,
      name: user.name,
      email: user.email,
      roles: user.roles,
      customLogo: user.customLogo,
      additionalFields: user.additionalFields,
      permissions: toPermissionMap(user.permissions as PermissionFlag[]),
      superAdmin: roleKeys.includes('superAdmin'),
      isSandbox: user.isSandbox,
      language: user.language as Language,
      domainId: Number(user.domainId),
      domainName: user.domainName,
      expiration: expiresAt.getTime(),
      token,
    };
  }

  async function resolvePrincipal(token: string): Promise<TPrincipal | null> {
    const row = await selectLiveSession(db, hashToken(token));
    if (!row) return null;
    const companyIds = row.companies.map((company) => company.id);
    const { name, email, passwordChangedAt, domainName, companies } = row;
    return {
      ...toPrincipal({ ...row, companyIds }, { sessionId: row.sessionId, token, expiresAt: row.expiresAt }),
      account: { name, email, passwordChangedAt, domainName, companies },
    };
  }

  /**
   * Issues a fresh token with a full session time; the old one keeps serving calls already in flight for a short
   * grace, but never mints another token (401 `ERR_TKN_INVALID`), so a session cannot fork.
   */
  async function rotate(principal: TPrincipal, client: ClientInfo) {
    const { token, row } = await newSessionRow(principal.userId, principal.domainId, client);
    const rotated = await rotateSession(
      db,
      { sessionId: principal.sessionId, graceSeconds: ROTATION_GRACE_SECONDS },
      row,
    );
    if (!rotated) throw new ApiError(401, 'ERR_TKN_INVALID');
    return { token, expiresAt: row.expiresAt };
  }

  return {
    login,
    completeLogin,
    signInHandedOver,
    signInFederated,
    verifySignInPassword,
    resolvePrincipal,
    rotate,
    logout: (principal: TPrincipal) =>
      db.transaction().execute(async (trx) => {
        await revokeSession(trx, principal.sessionId);
        const entry = { domainId: principal.domainId, entity: 'sessions', entityId: principal.sessionId };
        await recordAudit(trx, principal, { ...entry, action: 'sign-out' });
      }),
  };
}
