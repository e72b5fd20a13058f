import { z } from 'zod';
import { ZIdParams, ZOk } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ADMIN } from './administration-common.ts';
import { ZSessionUser } from './security.ts';

export const ZChallengeRef = z.object({ challenge: z.string().min(1, 'ERR_FIELD_REQUIRED').max(100) });

/** A new authenticator: the key to type in, the otpauth:// URI and the same URI as a QR code (PNG data URL). */
export const ZTotpEnrolment = z.object({ secret: z.string(), otpauthUri: z.string(), qrDataUrl: z.string() });
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;

export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

export const ZTwoFactorStatus = z.object({
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The user's domain requires a second factor of this user. */
  required: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

const ZTotpCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'ERR_2FA_CODE_INVALID'),
});

/** Our additions around spec §7 `twoFactorLogin` (recorded in docs/decisions/sign-in.md, "Two-factor"). */
export const twoFactorApi = {
  sendCode: defineEndpoint({
    id: 'twoFactor.sendCode',
    method: 'POST',
    path: 'security/twoFactorSendCode',
    summary: 'Send a sign-in code by e-mail for a second-factor challenge',
    permission: 'public',
    body: ZChallengeRef,
    response: z.object({ sentTo: z.string() }),
    beyondSpec: true,
  }),
  enrolStart: defineEndpoint({
    id: 'twoFactor.enrolStart',
    method: 'POST',
    path: 'security/twoFactorEnrolStart',
    summary: 'Start enrolling an authenticator during a sign-in that requires one',
    permission: 'public',
    body: ZChallengeRef,
    response: ZTotpEnrolment,
    beyondSpec: true,
  }),
  enrolLogin: defineEndpoint({
    id: 'twoFactor.enrolLogin',
    method: 'POST',
    path: 'security/twoFactorEnrolLogin',
    summary: 'Confirm the new authenticator with its first code and open the session',
    permission: 'public',
    body: ZChallengeRef.extend({ code: ZTotpCode.shape.code, trustBrowser: z.boolean().default(false) }),
    response: ZSessionUser.extend(ZRecoveryCodes.shape),
    beyondSpec: true,
  }),
  status: defineEndpoint({
    id: 'twoFactor.status',
    method: 'GET',
    path: 'account/twoFactor/status',
    summary: 'Whether the signed-in user has a second factor',
    permission: 'session',
    response: ZTwoFactorStatus,
    beyondSpec: true,
  }),
  enrolAccount: defineEndpoint({
    id: 'twoFactor.enrolAccount',
    method: 'POST',
    path: 'account/twoFactor/enrol',
    summary: 'Start enrolling (or replacing) the authenticator of the signed-in user',
    permission: 'session',
    response: ZTotpEnrolment,
    beyondSpec: true,
  }),
  confirmAccount: defineEndpoint({
    id: 'twoFactor.confirmAccount',
    method: 'POST',
    path: 'account/twoFactor/confirm',
    summary: 'Confirm the new authenticator with its first code; answers ten new recovery codes',
    permission: 'session',
    body: ZTotpCode,
    response: ZRecoveryCodes,
    beyondSpec: true,
  }),
} as const;

export const twoFactorAdminApi = {
  resetTwoFactor: defineEndpoint({
    id: 'administration.usersResetTwoFactor',
    method: 'PUT',
    path: 'administration/users/resetTwoFactor/{id}',
    summary: "Remove a user's second factor (authenticator, recovery codes, trusted browsers)",
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
    beyondSpec: true,
  }),
} as const;
