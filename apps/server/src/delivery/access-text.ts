import type { Language } from '@sello/contracts/constants';
import type { Channel } from '@sello/contracts/enums';
import type { TRenderedMessage } from '../templates/template-render.ts';
import { accessTemplateValues, renderAccessTemplate, type TAccessValues } from './dispatch-templates.ts';
import { composeAccessMessage, formatExpiry } from './dispatch-texts.ts';

type TAccessTemplate = Parameters<typeof renderAccessTemplate>[0];

export type TAccessTextInput = {
  channel: Channel;
  language: Language;
  /** The template the message is written from (see chooseAccessTemplate), or null for Sello's own words. */
  template: TAccessTemplate | null;
  values: TAccessValues;
  /** Until when the link opens. */
  expiresAt: Date;
  consoleUrl: string;
};

/**
 * One receiver's access message as it is sent: what the dispatch queues and what the SMS count of the
 * new-shipping form measures, so the count is of the very text the provider receives.
 */
export function composeAccessText(input: TAccessTextInput): Pick<TRenderedMessage, 'subject' | 'body' | 'html'> {
  const { channel, language, template, values } = input;
  if (template) return renderAccessTemplate(template, values, input.consoleUrl, language);
  return {
    ...composeAccessMessage(channel, language, {
      company: values.company,
      provider: values.provider,
      receiverName: values.receiverName,
      subject: values.subject,
      link: values.link,
      // The sender's text may name the receiver's variables too (certified kinds send it).
      body: accessTemplateValues(values).message,
      expires: formatExpiry(input.expiresAt, language),
    }),
    html: false,
  };
}
