import { beforeAll, describe, expect, it } from 'vitest';
import { checkPassword, listPasswordProblems } from './password-policy.ts';
import { guessReason } from './password-strength.ts';

const context = { minLength: 12, login: 'lucia.martin', email: 'lmartin@central.local', guess: guessReason };

describe('password guessability', () => {
  // Loading the dictionaries takes a moment the first time.
  beforeAll(() => {
    guessReason('warm up', []);
  }, 60_000);

  it('refuses long passwords built on a breached one, a name, a word or a pattern, with the reason', () => {
    // Each is 12+ characters and outside the 10,000 common passwords, so only the estimate refuses it.
    expect(checkPassword('password1234', context)).toBe('ERR_PWD_GUESSABLE');
    expect(guessReason('password1234', [])).toBe('PWD_GUESS_COMMON');
    expect(guessReason('qwertyuiop12', [])).toBe('PWD_GUESS_COMMON');
    expect(checkPassword('abcdefghijklmnop', context)).toBe('ERR_PWD_GUESSABLE');
    expect(checkPassword('contraseña2026', context)).toBe('ERR_PWD_GUESSABLE');
    expect(checkPassword('aaaaaaaaaaaaaaaa', context)).toBe('ERR_PWD_GUESSABLE');
  });

  it('counts the user own data among the guesses', () => {
    const own = ['xqzorbit', 'vendelkrau@pqlan.local'];
    expect(guessReason('xqzorbit2026!', [])).toBeNull();
    expect(guessReason('xqzorbit2026!', own)).toBe('PWD_GUESS_PERSONAL');
    // The e-mail's parts count too, not only the whole address.
    expect(guessReason('vendelkrau-2026', [])).toBeNull();
    expect(guessReason('vendelkrau-2026', own)).toBe('PWD_GUESS_PERSONAL');
  });

  it('accepts passphrases and random strings', () => {
    expect(checkPassword('Blue lanterns over 7 quiet harbours', context)).toBeNull();
    expect(checkPassword('Seven amber kites over Porto', context)).toBeNull();
    expect(checkPassword('tX8#qL2!vR9@mK4$', context)).toBeNull();
  });

  it('estimates only the first 64 characters: a strong beginning passes whatever follows, a long repetition is refused', () => {
    expect(checkPassword(`Seven amber kites over Porto ${'a'.repeat(99)}`, context)).toBeNull();
    expect(checkPassword('aB3$'.repeat(32), context)).toBe('ERR_PWD_GUESSABLE');
  });

  it('is not asked where the estimate is not given, and not for a password another rule refuses', () => {
    const { guess: _, ...withoutEstimate } = context;
    expect(checkPassword('password1234', withoutEstimate)).toBeNull();
    expect(listPasswordProblems('x7$Lq', context)).toEqual(['ERR_PWD_TOO_SHORT']);
  });
});
