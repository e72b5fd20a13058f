import { describe, expect, it } from 'vitest';
import { findReceiversLanguage, pickDefaultTemplate, ZDefaultTemplates } from './default-templates.ts';

describe('default templates per language', () => {
  const defaults = ZDefaultTemplates.parse({ HTML: { 'es-es': 1, 'en-en': 2 }, SMS: { 'pt-pt': 3 } });

  it("picks the default in the language asked for, never another language's", () => {
    expect(pickDefaultTemplate(defaults, 'HTML', 'es-es')).toBe(1);
    expect(pickDefaultTemplate(defaults, 'HTML', 'en-en')).toBe(2);
    expect(pickDefaultTemplate(defaults, 'HTML', 'pt-pt')).toBeNull();
    expect(pickDefaultTemplate(defaults, 'SMS', 'pt-pt')).toBe(3);
    expect(pickDefaultTemplate(defaults, 'SMS', 'es-es')).toBeNull();
    expect(pickDefaultTemplate(defaults, 'HTML', null)).toBeNull();
    expect(pickDefaultTemplate(undefined, 'HTML', 'es-es')).toBeNull();
    expect(ZDefaultTemplates.parse({})).toEqual({ HTML: {}, SMS: {} });
  });

  it("answers the receivers' one language (their own, else the sender's), or null when they differ", () => {
    expect(findReceiversLanguage([{ language: 'pt-pt' }, { language: 'pt-pt' }], 'es-es')).toBe('pt-pt');
    expect(findReceiversLanguage([{}, { language: null }], 'en-en')).toBe('en-en');
    expect(findReceiversLanguage([{}, { language: 'es-es' }], 'es-es')).toBe('es-es');
    expect(findReceiversLanguage([{}, { language: 'en-en' }], 'es-es')).toBeNull();
    expect(findReceiversLanguage([], 'pt-pt')).toBe('pt-pt');
    expect(findReceiversLanguage([{}], 'xx-xx')).toBe('es-es');
  });
});
