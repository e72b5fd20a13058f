import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import * as spanish from '@zxcvbn-ts/language-es-es';
import * as portuguese from '@zxcvbn-ts/language-pt-br';

/**
 * How hard a password is to guess, estimated as crackers guess (zxcvbn-ts: some 40,000 breached passwords, names,
 * words of English, Spanish and Portuguese, keyboard patterns, sequences, dates, l33t): a password scoring below
 * `GUESSABLE_BELOW` (of 0–4: about 10^8 guesses) is refused. Its dictionaries weigh a few megabytes, so the
 * console loads this module only where a new password is typed.
 */
export const GUESSABLE_BELOW = 3;

/**
 * Only the first characters are estimated: the cost grows fast with length (a 128-character repetition took
 * seconds), and a strong beginning makes a strong password.
 */
const ESTIMATED_CHARACTERS = 64;

/** Why a password is easy to guess, as a translation key of the console (PWD_GUESS_...). */
export type TGuessReason =
  | 'PWD_GUESS_COMMON'
  | 'PWD_GUESS_WORDS'
  | 'PWD_GUESS_NAMES'
  | 'PWD_GUESS_PATTERN'
  | 'PWD_GUESS_DATES'
  | 'PWD_GUESS_PERSONAL'
  | 'PWD_GUESS_SHORT';

const REASON_OF_WARNING: Record<string, TGuessReason> = {
  topTen: 'PWD_GUESS_COMMON',
  topHundred: 'PWD_GUESS_COMMON',
  common: 'PWD_GUESS_COMMON',
  similarToCommon: 'PWD_GUESS_COMMON',
  pwned: 'PWD_GUESS_COMMON',
  wordByItself: 'PWD_GUESS_WORDS',
  namesByThemselves: 'PWD_GUESS_NAMES',
  commonNames: 'PWD_GUESS_NAMES',
  straightRow: 'PWD_GUESS_PATTERN',
  keyPattern: 'PWD_GUESS_PATTERN',
  simpleRepeat: 'PWD_GUESS_PATTERN',
  extendedRepeat: 'PWD_GUESS_PATTERN',
  sequences: 'PWD_GUESS_PATTERN',
  recentYears: 'PWD_GUESS_DATES',
  dates: 'PWD_GUESS_DATES',
  userInputs: 'PWD_GUESS_PERSONAL',
};

/** Translations whose texts are their own keys, so zxcvbn's feedback names its warning by key. */
function keysOnly(translations: typeof english.translations): typeof english.translations {
  const entries = Object.entries(translations).map(([group, texts]) => [
    group,
    Object.fromEntries(Object.keys(texts).map((key) => [key, key])),
  ]);
  return Object.fromEntries(entries) as typeof english.translations;
}

let estimator: ZxcvbnFactory | undefined;

function estimatorOf(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: {
      ...common.dictionary,
      ...english.dictionary,
      ...spanish.dictionary,
      ...portuguese.dictionary,
    },
    graphs: common.adjacencyGraphs,
    translations: keysOnly(english.translations),
    maxLength: ESTIMATED_CHARACTERS,
    // Each l33t substitution multiplies the variants tried: four keep a 64-character password in milliseconds.
    l33tMaxSubstitutions: 4,
  });
  return estimator;
}

/** Null when `password` is hard enough to guess; else why not. `userInputs`: the user's login, e-mail, name. */
export function guessReason(password: string, userInputs: readonly string[]): TGuessReason | null {
  // The login and the e-mail whole and in their parts (lucia, martin, central), as a guesser would try them.
  const parts = userInputs.flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)]);
  const inputs = [...new Set(parts.map((part) => part.trim().toLowerCase()).filter((part) => part.length >= 3))];
  const result = estimatorOf().check(password.slice(0, ESTIMATED_CHARACTERS), inputs);
  if (result.score >= GUESSABLE_BELOW) return null;
  return REASON_OF_WARNING[result.feedback.warning ?? ''] ?? 'PWD_GUESS_SHORT';
}
