import type { Language } from '@sello/contracts/constants';
import enGB from 'antd/locale/en_GB';
import esES from 'antd/locale/es_ES';
import ptPT from 'antd/locale/pt_PT';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/pt';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);

const ANTD_LOCALES = { 'es-es': esES, 'en-en': enGB, 'pt-pt': ptPT } as const;
const DAYJS_LOCALES: Record<Language, string> = { 'es-es': 'es', 'en-en': 'en-gb', 'pt-pt': 'pt' };

/** antd and dayjs follow the console language. */
export function useAntdLocale() {
  const { i18n } = useTranslation();
  const language = (i18n.language in ANTD_LOCALES ? i18n.language : 'es-es') as Language;
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = language.slice(0, 2);
  return ANTD_LOCALES[language];
}
