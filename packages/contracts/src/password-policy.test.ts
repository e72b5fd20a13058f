import { describe, expect, it } from 'vitest';
import { checkPassword, isCommonPassword, listPasswordProblems, PASSWORD_POLICY } from './password-policy.ts';
import { COMMON_PASSWORDS_TEXT } from './reference/common-passwords.ts';

const context = { minLength: 12, login: 'lucia.martin', email: 'lmartin@central.local' };

describe('password policy', () => {
  it('ships 10,000 distinct common passwords', () => {
    const list = COMMON_PASSWORDS_TEXT.split('\n');
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(isCommonPassword('qwerty123456')).toBe(true);
    expect(isCommonPassword('Blue lanterns over quiet harbours')).toBe(false);
  });

  it('counts characters, not UTF-16 units, between 12 and 128', () => {
    expect(checkPassword('a'.repeat(11), context)).toBe('ERR_PWD_TOO_SHORT');
    expect(checkPassword('🙂'.repeat(12), context)).toBeNull();
    expect(checkPassword('x'.repeat(128), context)).toBeNull();
    expect(checkPassword('x'.repeat(129), context)).toBe('ERR_PWD_TOO_LONG');
  });

  it('never lets the configured minimum go below 8', () => {
    expect(checkPassword('seven77', { minLength: 4 })).toBe('ERR_PWD_TOO_SHORT');
    expect(checkPassword('eight888x', { minLength: 4 })).toBeNull();
    expect(PASSWORD_POLICY.lowestMinLength).toBe(8);
  });

  it('allows spaces and any printable character, with no composition rule; refuses control characters', () => {
    expect(checkPassword('all lower case words here', context)).toBeNull();
    expect(checkPassword('日本語のパスワードです長い', context)).toBeNull();
    expect(checkPassword('line\nbreak inside it', context)).toBe('ERR_PWD_NOT_PRINTABLE');
    expect(checkPassword('zero\u200bwidth inside it', context)).toBe('ERR_PWD_NOT_PRINTABLE');
  });

  it('refuses the login and the e-mail inside the password, in any case', () => {
    expect(checkPassword('I am Lucia.Martin today', context)).toBe('ERR_PWD_CONTAINS_LOGIN');
    expect(checkPassword('mail LMARTIN@central.local now', context)).toBe('ERR_PWD_CONTAINS_EMAIL');
    expect(checkPassword('lmartin is my favourite', context)).toBe('ERR_PWD_CONTAINS_EMAIL');
  });

  it('lists every broken rule for the console', () => {
    expect(listPasswordProblems('lucia.martin', context)).toEqual(['ERR_PWD_CONTAINS_LOGIN']);
    expect(listPasswordProblems('password', context)).toEqual(['ERR_PWD_TOO_SHORT', 'ERR_PWD_COMMON']);
  });
});
