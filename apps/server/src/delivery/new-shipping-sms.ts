import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sello/contracts/constants';
import type { Kysely } from 'kysely';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { recipientLink } from '../platform/recipient-link.ts';
import { createToken } from '../platform/tokens.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import type { TComposeSms, TSmsDraft } from '../shippings/shipping-message.ts';
import { composeReceiverAccess } from './access-compose.ts';
import { isCertifiedKind, LINK_GRACE_DAYS } from './dispatch.service.ts';
import { selectDomainCertTemplates } from './dispatch-templates.ts';

type TSmsTextDeps = { db: Kysely<Database>; preferences: TPreferences; config: Pick<TConfig, 'PROVIDER_NAME'> };

const DAY_MS = 86_400_000;

const languageOf = (wanted: string | undefined, sender: string): Language => {
  const language = wanted ?? sender;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
};

/**
 * The SMS each receiver of a new shipping will get, composed as the dispatch composes it: the template
 * or Sello's words in the receiver's language, the company's name, every variable filled with the
 * receiver's values and a recipient link of the real length (a fresh token, never stored). Only the
 * dates are estimated: the deadline counted from now.
 */
async function composeShippingSms(deps: TSmsTextDeps, draft: TSmsDraft): Promise<string[]> {
  const consoleUrl = await deps.preferences.consoleUrl();
  const certified = isCertifiedKind(draft.serviceKind);
  const certTemplates = certified ? await selectDomainCertTemplates(deps.db, [draft.domainId]) : new Map();
  const { template: stored, subject, body } = draft.message;
  const deadline = new Date(Date.now() + draft.responseDays * DAY_MS);
  const shipping = {
    domainId: draft.domainId,
    serviceKind: draft.serviceKind,
    channel: 'sms',
    companyName: draft.companyName,
    subject,
    reference: draft.reference,
    body,
    templateContentType: stored?.contentType ?? null,
    templateSubject: stored?.subject ?? null,
    templateBody: stored?.body ?? null,
    responseDeadlineAt: deadline,
  };
  const expiresAt = new Date(deadline.getTime() + LINK_GRACE_DAYS * DAY_MS);
  return draft.receivers.map((receiver) => {
    const language = languageOf(receiver.language, draft.senderLanguage);
    const link = certified ? null : recipientLink(consoleUrl, createToken());
    const facts = { link, expiresAt, consoleUrl, provider: deps.config.PROVIDER_NAME, certTemplates };
    return composeReceiverAccess(shipping, { name: receiver.name, language }, facts).body;
  });
}

/** The composer `sendrequest` checks with and the new-shipping form counts with. */
export function createShippingSmsComposer(deps: TSmsTextDeps): TComposeSms {
  return (draft) => composeShippingSms(deps, draft);
}
