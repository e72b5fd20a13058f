import { LANGUAGES, type Language } from '@sello/contracts/constants';
import type { Kysely } from 'kysely';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TChannelAdapter } from '../platform/channel-adapter.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { isMergeablePdf, renderLetterPdf, type TLetterAttachment } from './letter-pdf.ts';
import {
  insertLetter,
  insertShippingDocument,
  selectLetterOfMessage,
  selectLetterSource,
  selectOriginalDocuments,
} from './postal.queries.ts';
import { formatAddressLines } from './postal-address.ts';

export type TPostalDeps = { db: Kysely<Database>; blobs: TBlobStore; config: Pick<TConfig, 'PROVIDER_NAME'> };

const isLanguage = (value: string | null): value is Language => LANGUAGES.includes(value as Language);

async function readAttachments(blobs: TBlobStore, documents: { name: string; mimeType: string; sha256: string }[]) {
  const attachments: TLetterAttachment[] = [];
  for (const document of documents) {
    let bytes: Buffer | null = null;
    if (document.mimeType === 'application/pdf') {
      const content = await blobs.read(document.sha256);
      if (await isMergeablePdf(content)) bytes = content;
    }
    attachments.push({ ...document, bytes });
  }
  return attachments;
}

/**
 * The print room. `send` renders the letter of a postal access message, stores it as a shipping
 * document of kind `letter` and leaves it waiting for a print batch; the provider reference is the
 * message guid printed on the letter, which the courier reports back. Sending a message again answers
 * the letter already made.
 */
export function createPostalAdapter(deps: TPostalDeps): TChannelAdapter {
  return {
    transport: 'postal',
    async send(message) {
      const source = await selectLetterSource(deps.db, message.guid);
      if (!source) throw new Error(`postal message ${message.guid} not found`);
      if (source.channel !== 'postal') throw new Error(`message ${message.guid} is not a postal message`);
      const existing = await selectLetterOfMessage(deps.db, source.messageId);
      if (existing) return { providerRef: existing.reference };

      const language = isLanguage(source.language) ? source.language : message.language;
      const pdf = await renderLetterPdf({
        reference: source.guid,
        language,
        date: new Date(),
        providerName: deps.config.PROVIDER_NAME,
        senderCompany: source.companyName,
        addressLines: formatAddressLines(source, language),
        subject: source.messageSubject ?? source.shippingSubject,
        body: source.messageBody,
        attachments: await readAttachments(deps.blobs, await selectOriginalDocuments(deps.db, source.shippingId)),
      });
      const stored = await deps.blobs.put(Buffer.from(pdf));

      return deps.db.transaction().execute(async (trx) => {
        // The shipping's lock orders document positions and makes a concurrent second render wait here.
        await lockShipping(trx, null, source.shippingId);
        const raced = await selectLetterOfMessage(trx, source.messageId);
        if (raced) return { providerRef: raced.reference };
        const documentId = await insertShippingDocument(trx, {
          shippingId: source.shippingId,
          kind: 'letter',
          receiverId: source.receiverId,
          name: `letter-${source.guid}.pdf`,
          mimeType: 'application/pdf',
          sizeBytes: stored.size,
          sha256: stored.sha256,
        });
        await insertLetter(trx, {
          domainId: source.domainId,
          shippingId: source.shippingId,
          receiverId: source.receiverId,
          messageId: source.messageId,
          reference: source.guid,
          documentId,
        });
        return { providerRef: source.guid };
      });
    },
  };
}
