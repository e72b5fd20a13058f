import type { Language } from '@sello/contracts/constants';
import type { Channel } from '@sello/contracts/enums';
import {
  accessTemplateValues,
  chooseAccessTemplate,
  renderAccessTemplate,
  type selectDomainCertTemplates,
} from './dispatch-templates.ts';
import { composeAccessMessage, formatExpiry } from './dispatch-texts.ts';

/** What writing one receiver's access message takes from its shipping (the dispatch plan, or the form's preview). */
export type TAccessShipping = {
  domainId: string;
  serviceKind: string;
  channel: string;
  companyName: string;
  subject: string;
  reference: string | null;
  body: string | null;
  templateContentType: string | null;
  templateSubject: string | null;
  templateBody: string | null;
  responseDeadlineAt: Date | null;
};

export type TComposedAccess = { subject: string | null; body: string; html: boolean };

/**
 * One receiver's access message as it is sent: the shipping's template (or the domain's certified one)
 * filled for the receiver, else Sello's own words, in the receiver's language. The dispatch and the
 * new-shipping form's preview both write it here, so the preview is the message.
 */
export function composeReceiverAccess(
  shipping: TAccessShipping,
  receiver: { name: string; language: Language },
  facts: {
    link: string | null;
    expiresAt: Date;
    consoleUrl: string;
    provider: string;
    certTemplates: Awaited<ReturnType<typeof selectDomainCertTemplates>>;
  },
): TComposedAccess {
  const channel = shipping.channel as Channel;
  const { language } = receiver;
  const template = chooseAccessTemplate(shipping, channel, facts.certTemplates);
  const values = {
    receiverName: receiver.name,
    company: shipping.companyName,
    subject: shipping.subject,
    reference: shipping.reference,
    link: facts.link,
    deadline: formatExpiry(shipping.responseDeadlineAt ?? facts.expiresAt, language),
    provider: facts.provider,
    body: shipping.body,
  };
  if (template) return renderAccessTemplate(template, values, facts.consoleUrl, language);
  return {
    ...composeAccessMessage(channel, language, {
      company: shipping.companyName,
      provider: facts.provider,
      receiverName: receiver.name,
      subject: shipping.subject,
      link: facts.link,
      // The sender's text may name the receiver's variables too (certified kinds send it).
      body: accessTemplateValues(values).message,
      expires: formatExpiry(facts.expiresAt, language),
    }),
    html: false,
  };
}
