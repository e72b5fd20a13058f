import { isIPv6 } from 'node:net';
import { ApiError } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import { hashLogin } from '../platform/sign-in-guards.queries.ts';
import { composeAccountMail, sendAccountMail, type TAccountMailDeps } from './account-mail.ts';
import { raiseAccountLock } from './login.queries.ts';
import {
  deleteForgottenSignInFailures,
  forgetSignInFailures,
  recordSignInFailure,
  selectSignInDelay,
  type TSignInPair,
} from './sign-in-failures.queries.ts';

export type TLoginLockDeps = TAccountMailDeps & { maxFailedAttempts: number; lockMinutes: number };

type TLoginUser = {
  id: string;
  domainId: string;
  roles: string[];
  username: string;
  email: string;
  language: string;
  /** Blocked by an administrator: until an administrator unblocks. */
  blocked: boolean;
};

/** A sign-in attempt of a login from a source, between the delay check and the password's verdict. */
export type TLoginAttempt = TSignInPair & { hadFailures: boolean };

const actorOf = (user: TLoginUser) => ({ userId: user.id, username: user.username, roles: user.roles });

/** How often a server copy deletes the pairs nobody failed for a day (opportunistically, on a failure). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The source failures count against: an IPv4 address as it is, an IPv6 address by its /64 (what one subscriber
 * holds, so hopping addresses inside it gains nothing), an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function signInSourceOf(ip: string | null): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (an embedded IPv4 tail as two groups). */
function expandIPv6(ip: string): string[] {
  const bare = ip
    .toLowerCase()
    .split('%')[0]!
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
      [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
    );
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => group.replace(/^0+(?=.)/, ''));
}

/**
 * Wrong passwords count per login and source (sign_in_failures), never per account alone: a stranger's failures
 * delay the stranger's source, and the owner still signs in from anywhere else. An unknown login is counted and
 * delayed exactly like a real one (the same row, the same statements), so neither the answers nor their time tell
 * which logins exist; what only a real account gets (its owner's mail, the administrators' view) runs after the
 * answer.
 */
export function createLoginLock(deps: TLoginLockDeps) {
  const limits = { maxAttempts: deps.maxFailedAttempts, lockMinutes: deps.lockMinutes };
  let lastSweep = Date.now();

  /** Refuses every attempt of a delayed pair before any password work, right password or not. */
  async function open(login: string, ip: string | null): Promise<TLoginAttempt> {
    const pair = { loginHash: hashLogin(login), source: signInSourceOf(ip) };
    const remembered = await selectSignInDelay(deps.db, pair);
    if (remembered && remembered.retryAfterSeconds > 0) {
      throw new ApiError(429, 'ERR_LOGIN_DELAYED', undefined, { retryAfterSeconds: remembered.retryAfterSeconds });
    }
    return { ...pair, hadFailures: remembered !== undefined };
  }

  /**
   * The password's verdict. Wrong (or no such user): counted, 401 `ERR_LOGIN_INVALID`. Right: the source's
   * failures are forgotten, and only then does an administrator's block answer 403 `ERR_ACCOUNT_LOCKED`.
   */
  async function settle<T extends TLoginUser>(attempt: TLoginAttempt, user: T | undefined, passwordOk: boolean) {
    if (!user || !passwordOk) {
      const { delayMinutes } = await deps.db.transaction().execute(async (trx) => {
        const counted = await recordSignInFailure(trx, attempt, limits);
        await recordAudit(trx, user ? actorOf(user) : { anonymous: null }, {
          // A login nobody has is recorded without its text (it may be a password typed in the wrong box).
          domainId: user?.domainId ?? null,
          entity: 'users',
          entityId: user?.id ?? null,
          action: user && counted.delayMinutes !== null ? 'lock' : 'sign-in-failed',
          after: user && counted.delayMinutes !== null ? { delayMinutes: counted.delayMinutes } : null,
        });
        return counted;
      });
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        void deleteForgottenSignInFailures(deps.db).catch(() => {});
      }
      if (user && delayMinutes !== null) {
        void tellOwner(user, attempt.source, delayMinutes).catch((error: unknown) =>
          deps.logger.error({ err: error }, 'sign-in delay not recorded'),
        );
      }
      throw new ApiError(401, 'ERR_LOGIN_INVALID');
    }
    if (attempt.hadFailures) await forgetSignInFailures(deps.db, attempt);
    if (user.blocked) {
      await deps.db.transaction().execute((trx) =>
        recordAudit(trx, actorOf(user), {
          domainId: user.domainId,
          entity: 'users',
          entityId: user.id,
          action: 'sign-in-failed',
          after: { blocked: true },
        }),
      );
      throw new ApiError(403, 'ERR_ACCOUNT_LOCKED');
    }
    return user;
  }

  /** Shows the delay to administrators (`locked_until`) and mails the owner, at most once an hour. */
  async function tellOwner(user: TLoginUser, source: string, delayMinutes: number) {
    const { mail } = await raiseAccountLock(deps.db, user.id, delayMinutes);
    if (!mail) return;
    const text = composeAccountMail('lock', user, { lifetimeMinutes: delayMinutes, source });
    await sendAccountMail(deps, { userId: user.id, purpose: 'lock', to: user.email, ...text });
  }

  return { open, settle };
}

export type TLoginLock = ReturnType<typeof createLoginLock>;
