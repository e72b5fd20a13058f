import type { Language } from '@sello/contracts/constants';
import type { Channel, TemplateContentType } from '@sello/contracts/enums';
import type { TTemplateValues } from '@sello/contracts/template-variables';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fillMessageValue, renderTemplate, type TRenderedMessage } from '../templates/template-render.ts';
import { selectDomainCertTemplateRows } from './dispatch.queries.ts';
import { convertHtmlToText } from './html-to-text.ts';

type TTemplateText = { contentType: TemplateContentType; subject: string | null; body: string };
type TCertTemplates = Map<string, Partial<Record<'EMAIL_CERT' | 'SMS_CERT', TTemplateText>>>;

/**
 * The certified e-mail and certified SMS templates the domains chose (their document tabs), the first
 * live, active one of each kind in the chosen order.
 */
export async function selectDomainCertTemplates(db: Kysely<Database>, domainIds: readonly string[]) {
  const chosen: TCertTemplates = new Map();
  if (domainIds.length === 0) return chosen;
  const rows = await selectDomainCertTemplateRows(db, domainIds);
  for (const row of rows) {
    const kinds = chosen.get(row.domainId) ?? {};
    const kind = row.kind as 'EMAIL_CERT' | 'SMS_CERT';
    const fits = row.contentType === (kind === 'EMAIL_CERT' ? 'HTML' : 'SMS');
    if (fits && !kinds[kind]) kinds[kind] = { ...row, contentType: row.contentType as TemplateContentType };
    chosen.set(row.domainId, kinds);
  }
  return chosen;
}

type TPlanTemplate = {
  domainId: string;
  serviceKind: string;
  templateContentType: string | null;
  templateSubject: string | null;
  templateBody: string | null;
};

/**
 * The template an access message is written from, or null for Sello's own words: certified e-mail
 * and SMS take the domain's chosen certified template; the others the shipping's template when it
 * suits the channel (HTML for e-mail and on-screen, SMS for SMS and WhatsApp). Postal letters keep
 * the fixed words.
 */
export function chooseAccessTemplate(plan: TPlanTemplate, channel: Channel, cert: TCertTemplates) {
  const wanted: TemplateContentType | null =
    channel === 'email' || channel === 'onscreen' ? 'HTML' : channel === 'postal' ? null : 'SMS';
  if (wanted === null) return null;
  if (plan.serviceKind === 'certified_email' || plan.serviceKind === 'certified_sms') {
    const template = cert.get(plan.domainId)?.[wanted === 'HTML' ? 'EMAIL_CERT' : 'SMS_CERT'];
    return template ?? null;
  }
  if (plan.templateContentType !== wanted || plan.templateBody === null) return null;
  return { contentType: wanted, subject: plan.templateSubject, body: plan.templateBody };
}

export type TAccessValues = {
  receiverName: string;
  company: string;
  subject: string;
  reference: string | null;
  link: string | null;
  deadline: string;
  provider: string;
  body: string | null;
  /** Only the PIN message carries one. */
  pin?: string;
};

/** The variables of one receiver's access message; the sender's message has its own variables filled. */
export function accessTemplateValues(values: TAccessValues): TTemplateValues {
  return fillMessageValue({
    receiverName: values.receiverName,
    company: values.company,
    subject: values.subject,
    reference: values.reference ?? '',
    accessLink: values.link ?? '',
    deadline: values.deadline,
    provider: values.provider,
    message: convertHtmlToText(values.body ?? ''),
    pin: values.pin ?? '',
  });
}

export function renderAccessTemplate(
  template: TTemplateText,
  values: TAccessValues,
  publicUrl: string,
  _language: Language,
): TRenderedMessage {
  return renderTemplate(template, accessTemplateValues(values), publicUrl);
}
