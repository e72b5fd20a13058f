import { LANGUAGES } from '@sello/contracts/constants';
import { countSmsSegments } from '@sello/contracts/sms-segments';
import { describe, expect, it } from 'vitest';
import { composeAccessMessage } from '../delivery/dispatch-texts.ts';
import { pinMessage, reminderMessage } from './portal-messages.ts';

/** A receiver link at its real length: the console address, the page path and a 43-character token. */
const LINK = `https://sello.example.com/portal/#/r/${'A'.repeat(43)}`;

describe("Sello's own SMS texts", () => {
  it.each(LANGUAGES)('the access SMS in %s is one GSM-7 segment when its values allow', (language) => {
    const { body } = composeAccessMessage('sms', language, {
      company: 'Acme Servicios S.L.',
      provider: 'Sello',
      receiverName: 'Lucia Fernandez',
      subject: 'Contrato de arrendamiento 2026',
      link: LINK,
      body: null,
      expires: '31/12/2026',
    });
    expect(countSmsSegments(body)).toMatchObject({ encoding: 'GSM7', segments: 1 });
  });

  it.each(LANGUAGES)('the PIN SMS in %s is one GSM-7 segment', (language) => {
    expect(countSmsSegments(pinMessage(language, '123456', 10).body)).toMatchObject({ encoding: 'GSM7', segments: 1 });
  });

  it.each(LANGUAGES)('the reminder SMS in %s is one GSM-7 segment, with or without a link', (language) => {
    for (const link of [LINK, null]) {
      const { short } = reminderMessage(language, {
        sender: 'Acme Servicios S.L.',
        subject: 'Contrato 2026',
        deadline: '31 dic 2026, 18:00 CET',
        link,
      });
      expect(countSmsSegments(short)).toMatchObject({ encoding: 'GSM7', segments: 1 });
    }
  });
});
