import type { TSmsCountAnswer, TSmsCountInput } from '@sello/contracts/catalogue/shippings-create';
import { countSmsSegments, findSmsAlphabetProblem } from '@sello/contracts/sms-segments';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import {
  selectCompanyForShipping,
  selectTemplateForShipping,
  selectTypeForCreation,
} from './shipping-create.queries.ts';
import { mayUseCompany } from './shipping-create.service.ts';
import { resolveShippingMessage, type TComposeSms } from './shipping-message.ts';

type TParsedInput = TSmsCountInput & { subject: string; receivers: { name: string; language?: string }[] };

/**
 * The count the new-shipping form shows: every receiver's SMS composed as `sendrequest` checks it and
 * the dispatch sends it, counted by the one counter, the longest answered with whose it is and what
 * sending would refuse.
 */
export function createShippingSmsCount(db: Kysely<Database>, composeSms: TComposeSms) {
  return async function countShippingSms(principal: TPrincipal, input: TParsedInput): Promise<TSmsCountAnswer> {
    const company = await selectCompanyForShipping(db, String(input.companyId));
    if (!company || !mayUseCompany(principal, company)) {
      throw new ApiError(400, 'ERR_VALIDATION', { companyId: 'ERR_FIELD_INVALID' });
    }
    const type = await selectTypeForCreation(db, company.domainId, company.id, String(input.typeId));
    if (!type) throw new ApiError(400, 'ERR_VALIDATION', { typeId: 'ERR_FIELD_INVALID' });
    // An unfilled placeholder is sendrequest's to refuse; the count is of the text as it stands.
    const message = await resolveShippingMessage(
      db,
      selectTemplateForShipping,
      { ...input, channel: 'sms' },
      {
        domainId: company.domainId,
        companyId: company.id,
        companyName: company.name,
        id: type.id,
        senderLanguage: principal.language,
      },
      () => undefined,
    );
    const receivers = input.receivers.length > 0 ? input.receivers : [{ name: '' }];
    const texts = await composeSms({
      domainId: company.domainId,
      serviceKind: type.serviceKind,
      companyName: company.name,
      message,
      reference: input.reference ?? null,
      responseDays: type.responseDays,
      receivers,
      senderLanguage: principal.language,
    });
    let longest = 0;
    const counts = texts.map(countSmsSegments);
    counts.forEach((count, index) => {
      const best = counts[longest]!;
      if (count.segments > best.segments || (count.segments === best.segments && count.units > best.units)) {
        longest = index;
      }
    });
    return {
      ...counts[longest]!,
      text: texts[longest]!,
      receiverName: receivers[longest]!.name,
      receivers: input.receivers.length,
      ucs2Allowed: company.smsUcs2Allowed,
      problem: findSmsAlphabetProblem(texts.join('\n'), company.smsUcs2Allowed),
    };
  };
}
