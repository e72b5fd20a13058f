import { LANGUAGES, type Language } from '@sello/contracts/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localesBackend } from './locales-backend.ts';

/**
 * Loads the translations of `language` over HTTP from /locales/{language}.json, and only those: the
 * three files hold the same keys (translations.test.ts), so a fallback language would only be one more
 * file to fetch before the first screen.
 */
export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next
    .use(localesBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      lowerCaseLng: true,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return i18next;
}
