import type { Language } from '@sello/contracts/constants';
import type { Channel } from '@sello/contracts/enums';
import { formatDateTimeIn } from '@sello/contracts/reference/status-labels';
import { convertHtmlToText } from './html-to-text.ts';

export type TAccessText = {
  company: string;
  provider: string;
  receiverName: string;
  subject: string;
  /** The recipient page; null for certified kinds, whose message is the content itself. */
  link: string | null;
  /** The sender's own text: certified kinds carry it as the message; the others show it on the page. */
  body: string | null;
  /** Until when the link opens (a date and time in the receiver's language, its zone named). */
  expires: string;
};

type TWords = {
  subject: (t: TAccessText) => string;
  greeting: (t: TAccessText) => string;
  sent: (t: TAccessText) => string;
  open: string;
  expires: (t: TAccessText) => string;
  /** The SMS and WhatsApp text: GSM-7 words only (no «», á, í, ó, ú, ã, ç), so it costs what its values cost. */
  short: (t: TAccessText) => string;
  certifiedFooter: (t: TAccessText) => string;
  letter: string;
};

const WORDS: Record<Language, TWords> = {
  'es-es': {
    subject: (t) => `${t.company} le ha enviado: ${t.subject}`,
    greeting: (t) => `Hola, ${t.receiverName}:`,
    sent: (t) => `${t.company} le ha enviado «${t.subject}» a través de ${t.provider}.`,
    open: 'Ábralo en esta dirección:',
    expires: (t) => `El enlace es válido hasta el ${t.expires}.`,
    short: (t) => `${t.company} le ha enviado "${t.subject}": ${t.link}`,
    certifiedFooter: (t) => `Comunicación certificada enviada por ${t.company} a través de ${t.provider}.`,
    letter: 'Puede leerlo también en línea en esta dirección:',
  },
  'en-en': {
    subject: (t) => `${t.company} has sent you: ${t.subject}`,
    greeting: (t) => `Dear ${t.receiverName},`,
    sent: (t) => `${t.company} has sent you "${t.subject}" through ${t.provider}.`,
    open: 'Open it here:',
    expires: (t) => `The link is valid until ${t.expires}.`,
    short: (t) => `${t.company} sent you "${t.subject}": ${t.link}`,
    certifiedFooter: (t) => `Certified message sent by ${t.company} through ${t.provider}.`,
    letter: 'You can also read it online here:',
  },
  'pt-pt': {
    subject: (t) => `${t.company} enviou-lhe: ${t.subject}`,
    greeting: (t) => `Olá, ${t.receiverName}:`,
    sent: (t) => `${t.company} enviou-lhe «${t.subject}» através de ${t.provider}.`,
    open: 'Abra-o neste endereço:',
    expires: (t) => `A ligação é válida até ${t.expires}.`,
    short: (t) => `${t.company} enviou-lhe "${t.subject}": ${t.link}`,
    certifiedFooter: (t) => `Comunicação certificada enviada por ${t.company} através de ${t.provider}.`,
    letter: 'Também o pode ler online neste endereço:',
  },
};

const SHORT_SUBJECT = 40;

/**
 * The access message of one receiver, per channel, in the receiver's language: e-mail and on-screen get
 * a subject and a body with the link and the sender company; SMS and WhatsApp a short text with the
 * link; postal a letter text. Certified kinds have no page: their message is the sender's own text.
 */
export function composeAccessMessage(
  channel: Channel,
  language: Language,
  text: TAccessText,
): { subject: string | null; body: string } {
  const words = WORDS[language];
  const short = channel === 'sms' || channel === 'whatsapp';
  if (text.link === null) {
    const content = convertHtmlToText(text.body ?? '') || text.subject;
    if (short) return { subject: null, body: content };
    return { subject: text.subject, body: `${content}\n\n--\n${words.certifiedFooter(text)}\n` };
  }
  if (short) {
    const subject =
      text.subject.length > SHORT_SUBJECT ? `${text.subject.slice(0, SHORT_SUBJECT - 1).trimEnd()}…` : text.subject;
    return { subject: null, body: words.short({ ...text, subject }) };
  }
  const lines = [words.greeting(text), '', words.sent(text), ''];
  lines.push(channel === 'postal' ? words.letter : words.open, text.link, '', words.expires(text), '');
  return { subject: words.subject(text), body: lines.join('\n') };
}

/** Until when the link opens: the day and time in the receiver's language, the time zone named. */
export function formatExpiry(date: Date, language: Language): string {
  return formatDateTimeIn(date, language);
}
