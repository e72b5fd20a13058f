import type { Language } from '@sello/contracts/constants';

/** Translation key of each language's name, for the language pickers. */
export const LANGUAGE_LABEL_KEYS: Record<Language, string> = {
  'es-es': 'LANGUAGE_ES',
  'en-en': 'LANGUAGE_EN',
  'pt-pt': 'LANGUAGE_PT',
};
