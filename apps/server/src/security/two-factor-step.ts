import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import { detectRoles } from '@sello/contracts/roles';
import { type TTwoFactorChallenge, type TTwoFactorMethod, TWO_FACTOR } from '@sello/contracts/two-factor';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import { createToken, hashToken } from '../platform/tokens.ts';
import { hasTrustedBrowser, insertChallenge, selectTwoFactorState } from './two-factor.queries.ts';

export type TSecondFactorStep = ReturnType<typeof createSecondFactorStep>;

/** Whether the domain's rule asks this user for a second factor. */
export function isTwoFactorRequired(requirement: 'off' | 'admins' | 'all', roles: readonly string[]): boolean {
  if (requirement === 'all') return true;
  if (requirement === 'admins') return detectRoles(roles).some((key) => ADMINISTRATOR_ROLES.includes(key));
  return false;
}

/**
 * The step between a right password and a session: none when the user has no second factor and the
 * domain asks for none, or when this browser is trusted; otherwise a challenge stored in PostgreSQL
 * (any server copy finishes it), to verify a code or, when the domain requires a factor the user lacks,
 * to enrol one first.
 */
export function createSecondFactorStep(db: Kysely<Database>) {
  /**
   * `providerVouches`: a federated sign-in whose identity provider is trusted for the second factor
   * (identity_providers.trust_idp_second_factor): no code is asked, but a user the domain requires to have a
   * factor and who has none still enrols one.
   */
  async function afterPassword(
    userId: string,
    trustToken: string | undefined,
    providerVouches = false,
  ): Promise<TTwoFactorChallenge | null> {
    const state = await selectTwoFactorState(db, userId);
    if (!state) return null;
    const enrolled = state.totpSecret !== null;
    const required = isTwoFactorRequired(state.requirement, state.roles);
    if (!enrolled && !required) return null;
    if (enrolled && providerVouches) return null;
    if (enrolled && trustToken && (await hasTrustedBrowser(db, userId, hashToken(trustToken), state.coolDownHours))) {
      return null;
    }
    // Wrong codes locked the factor: no challenge opens until the lock runs out (two-factor.service.ts).
    if (state.factorLocked) throw new ApiError(403, 'ERR_2FA_LOCKED');
    const challenge = createToken();
    const purpose = enrolled ? 'verify' : 'enrol';
    await insertChallenge(db, {
      tokenHash: hashToken(challenge),
      userId,
      purpose,
      minutes: TWO_FACTOR.challengeMinutes,
    });
    const methods: TTwoFactorMethod[] = enrolled
      ? ['totp', ...(state.recoveryCodesLeft > 0 ? (['recovery'] as const) : []), 'email']
      : ['totp'];
    return { twoFactorRequired: true, challenge, methods, enrol: !enrolled };
  }

  return { afterPassword };
}
