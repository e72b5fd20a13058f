import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TSessionUser } from '@sello/contracts/catalogue/security';
import type { TTotpEnrolment, TTwoFactorStatus } from '@sello/contracts/catalogue/two-factor';
import { type TTwoFactorLoginRequest, TWO_FACTOR } from '@sello/contracts/two-factor';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { assertAdministrator, assertMayManage, recordScope } from '../platform/admin-access.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import type { TCertificateKey } from '../platform/certificate-key.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { createToken, hashToken } from '../platform/tokens.ts';
import { composeAccountMail, sendAccountMail, type TAccountMailDeps } from './account-mail.ts';
import type { ClientInfo, TSecurityService } from './security.service.ts';
import { createTotpEnrolment, openTotpSecret, sealTotpSecret, verifyTotp } from './totp.ts';
import {
  acceptTotpStep,
  closeChallenge,
  confirmEnrolment,
  deleteTwoFactor,
  insertTrustedBrowser,
  insertTwoFactorEvent,
  lockFactorGuard,
  lockLiveChallenge,
  recordFactorFailure,
  recordWrongCode,
  resetFactorFailures,
  savePendingSecret,
  selectManagedUser,
  selectTwoFactorState,
  setMailCode,
  useRecoveryCode,
} from './two-factor.queries.ts';
import { createMailCode, hashMailCode, maskEmail, sendMailCode } from './two-factor-mail.ts';
import { isTwoFactorRequired } from './two-factor-step.ts';

type Deps = TAccountMailDeps & { security: TSecurityService; secretKey: TCertificateKey };
type TChallengeRow = NonNullable<Awaited<ReturnType<typeof lockLiveChallenge>>>;
type TState = NonNullable<Awaited<ReturnType<typeof selectTwoFactorState>>>;

/** A session, and the 'trust this browser' token to set as a cookie when the user asked for it. */
export type TSecondFactorResult<T = TSessionUser> = { user: T; trust: { token: string; maxAgeSeconds: number } | null };

const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 16 base32 characters (80 random bits), shown in groups of four. */
function createRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Recovery codes are random and long, so a plain SHA-256 of the normalised code is enough at rest. */
function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const ended = () => new ApiError(401, 'ERR_2FA_CHALLENGE_ENDED');
const factorLocked = () => new ApiError(403, 'ERR_2FA_LOCKED');

export type TTwoFactorService = ReturnType<typeof createTwoFactorService>;

export function createTwoFactorService({ db, security, secretKey, mailer, logger }: Deps) {
  async function stateOf(db2: Kysely<Database> | Transaction<Database>, userId: string): Promise<TState> {
    const state = await selectTwoFactorState(db2, userId);
    if (!state) throw ended();
    return state;
  }

  /** The live challenge of a token, locked, whose user's factor is not locked (and then holds the user's row lock). */
  async function liveChallenge(trx: Transaction<Database>, challengeToken: string) {
    const challenge = await lockLiveChallenge(trx, hashToken(challengeToken), TWO_FACTOR.maxFailedCodes);
    if (!challenge) throw ended();
    if (await lockFactorGuard(trx, challenge.userId)) throw factorLocked();
    return challenge;
  }

  /**
   * Runs `check` on the locked live challenge. Right: the challenge closes and the user's count of wrong codes
   * starts again. Wrong: the failure is counted on the challenge and on the user (committed); the fifth on the
   * challenge ends it, the tenth in a row on the user, across challenges, locks the factor for a while and mails
   * the owner (no challenge takes a code, and none opens, until it runs out).
   */
  async function attempt(
    challengeToken: string,
    purpose: 'verify' | 'enrol',
    check: (trx: Transaction<Database>, challenge: TChallengeRow, state: TState) => Promise<boolean>,
  ): Promise<TState> {
    const outcome = await db.transaction().execute(async (trx) => {
      const challenge = await liveChallenge(trx, challengeToken);
      if (challenge.purpose !== purpose) return { kind: 'purpose' } as const;
      const state = await stateOf(trx, challenge.userId);
      if (await check(trx, challenge, state)) {
        await closeChallenge(trx, challenge.id);
        await resetFactorFailures(trx, state.id);
        return { kind: 'ok', state } as const;
      }
      const failures = await recordWrongCode(trx, challenge.id, TWO_FACTOR.maxFailedCodes);
      const user = await recordFactorFailure(trx, state.id, {
        maxFailures: TWO_FACTOR.maxFailedCodesPerUser,
        minutes: TWO_FACTOR.lockMinutes,
      });
      const kind = user.lockedNow ? 'locked' : failures >= TWO_FACTOR.maxFailedCodes ? 'challenge_ended' : null;
      if (kind) {
        await insertTwoFactorEvent(trx, { userId: state.id, domainId: state.domainId, actorId: null, kind });
        if (kind === 'locked') {
          // Whoever holds the challenge passed the password step, so the record names the account's owner.
          const actor = { userId: state.id, username: state.username, roles: state.roles };
          const entry = { domainId: state.domainId, entity: 'users', entityId: state.id, action: 'two-factor-lock' };
          await recordAudit(trx, actor, { ...entry, after: { lockMinutes: TWO_FACTOR.lockMinutes } });
        }
        return { kind, state } as const;
      }
      const left = Math.min(TWO_FACTOR.maxFailedCodes - failures, TWO_FACTOR.maxFailedCodesPerUser - user.failures);
      return { kind: 'wrong', left } as const;
    });
    if (outcome.kind === 'challenge_ended') throw ended();
    if (outcome.kind === 'purpose') throw new ApiError(400, 'ERR_2FA_NOT_ENROLLED');
    if (outcome.kind === 'wrong')
      throw new ApiError(401, 'ERR_2FA_CODE_INVALID', undefined, { attemptsLeft: outcome.left });
    if (outcome.kind === 'locked') {
      const text = composeAccountMail('two_factor_lock', outcome.state, { lifetimeMinutes: TWO_FACTOR.lockMinutes });
      const mail = { userId: outcome.state.id, purpose: 'two_factor_lock' as const, to: outcome.state.email };
      await sendAccountMail({ db, mailer, logger }, { ...mail, ...text });
      throw factorLocked();
    }
    return outcome.state;
  }

  async function finish(state: TState, trustBrowser: boolean, client: ClientInfo): Promise<TSecondFactorResult> {
    let trust: TSecondFactorResult['trust'] = null;
    if (trustBrowser) {
      const token = createToken();
      await insertTrustedBrowser(db, state.id, hashToken(token), state.coolDownHours);
      trust = { token, maxAgeSeconds: state.coolDownHours * 3600 };
    }
    return { user: await security.completeLogin(state.id, client), trust };
  }

  /** spec §7 `twoFactorLogin`: a TOTP code (±1 step, once), the e-mailed code, or a recovery code. */
  async function twoFactorLogin(body: TTwoFactorLoginRequest, client: ClientInfo): Promise<TSecondFactorResult> {
    const state = await attempt(body.challenge, 'verify', async (trx, challenge, current) => {
      if (!current.totpSecret) return false;
      if (/^\d{6}$/.test(body.code)) {
        const secret = openTotpSecret(current.totpSecret, secretKey, current.id);
        const lastStep = current.lastStep === null ? null : Number(current.lastStep);
        const step = await verifyTotp(secret, body.code, lastStep);
        if (step !== null && (await acceptTotpStep(trx, current.id, step))) return true;
        return (
          challenge.mailCodeHash !== null &&
          challenge.mailCodeLive &&
          sameHash(hashMailCode(challenge.id, body.code), challenge.mailCodeHash)
        );
      }
      if (!(await useRecoveryCode(trx, current.id, hashRecoveryCode(body.code)))) return false;
      await insertTwoFactorEvent(trx, {
        userId: current.id,
        domainId: current.domainId,
        actorId: current.id,
        kind: 'recovery_code_used',
      });
      return true;
    });
    return finish(state, body.trustBrowser, client);
  }

  /** Sends a code by e-mail, valid 10 minutes; a new one replaces the previous one. */
  async function sendCode(challengeToken: string) {
    const sent = await db.transaction().execute(async (trx) => {
      const challenge = await liveChallenge(trx, challengeToken);
      if (challenge.purpose !== 'verify') throw new ApiError(400, 'ERR_2FA_NOT_ENROLLED');
      if (challenge.mailCodesSent >= TWO_FACTOR.maxMailCodes) throw new ApiError(429, 'ERR_2FA_MAIL_LIMIT');
      const state = await stateOf(trx, challenge.userId);
      const code = createMailCode();
      await setMailCode(trx, challenge.id, hashMailCode(challenge.id, code), TWO_FACTOR.mailCodeMinutes);
      return { state, code };
    });
    await sendMailCode({ db, mailer }, sent.state, sent.code);
    return { sentTo: maskEmail(sent.state.email) };
  }

  async function startEnrolment(state: TState): Promise<TTotpEnrolment> {
    const enrolment = await createTotpEnrolment(state.username);
    await savePendingSecret(db, state.id, sealTotpSecret(enrolment.secret, secretKey, state.id));
    return enrolment;
  }

  /**
   * Confirms the pending authenticator with its first code: it becomes the user's factor, that code's
   * step is spent, and ten new recovery codes replace the old ones. Answers the codes, shown once.
   */
  async function confirmPending(trx: Transaction<Database>, state: TState, code: string): Promise<string[] | null> {
    if (!state.pendingSecret) return null;
    const secret = openTotpSecret(state.pendingSecret, secretKey, state.id);
    const step = await verifyTotp(secret, code, null);
    if (step === null) return null;
    const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, createRecoveryCode);
    await confirmEnrolment(trx, state.id, state.pendingSecret, step, codes.map(hashRecoveryCode));
    await insertTwoFactorEvent(trx, {
      userId: state.id,
      domainId: state.domainId,
      actorId: state.id,
      kind: 'enrolled',
    });
    const actor = { userId: state.id, username: state.username, roles: state.roles };
    await recordAudit(trx, actor, {
      domainId: state.domainId,
      entity: 'users',
      entityId: state.id,
      action: 'two-factor-enrol',
      before: { twoFactor: state.totpSecret ? 'totp' : null },
      // The authenticator's key and the recovery codes appear only as changed.
      after: { twoFactor: 'totp', totpSecret: '*', recoveryCodes: '*' },
    });
    return codes;
  }

  /** Enrolment during a sign-in the domain requires it for: the key and QR code of a new authenticator. */
  async function enrolStart(challengeToken: string): Promise<TTotpEnrolment> {
    const userId = await db.transaction().execute(async (trx) => {
      const challenge = await liveChallenge(trx, challengeToken);
      if (challenge.purpose !== 'enrol') throw ended();
      return challenge.userId;
    });
    return startEnrolment(await stateOf(db, userId));
  }

  async function enrolLogin(
    body: { challenge: string; code: string; trustBrowser: boolean },
    client: ClientInfo,
  ): Promise<TSecondFactorResult<TSessionUser & { recoveryCodes: string[] }>> {
    let recoveryCodes: string[] = [];
    const state = await attempt(body.challenge, 'enrol', async (trx, _challenge, current) => {
      const codes = await confirmPending(trx, current, body.code);
      if (!codes) return false;
      recoveryCodes = codes;
      return true;
    });
    const { user, trust } = await finish(state, body.trustBrowser, client);
    return { user: { ...user, recoveryCodes }, trust };
  }

  async function status(principal: TPrincipal): Promise<TTwoFactorStatus> {
    const state = await stateOf(db, principal.userId);
    return {
      enrolled: state.totpSecret !== null,
      enrolledAt: state.enrolledAt?.toISOString() ?? null,
      recoveryCodesLeft: state.totpSecret ? state.recoveryCodesLeft : 0,
      required: isTwoFactorRequired(state.requirement, state.roles),
    };
  }

  async function enrolAccount(principal: TPrincipal): Promise<TTotpEnrolment> {
    return startEnrolment(await stateOf(db, principal.userId));
  }

  async function confirmAccount(principal: TPrincipal, code: string) {
    const codes = await db.transaction().execute(async (trx) => {
      const state = await stateOf(trx, principal.userId);
      return confirmPending(trx, state, code);
    });
    if (!codes) throw new ApiError(400, 'ERR_VALIDATION', { code: 'ERR_2FA_CODE_INVALID' });
    return { recoveryCodes: codes };
  }

  /** An administrator removes a user's second factor (lost phone); the user enrols again. Recorded. */
  async function resetTwoFactor(principal: TPrincipal, id: number) {
    assertAdministrator(principal);
    const target = await selectManagedUser(db, recordScope(principal), String(id));
    if (!target) throw notFound();
    assertMayManage(principal, target.roles);
    if (target.id === principal.userId) throw new ApiError(400, 'ERR_SELF_ACTION');
    await db.transaction().execute(async (trx) => {
      await deleteTwoFactor(trx, target.id);
      await insertTwoFactorEvent(trx, {
        userId: target.id,
        domainId: target.domainId,
        actorId: principal.userId,
        kind: 'reset',
      });
      const entry = { domainId: target.domainId, entity: 'users', entityId: target.id, action: 'two-factor-reset' };
      await recordAudit(trx, principal, { ...entry, before: { twoFactor: 'set' }, after: { twoFactor: null } });
    });
  }

  return { twoFactorLogin, sendCode, enrolStart, enrolLogin, status, enrolAccount, confirmAccount, resetTwoFactor };
}
