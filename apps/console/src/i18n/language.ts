import { COOKIES, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sello/contracts/constants';
import { readCookie, writeCookie } from '../lib/cookies.ts';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spec §4: the `lang` cookie when set; otherwise English for an English browser, else Spanish. */
export function detectLanguage(browserLanguage: string = navigator.language): Language {
  const fromCookie = readCookie(COOKIES.language.name);
  if (isLanguage(fromCookie)) return fromCookie;
  return browserLanguage.toLowerCase().startsWith('en') ? 'en-en' : DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
  writeCookie(COOKIES.language.name, language, new Date(COOKIES.language.expires));
}

/** The user manual opens in English for en-en, in Portuguese for pt-pt, otherwise in Spanish. */
export function pickManualUrl(
  language: Language,
  urls: { manualUrlEs: string | null; manualUrlEn: string | null; manualUrlPt: string | null },
): string | null {
  if (language === 'en-en') return urls.manualUrlEn;
  if (language === 'pt-pt') return urls.manualUrlPt;
  return urls.manualUrlEs;
}
