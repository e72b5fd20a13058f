import type { TSendRequest } from '@sello/contracts/catalogue/shippings-create';
import { findReceiversLanguage } from '@sello/contracts/default-templates';
import type { ErrorKey } from '@sello/contracts/error-keys';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { selectTemplateForShipping, TNewShipping } from './shipping-create.queries.ts';
import { selectDefaultTemplateId } from './shipping-default-templates.queries.ts';
import { fillTemplate, firstPlaceholder, sameText } from './shipping-placeholders.ts';

type TMessageRequest = Pick<
  TSendRequest,
  'channel' | 'templateId' | 'message' | 'subject' | 'reference' | 'customFields'
> & { receivers: readonly { language?: string | null | undefined }[] };
type TAddError = (field: string, key: ErrorKey, params?: Record<string, string | number>) => void;

export type TShippingMessage = {
  templateId: string | null;
  template: TNewShipping['template'];
  subject: string;
  body: string | null;
};

/**
 * The message of a new shipping as it is stored: the template (the chosen one, else, with no message
 * written, the type's default for the channel in the receivers' language: none when they speak different
 * languages or the type has none in theirs, and then each gets Sello's own texts in their language), the
 * sender's own text and the subject, with the company's name, the reference and the custom fields filled.
 * A placeholder left unfilled is an error.
 */
export async function resolveShippingMessage(
  db: Kysely<Database>,
  findTemplate: typeof selectTemplateForShipping,
  request: TMessageRequest,
  owner: {
    domainId: string;
    companyId: string;
    companyName: string;
    /** The type: its default template in the receivers' language, when the request names no template. */
    id: string;
    senderLanguage: string;
  },
  addError: TAddError,
): Promise<TShippingMessage> {
  const smsLike = request.channel === 'sms' || request.channel === 'whatsapp';
  const language = findReceiversLanguage(request.receivers, owner.senderLanguage);
  const templateId =
    request.templateId !== undefined
      ? String(request.templateId)
      : request.message === undefined && language !== null
        ? ((await selectDefaultTemplateId(db, owner.id, smsLike ? 'SMS' : 'HTML', language)) ?? null)
        : null;
  const placeholderValues = {
    company: owner.companyName,
    ...(request.reference && { reference: request.reference }),
    ...request.customFields,
  };
  // The body is the sender's own text; a template is the frame it is sent in (filled where it says {{message}}).
  let body = request.message ? fillTemplate(request.message, placeholderValues) : null;
  let template: TNewShipping['template'] = null;
  if (templateId !== null) {
    const chosen = await findTemplate(db, owner.domainId, owner.companyId, templateId);
    if (!chosen || chosen.contentType !== (smsLike ? 'SMS' : 'HTML')) addError('templateId', 'ERR_FIELD_INVALID');
    else {
      template = {
        contentType: chosen.contentType,
        subject: chosen.subject === null ? null : fillTemplate(chosen.subject, placeholderValues),
        body: fillTemplate(chosen.body, placeholderValues, chosen.contentType === 'HTML'),
      };
      // A client that still sends the template's own text as the message means no message of its own.
      if (request.message !== undefined && sameText(request.message, chosen.body)) body = null;
    }
  }
  // Placeholders the custom fields did not fill: the shipping is refused with the first one named.
  const subject = fillTemplate(request.subject, placeholderValues);
  const unfilledSubject = firstPlaceholder(subject);
  if (unfilledSubject) addError('subject', 'ERR_PLACEHOLDER_UNFILLED', { placeholder: unfilledSubject });
  const unfilledBody = firstPlaceholder(body, ['message']);
  if (unfilledBody) addError('message', 'ERR_PLACEHOLDER_UNFILLED', { placeholder: unfilledBody });
  const unfilledTemplate = firstPlaceholder(`${template?.subject ?? ''} ${template?.body ?? ''}`);
  if (unfilledTemplate) addError('templateId', 'ERR_PLACEHOLDER_UNFILLED', { placeholder: unfilledTemplate });
  return { templateId, template, subject, body };
}

/** What the SMS of a new shipping are composed from (the dispatch's composition: see delivery/new-shipping-sms.ts). */
export type TSmsDraft = {
  domainId: string;
  serviceKind: string;
  companyName: string;
  message: TShippingMessage;
  reference: string | null;
  /** Days the receiver has to answer: the deadline a template may name. */
  responseDays: number;
  receivers: readonly { name: string; language?: string | undefined }[];
  /** The sender's language: a receiver without one of their own gets it. */
  senderLanguage: string;
};

/** Composes each receiver's SMS as it will be sent, in the receivers' order. */
export type TComposeSms = (draft: TSmsDraft) => Promise<string[]>;
