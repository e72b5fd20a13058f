import type { Language } from '@sello/contracts/constants';

type TText = { subject: string; body: string };
/** A reminder: `short` is its SMS and WhatsApp text, one GSM-7 segment with a link of its real length. */
type TReminderText = TText & { short: string };

/**
 * The PIN message, in the receiver's language. An SMS carries the body only; the words keep to the GSM-7
 * alphabet (no «», á, í, ó, ú, ã, ç), so the SMS is one segment.
 */
export function pinMessage(language: Language, pin: string, minutes: number): TText {
  switch (language) {
    case 'en-en':
      return {
        subject: 'Your Sello PIN',
        body: `Your PIN to accept is ${pin}. It is valid for ${minutes} minutes. Do not share it with anyone.`,
      };
    case 'pt-pt':
      return {
        subject: 'O seu PIN Sello',
        body: `O seu PIN para aceitar é ${pin}. Expira em ${minutes} minutos. Nunca o partilhe com outra pessoa.`,
      };
    default:
      return {
        subject: 'Su PIN de Sello',
        body: `Su PIN para aceptar es ${pin}. Caduca en ${minutes} minutos. No lo comparta con nadie.`,
      };
  }
}

/** What a voice call reads: the PIN digit by digit, twice, in the receiver's language. */
export function pinVoiceMessage(language: Language, pin: string): string {
  const digits = pin.split('').join(', ');
  switch (language) {
    case 'en-en':
      return `Your Sello PIN is: ${digits}. Once more: ${digits}.`;
    case 'pt-pt':
      return `O seu PIN Sello é: ${digits}. Repito: ${digits}.`;
    default:
      return `Su PIN de Sello es: ${digits}. Repito: ${digits}.`;
  }
}

/**
 * A reminder before the response deadline. `link` is a fresh link for receivers who never opened the
 * first one; those who did are pointed back to it.
 */
export function reminderMessage(
  language: Language,
  facts: { sender: string; subject: string; deadline: string; link: string | null },
): TReminderText {
  const { sender, subject, deadline, link } = facts;
  switch (language) {
    case 'en-en':
      return {
        subject: `Reminder: ${subject}`,
        body:
          `${sender} is waiting for your answer to "${subject}" until ${deadline}.\n` +
          (link ? `Open it here: ${link}` : 'Use the link you already opened to answer.'),
        short: link
          ? `Reminder from ${sender}: please answer by ${deadline}: ${link}`
          : `Reminder from ${sender}: please answer "${subject}" by ${deadline} with the link you already have.`,
      };
    case 'pt-pt':
      return {
        subject: `Lembrete: ${subject}`,
        body:
          `${sender} aguarda a sua resposta a "${subject}" até ${deadline}.\n` +
          (link ? `Responda em: ${link}` : 'Responda pelo link que recebeu.'),
        short: link
          ? `Lembrete de ${sender}: responda até ${deadline}: ${link}`
          : `Lembrete de ${sender}: responda a "${subject}" até ${deadline} pelo link que recebeu.`,
      };
    default:
      return {
        subject: `Recordatorio: ${subject}`,
        body:
          `${sender} espera su respuesta a "${subject}" hasta el ${deadline}.\n` +
          (link ? `Responda en: ${link}` : 'Responda con el enlace que ya tiene.'),
        short: link
          ? `Recordatorio de ${sender}: responda antes del ${deadline}: ${link}`
          : `Recordatorio de ${sender}: responda a "${subject}" antes del ${deadline} con el enlace que ya tiene.`,
      };
  }
}
