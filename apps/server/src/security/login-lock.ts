import { ApiError } from '../platform/api-error.ts';
import { composeAccountMail, sendAccountMail, type TAccountMailDeps } from './account-mail.ts';
import { recordFailedLogin } from './login.queries.ts';

export type TLoginLockDeps = TAccountMailDeps & { maxFailedAttempts: number; lockMinutes: number };

type TLoginUser = {
  id: string;
  username: string;
  email: string;
  language: string;
  /** Blocked by an administrator: until an administrator unblocks. */
  blocked: boolean;
  /** Locked by wrong passwords: until `locked_until` passes or an administrator unblocks. */
  locked: boolean;
};

/**
 * The part of a sign-in that decides on a known user before a session opens. A wrong password answers
 * exactly as an unknown login does, locked or not, so nobody learns which accounts exist or are locked;
 * only the right password of a locked account hears that it is locked.
 */
export async function assertLoginAllowed(deps: TLoginLockDeps, user: TLoginUser, passwordOk: boolean): Promise<void> {
  if (!passwordOk) {
    if (!user.blocked && !user.locked) {
      const lockedNow = await recordFailedLogin(deps.db, user.id, {
        maxAttempts: deps.maxFailedAttempts,
        lockMinutes: deps.lockMinutes,
      });
      if (lockedNow) await mailLock(deps, user);
    }
    throw new ApiError(401, 'ERR_LOGIN_INVALID');
  }
  if (user.blocked || user.locked) throw new ApiError(403, 'ERR_ACCOUNT_LOCKED');
}

async function mailLock(deps: TLoginLockDeps, user: TLoginUser) {
  const text = composeAccountMail('lock', user, { lifetimeMinutes: deps.lockMinutes });
  await sendAccountMail(deps, { userId: user.id, purpose: 'lock', to: user.email, ...text });
}
