import { LANGUAGES, type Language } from '@sello/contracts/constants';
import type { TTranslate } from './portal-texts.ts';

const LANGUAGE_NAMES: Record<Language, string> = { 'es-es': 'Español', 'en-en': 'English', 'pt-pt': 'Português' };

/** The brand and the language the receiver reads the page in. */
export function PortalHeader({
  language,
  onChoose,
  t,
}: {
  language: Language;
  onChoose: (language: Language) => void;
  t: TTranslate;
}) {
  return (
    <header className="portal-header">
      <span className="portal-brand">Sello</span>
      <label className="portal-language">
        <span>{t('language')}</span>
        <select
          value={language}
          onChange={(event) => onChoose(event.target.value as Language)}
          aria-label={t('language')}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}
