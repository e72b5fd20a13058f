import type { Language } from '@sello/contracts/constants';
import { accessTemplateValues } from '../delivery/dispatch-templates.ts';
import { formatExpiry } from '../delivery/dispatch-texts.ts';
import { convertHtmlToText } from '../delivery/html-to-text.ts';
import { renderTemplate } from '../templates/template-render.ts';
import type { TPortalReceiver } from './portal.queries.ts';

/**
 * The message the receiver's page shows: the subject and the text their access message carried, the text as
 * plain text and without the link (they are on the page it leads to). A shipping sent in a template reads as the
 * template filled for this receiver: its subject when the template writes one, with the sender's own text where
 * it says {{message}} (after it when the template does not place it); one without, as the sender's subject and text.
 */
export function pageMessage(
  receiver: TPortalReceiver,
  language: Language,
  provider: string,
  publicUrl: string,
): { subject: string; body: string | null } {
  if (receiver.templateBody === null || receiver.templateContentType === null) {
    return { subject: receiver.subject, body: receiver.body };
  }
  const deadline = receiver.responseDeadlineAt ?? receiver.accessExpiresAt;
  const values = accessTemplateValues({
    receiverName: receiver.receiverName,
    company: receiver.senderCompany,
    subject: receiver.subject,
    reference: receiver.reference,
    link: null,
    deadline: deadline === null ? '' : formatExpiry(deadline, language),
    provider,
    body: receiver.body,
  });
  const template = {
    contentType: receiver.templateContentType as 'HTML' | 'SMS',
    subject: receiver.templateSubject,
    body: receiver.templateBody,
  };
  const rendered = renderTemplate(template, values, publicUrl);
  const subject = rendered.subject || receiver.subject;
  const text = convertHtmlToText(rendered.body);
  if (text === '') return { subject, body: receiver.body };
  // A template that does not place the message leaves it to this page: shown after the template's words.
  const placed = /\{\{\s*message\s*\}\}/.test(receiver.templateBody);
  return { subject, body: placed || !receiver.body ? text : `${text}\n\n${values.message}` };
}
