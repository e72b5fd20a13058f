import type { TMessagePreview, TSendRequest } from '@sello/contracts/catalogue/shippings-create';
import type { TAppContext } from '../app-context.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { recipientLink } from '../platform/recipient-link.ts';
import { type createShippingCreation, directLookups } from '../shippings/shipping-create.service.ts';
import { composeReceiverAccess } from './access-compose.ts';
import { isCertifiedKind, languageOf, linkExpiry } from './dispatch.service.ts';
import { selectDomainCertTemplates } from './dispatch-templates.ts';
import { convertHtmlToText } from './html-to-text.ts';

/** Stands in for a receiver's link token in the preview: the real one is made at dispatch, of this length. */
const SAMPLE_TOKEN = 'x'.repeat(43);
const DAY_MS = 86_400_000;

/**
 * The new-shipping form's preview: the request checked by the rules of `sendrequest` (its documents aside),
 * then each receiver's access message written by the dispatch's own function, deadlines counted from now.
 * What it answers is what the receivers get, but for their own link and the minutes until the dispatch.
 */
export function createMessagePreview(
  deps: Pick<TAppContext, 'db' | 'preferences' | 'config'>,
  creation: Pick<ReturnType<typeof createShippingCreation>, 'checkSendRequest'>,
) {
  return async function previewMessage(principal: TPrincipal, request: TSendRequest): Promise<TMessagePreview> {
    const checked = await creation.checkSendRequest(principal, request, directLookups, { withoutDocuments: true });
    const consoleUrl = await deps.preferences.consoleUrl();
    const certified = isCertifiedKind(checked.serviceKind);
    const sampleLink = certified ? null : recipientLink(consoleUrl, SAMPLE_TOKEN);
    const certTemplates = await selectDomainCertTemplates(deps.db, certified ? [checked.domainId] : []);
    const now = Date.now();
    const responseDeadlineAt = new Date(now + checked.responseDays * DAY_MS);
    const custodyUntil = checked.custodyDays === null ? null : new Date(now + checked.custodyDays * DAY_MS);
    const expiresAt = linkExpiry({ responseDeadlineAt, custodyUntil });
    const shipping = {
      domainId: checked.domainId,
      serviceKind: checked.serviceKind,
      channel: request.channel,
      companyName: checked.companyName,
      subject: checked.subject,
      reference: request.reference ?? null,
      body: checked.body,
      templateContentType: checked.template?.contentType ?? null,
      templateSubject: checked.template?.subject ?? null,
      templateBody: checked.template?.body ?? null,
      responseDeadlineAt,
    };
    const messages = request.receivers.map((receiver, index) => {
      const language = languageOf({ language: receiver.language ?? null }, { senderLanguage: principal.language });
      const message = composeReceiverAccess(
        shipping,
        { name: receiver.name, language },
        { link: sampleLink, expiresAt, consoleUrl, provider: deps.config.PROVIDER_NAME, certTemplates },
      );
      const text = message.html ? convertHtmlToText(message.body) : message.body;
      return { receiver: index, language, subject: message.subject, body: message.body, html: message.html, text };
    });
    return { messages, sampleLink };
  };
}
