import { COMMON_PASSWORDS_TEXT } from './reference/common-passwords.ts';

/**
 * The password rules of ASVS 5.0 V6.2 and NIST SP 800-63B, one set for the console and the server:
 * a length window, any printable Unicode character (spaces too), no composition rules, and refusal of
 * common passwords, of passwords easy to guess (password-strength.ts, given as `guess`) and of passwords
 * built on the user's own login or e-mail. The server adds the last
 * `historySize` passwords of the user, which only it knows.
 */
export const PASSWORD_POLICY = {
  defaultMinLength: 12,
  /** The configured minimum never goes below this. */
  lowestMinLength: 8,
  maxLength: 128,
  historySize: 5,
} as const;

export const PASSWORD_PROBLEMS = [
  'ERR_PWD_TOO_SHORT',
  'ERR_PWD_TOO_LONG',
  'ERR_PWD_NOT_PRINTABLE',
  'ERR_PWD_COMMON',
  'ERR_PWD_GUESSABLE',
  'ERR_PWD_CONTAINS_LOGIN',
  'ERR_PWD_CONTAINS_EMAIL',
] as const;
export type TPasswordProblem = (typeof PASSWORD_PROBLEMS)[number];

/** Why a password is easy to guess (password-strength.ts's guessReason), or null when it is not. */
export type TGuessCheck = (password: string, userInputs: readonly string[]) => string | null;

export type TPasswordContext = {
  minLength: number;
  login?: string;
  email?: string;
  /** The guessability estimate; left out where its dictionaries are not loaded (yet). */
  guess?: TGuessCheck;
};

/** Why `password` is easy to guess, with the user's own data among the guesses; null when it is not. */
export function guessReasonOf(password: string, context: TPasswordContext): string | null {
  return context.guess?.(password, [context.login ?? '', context.email ?? '']) ?? null;
}

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password.toLowerCase());
}

/** Length in characters as a person counts them (code points), not UTF-16 units. */
export function passwordLength(password: string): number {
  return [...password].length;
}

// Control, format, unassigned and lone-surrogate code points; every other character, spaces included, is allowed.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cn}\p{Cs}]/u;

function contains(password: string, part: string | undefined): boolean {
  const needle = part?.trim().toLowerCase() ?? '';
  return needle.length >= 3 && password.toLowerCase().includes(needle);
}

/** Every rule `password` breaks, in the order the console lists them; empty when it is acceptable. */
export function listPasswordProblems(password: string, context: TPasswordContext): TPasswordProblem[] {
  const problems: TPasswordProblem[] = [];
  const length = passwordLength(password);
  const minLength = Math.max(context.minLength, PASSWORD_POLICY.lowestMinLength);
  if (length < minLength) problems.push('ERR_PWD_TOO_SHORT');
  if (length > PASSWORD_POLICY.maxLength) problems.push('ERR_PWD_TOO_LONG');
  if (NOT_PRINTABLE.test(password)) problems.push('ERR_PWD_NOT_PRINTABLE');
  if (isCommonPassword(password)) problems.push('ERR_PWD_COMMON');
  else if (problems.length === 0 && guessReasonOf(password, context)) problems.push('ERR_PWD_GUESSABLE');
  if (contains(password, context.login)) problems.push('ERR_PWD_CONTAINS_LOGIN');
  const email = context.email?.trim() ?? '';
  const localPart = email.split('@')[0];
  if (contains(password, email) || (localPart && localPart.length >= 4 && contains(password, localPart))) {
    problems.push('ERR_PWD_CONTAINS_EMAIL');
  }
  return problems;
}

/** The first broken rule, or null. */
export function checkPassword(password: string, context: TPasswordContext): TPasswordProblem | null {
  return listPasswordProblems(password, context)[0] ?? null;
}
