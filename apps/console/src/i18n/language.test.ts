import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, isLanguage, pickManualUrl, rememberLanguage } from './language.ts';

function setCookie(text: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: arranging the jsdom cookie jar
  document.cookie = text;
}

function hasLangCookie(): boolean {
  return document.cookie.split('; ').some((part) => part.startsWith('lang='));
}

describe('detectLanguage', () => {
  it('uses the lang cookie over the browser language', () => {
    setCookie('lang=pt-pt; path=/');
    expect(detectLanguage('en-GB')).toBe('pt-pt');
  });

  it('ignores a lang cookie that is not a console language', () => {
    setCookie('lang=fr-fr; path=/');
    expect(detectLanguage('de-DE')).toBe('es-es');
  });

  it.each(['en', 'en-US', 'en-GB', 'EN-gb'])('chooses English for an English browser (%s)', (browserLanguage) => {
    expect(detectLanguage(browserLanguage)).toBe('en-en');
  });

  it.each(['es-ES', 'pt-PT', 'fr-FR', 'de', ''])('chooses Spanish for any other browser (%s)', (browserLanguage) => {
    expect(detectLanguage(browserLanguage)).toBe('es-es');
  });
});

describe('rememberLanguage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the lang cookie that detectLanguage reads back', () => {
    rememberLanguage('en-en');
    expect(document.cookie.split('; ')).toContain('lang=en-en');
    expect(detectLanguage('es-ES')).toBe('en-en');
  });

  it('keeps the cookie until the end of 2099-12-31 and not after', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-01T00:00:00Z'));
    rememberLanguage('pt-pt');
    vi.setSystemTime(new Date('2099-12-31T23:59:00Z'));
    expect(hasLangCookie()).toBe(true);
    vi.setSystemTime(new Date('2100-01-01T00:00:01Z'));
    expect(hasLangCookie()).toBe(false);
  });
});

describe('isLanguage', () => {
  it('knows exactly the three console languages', () => {
    expect(['es-es', 'en-en', 'pt-pt', 'fr-fr', 'en', null].map(isLanguage)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('pickManualUrl', () => {
  const urls = { manualUrlEs: 'es.pdf', manualUrlEn: 'en.pdf', manualUrlPt: 'pt.pdf' };

  it('opens the English manual for en-en', () => {
    expect(pickManualUrl('en-en', urls)).toBe('en.pdf');
  });

  it('opens the Portuguese manual for pt-pt', () => {
    expect(pickManualUrl('pt-pt', urls)).toBe('pt.pdf');
  });

  it('opens the Spanish manual for es-es', () => {
    expect(pickManualUrl('es-es', urls)).toBe('es.pdf');
  });

  it('gives no manual when the one for the language is not configured', () => {
    expect(pickManualUrl('en-en', { ...urls, manualUrlEn: null })).toBeNull();
  });
});
