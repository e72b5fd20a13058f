import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants.ts';
import { ERROR_KEYS, MESSAGE_KEYS } from './error-keys.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../apps/console/public/locales');

describe('error and message keys', () => {
  it.each(LANGUAGES)('every key has a translation in %s', (language) => {
    const translations = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    const missing = [...ERROR_KEYS, ...MESSAGE_KEYS].filter(
      (key) => typeof translations[key] !== 'string' || translations[key] === '',
    );
    expect(missing).toEqual([]);
  });
});
