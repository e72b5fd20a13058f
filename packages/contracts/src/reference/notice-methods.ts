import { z } from 'zod';
import type { Channel } from '../enums.ts';
import type { TLocalisedText } from './localised-text.ts';

/** Upper-cases the first letter of each word and lower-cases the rest (`on screen` → `On Screen`). */
export function capitaliseWords(value: string): string {
  return value.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, separator: string, letter: string) => {
    return separator + letter.toUpperCase();
  });
}

/**
 * How a receiver is told that a shipping waits for them, one per channel. The values are capitalised
 * on each word (spec §5), which is how they are stored on a receiver and shown in lists.
 */
export const NOTICE_METHODS = ['Email', 'Sms', 'Whatsapp', 'Postal', 'On Screen'] as const;
export type NoticeMethod = (typeof NOTICE_METHODS)[number];
export const ZNoticeMethod = z.enum(NOTICE_METHODS);

export const NOTICE_METHOD_INFO: Readonly<Record<NoticeMethod, { channel: Channel; texts: TLocalisedText }>> = {
  Email: {
    channel: 'email',
    texts: { 'es-es': 'Correo electrónico', 'en-en': 'E-mail', 'pt-pt': 'Correio eletrónico' },
  },
  Sms: { channel: 'sms', texts: { 'es-es': 'SMS', 'en-en': 'SMS', 'pt-pt': 'SMS' } },
  Whatsapp: { channel: 'whatsapp', texts: { 'es-es': 'WhatsApp', 'en-en': 'WhatsApp', 'pt-pt': 'WhatsApp' } },
  Postal: { channel: 'postal', texts: { 'es-es': 'Correo postal', 'en-en': 'Post', 'pt-pt': 'Correio postal' } },
  'On Screen': {
    channel: 'onscreen',
    texts: { 'es-es': 'En pantalla', 'en-en': 'On screen', 'pt-pt': 'No ecrã' },
  },
};
