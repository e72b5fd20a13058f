import { type Language, LOCALE_BY_LANGUAGE } from '@sello/contracts/constants';
import { useEffect, useState } from 'react';
import { portalText, type TTranslate } from './portal-texts.ts';
import type { TPortalStatus } from './use-portal-view.ts';

/** The browser's language among ours, until the receiver's own language is known. */
export function guessLanguage(browserLanguage: string): Language {
  const code = browserLanguage.toLowerCase();
  if (code.startsWith('pt')) return 'pt-pt';
  if (code.startsWith('en')) return 'en-en';
  return 'es-es';
}

/** The language shown: the one chosen, else the receiver's own (kept if the link stops working), else the browser's. */
export function usePortalLanguage(status: TPortalStatus) {
  const [chosen, setChosen] = useState<Language | null>(null);
  const [known, setKnown] = useState<Language | null>(null);
  const language: Language = chosen ?? known ?? guessLanguage(navigator.language);
  useEffect(() => {
    if (status.kind === 'ready') setKnown(status.view.language);
  }, [status]);
  const t: TTranslate = (key, values) => portalText(language, key, values);

  useEffect(() => {
    document.documentElement.lang = LOCALE_BY_LANGUAGE[language];
    document.title = portalText(language, 'title');
  }, [language]);

  return { language, choose: setChosen, t };
}
