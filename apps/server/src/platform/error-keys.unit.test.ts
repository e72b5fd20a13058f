import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@sello/contracts/constants';
import { ERROR_KEYS } from '@sello/contracts/error-keys';
import { describe, expect, it } from 'vitest';

const localeOf = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../console/public/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;

describe('error keys the API answers', () => {
  it.each(LANGUAGES)('have a translation in %s', (language) => {
    const locale = localeOf(language);
    expect(ERROR_KEYS.filter((key) => !locale[key])).toEqual([]);
  });
});
