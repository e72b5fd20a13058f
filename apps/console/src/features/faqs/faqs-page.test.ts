import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@sello/contracts/constants';
import { describe, expect, it } from 'vitest';
import { FAQ_COUNT } from './faqs-page.tsx';

const LOCALES_ROOT = path.resolve(import.meta.dirname, '../../../public/locales');

/** `language: key` for every key of `keys` that some language lacks. */
function missing(keys: readonly string[]): string[] {
  return LANGUAGES.flatMap((language) => {
    const table = JSON.parse(readFileSync(path.join(LOCALES_ROOT, `${language}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    return keys.filter((key) => !(key in table)).map((key) => `${language}: ${key}`);
  });
}

describe('FAQ page', () => {
  it('translates every FAQ question and answer the FAQ page shows', () => {
    const keys = Array.from({ length: FAQ_COUNT }, (_, index) => [`FAQ_Q${index + 1}`, `FAQ_A${index + 1}`]).flat();
    expect(missing(keys)).toEqual([]);
  });
});
