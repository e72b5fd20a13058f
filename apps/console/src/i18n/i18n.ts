import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sello/contracts/constants';
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

/** Loads the translations of `language` over HTTP from /locales/{language}.json. */
export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      lowerCaseLng: true,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      backend: { loadPath: '/locales/{{lng}}.json' },
      returnNull: false,
    });
  return i18next;
}
