import { describe, expect, it } from 'vitest';
import type { TFormControl } from './catalogue/types-schemas.ts';
import { compileFormPattern } from './form-pattern.ts';
import { checkFormValues } from './form-values.ts';

const input = (pattern: string): TFormControl => ({
  kind: 'INPUT_TEXT',
  name: 'code',
  label: 'Code',
  required: false,
  options: [],
  constraint: { pattern },
  relevant: null,
});

const check = (pattern: string, value: string) => checkFormValues([input(pattern)], { code: value });

describe('checkFormValues with a pattern', () => {
  it('matches the whole value, in the JavaScript syntax forms are written in', () => {
    expect(check('P-[0-9]{4}', 'P-1234')).toEqual({});
    expect(check('P-[0-9]{4}', 'xP-1234')).toEqual({ code: 'ERR_FORM_VALUE_CONSTRAINT' });
    expect(check('P-[0-9]{4}', 'P-12345')).toEqual({ code: 'ERR_FORM_VALUE_CONSTRAINT' });
    expect(check('a|b', 'ab')).toEqual({ code: 'ERR_FORM_VALUE_CONSTRAINT' });
    expect(check('\\u00e9+', 'éé')).toEqual({});
    expect(check('(?<year>\\d{4})-\\d{2}', '2026-11')).toEqual({});
  });

  it('answers a catastrophic pattern over a long value at once (no backtracking)', () => {
    // A backtracking engine takes exponential time here: 31 characters froze the server for 81 s.
    expect(check('(a+)+b', 'a'.repeat(2000))).toEqual({ code: 'ERR_FORM_VALUE_CONSTRAINT' });
    expect(check('(a|aa)*c', 'a'.repeat(2000))).toEqual({ code: 'ERR_FORM_VALUE_CONSTRAINT' });
    expect(check('(a+)+b', `${'a'.repeat(30)}b`)).toEqual({});
  });

  it('refuses a value longer than the matching cap without matching it', () => {
    expect(check('a*', 'a'.repeat(2000))).toEqual({});
    expect(check('a*', 'a'.repeat(2001))).toEqual({ code: 'ERR_FORM_VALUE_CONSTRAINT' });
  });

  it('refuses every value of a stored pattern the engine cannot compile', () => {
    expect(check('(a)\\1', 'aa')).toEqual({ code: 'ERR_FORM_VALUE_CONSTRAINT' });
  });
});

describe('compileFormPattern', () => {
  it('compiles what RE2 can run in linear time and nothing else', () => {
    expect(compileFormPattern('[A-Z]{2}\\d+')).not.toBeNull();
    for (const pattern of ['(a)\\1', 'a(?=b)', '(?<!a)b', '(', 'a{1001}', 'x'.repeat(501)]) {
      expect(compileFormPattern(pattern), pattern).toBeNull();
    }
  });
});
