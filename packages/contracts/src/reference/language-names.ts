import type { Language } from '../constants.ts';
import type { TLocalisedText } from './localised-text.ts';

/** Each console language named in each console language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, TLocalisedText>> = {
  'es-es': { 'es-es': 'Español', 'en-en': 'Spanish', 'pt-pt': 'Espanhol' },
  'en-en': { 'es-es': 'Inglés', 'en-en': 'English', 'pt-pt': 'Inglês' },
  'pt-pt': { 'es-es': 'Portugués', 'en-en': 'Portuguese', 'pt-pt': 'Português' },
};

/**
 * Languages the receiver's identification pages are shown in: the console's three, since the
 * recipient portal is translated into the same ones.
 */
export const IDENTIFICATION_PAGE_LANGUAGES: readonly Language[] = ['es-es', 'en-en', 'pt-pt'];
