import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@sello/contracts/constants';

/**
 * The console's own translations (apps/console/public/locales), for the files the server writes people read:
 * a header or an error reads in a workbook as it reads on screen, from one source. Read once per language.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../console/public/locales');
const cache = new Map<Language, Record<string, string>>();

function wordsOf(language: Language): Record<string, string> {
  let words = cache.get(language);
  if (!words) {
    words = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8')) as Record<string, string>;
    cache.set(language, words);
  }
  return words;
}

/** The text of a key in a language (its `{{name}}` filled from `values`), or the key itself when it has none. */
export function translate(language: string, key: string, values: Record<string, string | number> = {}): string {
  const known = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'es-es';
  const text = wordsOf(known)[key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/** A key's text in each language (a header written in one language is read back in any of them). */
export function translationsOf(key: string): string[] {
  return LANGUAGES.map((language) => translate(language, key));
}
