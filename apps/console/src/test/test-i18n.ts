import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enEn from '../../public/locales/en-en.json';
import esEs from '../../public/locales/es-es.json';
import ptPt from '../../public/locales/pt-pt.json';

/** i18next with the real translation files loaded in memory, English by default, for component tests. */
export async function initTestI18n(language = 'en-en'): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'es-es',
      lowerCaseLng: true,
      interpolation: { escapeValue: false },
      resources: {
        'en-en': { translation: enEn },
        'es-es': { translation: esEs },
        'pt-pt': { translation: ptPt },
      },
    });
  } else if (i18next.language !== language) {
    await i18next.changeLanguage(language);
  }
  return i18next;
}
