import { renderHook, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/test-i18n.ts';
import { useAntdLocale } from './antd-locale.ts';

describe('the page language', () => {
  it('names the console language with its region on <html lang>', async () => {
    await initTestI18n('en-en');
    const { rerender } = renderHook(() => useAntdLocale());
    expect(document.documentElement.lang).toBe('en-GB');
    for (const [language, lang] of [
      ['pt-pt', 'pt-PT'],
      ['es-es', 'es-ES'],
    ] as const) {
      await i18next.changeLanguage(language);
      rerender();
      await waitFor(() => expect(document.documentElement.lang).toBe(lang));
    }
    await i18next.changeLanguage('en-en');
  });
});
