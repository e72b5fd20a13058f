import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TRecoveryLogin } from '@sello/contracts/catalogue/security';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import type { TMailer } from '../platform/mailer.ts';
import { createToken, hashToken } from '../platform/tokens.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { composeAccountMail, sendAccountMail } from './account-mail.ts';
import { changePassword } from './password-change.ts';
import {
  recordRecoverRequest,
  selectLiveLink,
  selectRecoverableUser,
  setChangeToken,
  voidUserLinks,
} from './password-recovery.queries.ts';
import { issueRecoveryLink, mailRecoveryLink } from './recovery-links.ts';

/** How long the token `pwdrecoverlogin` answers lets the holder call `pwdchg`. */
const CHANGE_TOKEN_MINUTES = 10;
/**
 * `pwdrecover` never answers sooner than this: the mail goes out after the answer, and this floor
 * hides what is left of the difference between a known and an unknown login (database writes).
 */
const RECOVER_ANSWER_FLOOR_MS = 120;

type TConfigPart = Pick<
  TConfig,
  | 'PASSWORD_MIN_LENGTH'
  | 'PASSWORD_RECOVERY_LINK_MINUTES'
  | 'PASSWORD_RECOVER_PER_LOGIN_PER_HOUR'
  | 'PASSWORD_RECOVER_PER_IP_PER_HOUR'
>;
type Deps = {
  db: Kysely<Database>;
  mailer: TMailer;
  preferences: TPreferences;
  logger: FastifyBaseLogger;
  config: TConfigPart;
};

const invalidLink = () => new ApiError(401, 'ERR_PWD_RECOVER_TOKEN');

function sameHash(a: string | null, b: string): boolean {
  return a !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export type TPasswordRecoveryService = ReturnType<typeof createPasswordRecoveryService>;

export function createPasswordRecoveryService({ db, mailer, preferences, logger, config }: Deps) {
  /**
   * Same status, body and time whether or not the login exists: both record the request (the limits
   * count unknown logins too), the link is mailed after the answer, and the answer waits for a floor.
   */
  async function pwdRecover(login: string, ip: string): Promise<void> {
    const started = Date.now();
    try {
      const counts = await recordRecoverRequest(db, hashToken(login.trim().toLowerCase()), ip);
      if (
        counts.byLogin > config.PASSWORD_RECOVER_PER_LOGIN_PER_HOUR ||
        counts.byIp > config.PASSWORD_RECOVER_PER_IP_PER_HOUR
      ) {
        throw new ApiError(429, 'ERR_TOO_MANY_REQUESTS');
      }
      const user = await selectRecoverableUser(db, login.trim());
      if (user) {
        const lifetimeMinutes = config.PASSWORD_RECOVERY_LINK_MINUTES;
        const link = await db.transaction().execute(async (trx) => {
          const issued = await issueRecoveryLink(trx, {
            userId: user.id,
            purpose: 'recovery',
            createdBy: null,
            lifetimeMinutes,
          });
          // Whoever asked proved nothing yet: the record names the account, not an actor.
          const entry = {
            domainId: user.domainId,
            entity: 'users',
            entityId: user.id,
            action: 'password-recovery-request',
          };
          await recordAudit(trx, { anonymous: null }, { ...entry, after: { lifetimeMinutes } });
          return issued;
        });
        void mailRecoveryLink({ db, mailer, preferences, logger }, user, link, 'recovery').catch((error: unknown) =>
          logger.error({ err: error }, 'recovery mail not recorded'),
        );
      } else {
        // The work a known login does with its tokens, so the two take the same time.
        hashToken(createToken());
        hashToken(createToken());
      }
    } finally {
      const wait = RECOVER_ANSWER_FLOOR_MS - (Date.now() - started);
      if (wait > 0) await sleep(wait);
    }
  }

  async function findLink(
    executor: Kysely<Database>,
    tokens: { recoveryToken: string; loginToken: string },
    forUpdate = false,
  ) {
    const link = await selectLiveLink(executor, hashToken(tokens.recoveryToken), forUpdate);
    if (!link || !sameHash(link.loginHash, hashToken(tokens.loginToken))) throw invalidLink();
    return link;
  }

  /** Checks a link (it stays usable) and answers whose it is and a token good only for `pwdchg`. */
  async function pwdRecoverLogin(tokens: { recoveryToken: string; loginToken: string }): Promise<TRecoveryLogin> {
    const link = await findLink(db, tokens);
    const token = createToken();
    await setChangeToken(db, link.linkId, hashToken(token), new Date(Date.now() + CHANGE_TOKEN_MINUTES * 60_000));
    return { id: Number(link.userId), userid: link.username, email: link.email, roles: link.roles, token };
  }

  /** Sets the password from a link: single use, every session of the user ends, a notice is mailed. */
  async function pwdChange(
    input: { recoveryToken: string; loginToken: string; newpassword: string },
    changeToken: string | undefined,
  ): Promise<void> {
    const user = await db.transaction().execute(async (trx) => {
      const link = await findLink(trx, input, true);
      const live = link.changeExpiresAt !== null && link.changeExpiresAt.getTime() > Date.now();
      if (!changeToken || !live || !sameHash(link.changeHash, hashToken(changeToken))) throw invalidLink();
      await changePassword(trx, {
        user: {
          id: link.userId,
          username: link.username,
          email: link.email,
          domainId: link.domainId,
          roles: link.roles,
        },
        via: 'recovery',
        newPassword: input.newpassword,
        minLength: config.PASSWORD_MIN_LENGTH,
        field: 'newpassword',
      });
      await voidUserLinks(trx, link.userId);
      return link;
    });
    const text = composeAccountMail('password_changed', user);
    await sendAccountMail(
      { db, mailer, logger },
      { userId: user.userId, purpose: 'password_changed', to: user.email, ...text },
    );
  }

  return { pwdRecover, pwdRecoverLogin, pwdChange };
}
