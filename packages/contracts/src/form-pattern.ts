import { RE2JS } from 're2js';

/** Longest pattern a form constraint may carry (what `ZFormConstraint` stores). */
export const FORM_PATTERN_MAX_LENGTH = 500;
/** Longest value a pattern is matched against: a longer one is refused without matching. */
export const FORM_VALUE_MATCH_MAX_LENGTH = 2000;

type TFormPattern = { testExact: (value: string) => boolean };

/** Compiled patterns by source; a type's few patterns are matched on every shipping of it. */
const compiled = new Map<string, TFormPattern | null>();
const CACHE_SIZE = 200;

/**
 * Compiles an XForms `regex(., '…')` pattern (JavaScript syntax) for RE2, which matches in time linear
 * in the value: no pattern can make a match backtrack for ever (ReDoS). Null when RE2 cannot compile it
 * (back-references, look-around, repeat counts over 1,000, broken syntax) or it is too long.
 */
export function compileFormPattern(pattern: string): TFormPattern | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  let result: TFormPattern | null = null;
  if (pattern.length <= FORM_PATTERN_MAX_LENGTH) {
    try {
      result = RE2JS.compile(RE2JS.translateRegExp(pattern));
    } catch {
      result = null;
    }
  }
  if (compiled.size >= CACHE_SIZE) compiled.clear();
  compiled.set(pattern, result);
  return result;
}

/** Whether the whole value matches the pattern; a pattern RE2 cannot compile or a too long value never does. */
export function matchesFormPattern(pattern: string, value: string): boolean {
  if (value.length > FORM_VALUE_MATCH_MAX_LENGTH) return false;
  return compileFormPattern(pattern)?.testExact(value) ?? false;
}
