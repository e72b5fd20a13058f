import { z } from 'zod';

/** The second sign-in factor: numbers both sides agree on. */
export const TWO_FACTOR = {
  /** Wrong codes that end a sign-in challenge. */
  maxFailedCodes: 5,
  /** Wrong codes in a row, across challenges, that lock a user's second factor for `lockMinutes`. */
  maxFailedCodesPerUser: 10,
  lockMinutes: 15,
  /** Minutes a challenge (the step between the password and the session) lives. */
  challengeMinutes: 10,
  /** Minutes a code sent by e-mail is valid. */
  mailCodeMinutes: 10,
  /** Codes one challenge may have sent by e-mail. */
  maxMailCodes: 3,
  recoveryCodes: 10,
  /** TOTP: 30-second steps, 6 digits, SHA-1 (what every authenticator app reads), ±1 step accepted. */
  totpPeriodSeconds: 30,
  totpDigits: 6,
  /** Name of the HttpOnly cookie that carries the 'trust this browser' token. */
  trustCookie: 'sello_trusted_browser',
  issuer: 'Sello',
} as const;

export const ZTwoFactorRequirement = z.enum(['off', 'admins', 'all']);
export type TTwoFactorRequirement = z.infer<typeof ZTwoFactorRequirement>;

export const ZTwoFactorMethod = z.enum(['totp', 'recovery', 'email']);
export type TTwoFactorMethod = z.infer<typeof ZTwoFactorMethod>;

/**
 * What `login` answers after a right password when a second factor is needed: the challenge to finish
 * and how it can be finished, nothing about the account. `enrol`: the domain requires a second factor the
 * user has not set up yet; the console leads to enrolment first.
 */
export const ZTwoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(ZTwoFactorMethod),
  enrol: z.boolean(),
});
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

/** A recovery code as shown: 4 groups of 4 base32 characters. Spaces, dashes and case are ignored. */
const ZCode = z
  .string()
  .trim()
  .min(1, 'ERR_FIELD_REQUIRED')
  .max(40, 'ERR_FIELD_INVALID')
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .refine((value) => /^(\d{6}|[A-Z2-7]{16})$/.test(value), 'ERR_2FA_CODE_INVALID');

export const ZTwoFactorLoginRequest = z.object({
  challenge: z.string().min(1, 'ERR_FIELD_REQUIRED').max(100),
  /** A code of the authenticator app, a code sent by e-mail, or a recovery code. */
  code: ZCode,
  trustBrowser: z.boolean().default(false),
});
export type TTwoFactorLoginRequest = z.infer<typeof ZTwoFactorLoginRequest>;
