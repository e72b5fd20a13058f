import { DEFAULT_LANGUAGE, type Language, LOCALE_BY_LANGUAGE } from '@sello/contracts/constants';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { createStore } from '../lib/create-store.ts';
import { useStore } from '../lib/use-store.ts';
import { isLanguage } from './language.ts';

type TLibraryLocale = { applyLocale: () => Locale };

/** antd's and dayjs's texts of each language, loaded on demand: only the language in use is fetched. */
const LOADERS: Record<Language, () => Promise<TLibraryLocale>> = {
  'es-es': () => import('./library-locales/es-es.ts'),
  'en-en': () => import('./library-locales/en-en.ts'),
  'pt-pt': () => import('./library-locales/pt-pt.ts'),
};

const antdLocale = createStore<Locale | undefined>(undefined);
let wanted: Language | null = null;

/** Loads the language's antd and dayjs locales and applies them, unless another language was asked for meanwhile. */
export async function loadAntdLocale(language: string): Promise<void> {
  const target: Language = isLanguage(language) ? language : 'es-es';
  wanted = target;
  try {
    const { applyLocale } = await LOADERS[target]();
    if (wanted === target) antdLocale.set(applyLocale());
  } catch {
    // antd keeps the texts it has; the next language change tries again.
  }
}

/** Loads the locales of the first language (await it before the first render) and follows every change. */
export function startAntdLocale(language: string): Promise<void> {
  i18next.on('languageChanged', (next) => void loadAntdLocale(next));
  return loadAntdLocale(language);
}

/** antd and dayjs follow the console language. */
export function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  // The page's language with its region (es-ES, en-GB, pt-PT), for screen readers, hyphenation and translators.
  document.documentElement.lang = LOCALE_BY_LANGUAGE[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  return useStore(antdLocale);
}
