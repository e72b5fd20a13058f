import { LANGUAGES } from '@sello/contracts/constants';
import { describe, expect, it } from 'vitest';
import { composeAccessMessage, formatExpiry } from './dispatch-texts.ts';

const base = {
  company: 'Notaría Central S.L.',
  provider: 'Sello',
  receiverName: 'Lucía',
  subject: 'Aviso',
  link: 'https://sello.example/r/abc',
  body: null,
  expires: '',
};

describe('access messages', () => {
  it('say until when the link opens with the day, the time and the time zone, in the receiver language', () => {
    const winter = new Date('2027-01-15T17:30:00Z');
    expect(formatExpiry(winter, 'es-es')).toBe('15 ene 2027, 18:30 CET');
    expect(formatExpiry(winter, 'en-en')).toBe('15 Jan 2027, 18:30 CET');
    expect(formatExpiry(winter, 'pt-pt')).toMatch(/^15\/01\/2027, 18:30 (CET|GMT\+1)$/);
    for (const language of LANGUAGES) {
      const expires = formatExpiry(winter, language);
      const { body } = composeAccessMessage('email', language, { ...base, expires });
      expect(body).toContain(expires);
    }
  });

  it('carry the sender text of a certified message as plain text, without tags', () => {
    const { body } = composeAccessMessage('email', 'es-es', {
      ...base,
      link: null,
      body: '<p>Primera línea<br/>Segunda &amp; última</p><div>Fin</div>',
    });
    expect(body).not.toMatch(/<[^>]+>/);
    // A paragraph ends in a blank line; a line break starts a line.
    expect(body).toContain('Primera línea\nSegunda & última\n\nFin');
  });
});
