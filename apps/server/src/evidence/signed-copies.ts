import { FONTS, type Font } from '@sello/contracts/enums';
import { isPinMethod } from '@sello/contracts/reference/sign-methods';
import { toLanguage } from '@sello/contracts/reference/status-labels';
import type { Transaction } from 'kysely';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { drawableText, embedTypeFont, textWidth } from '../platform/pdf-fonts.ts';
import { insertDocuments } from '../shippings/shipping-documents.queries.ts';
import { labelsFor } from './certificate-labels.ts';
import { signaturesByReceiver, signatureText } from './certificate-signatures.ts';
import {
  nextDocumentPosition,
  selectCertificateReceivers,
  selectChain,
  selectSignatureSettings,
  selectStoredDocuments,
} from './evidence.queries.ts';

const MARGIN = 36;
const SIZE = 8;
const INK = rgb(0.1, 0.1, 0.12);

/** Wraps text at spaces to the width; a word longer than the line is cut, so nothing runs off the page. */
function wrapped(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of drawableText(font, text).split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (textWidth(font, candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    current = word;
    while (current.length > 1 && textWidth(font, current, size) > width) current = current.slice(0, -1);
  }
  if (current !== '') lines.push(current);
  return lines;
}

/**
 * An original with the PIN signatures on it: `signatureVal` stamps each page at its foot, `summaryVal`
 * adds a page at the end listing them; both in the type's font, embedded.
 */
async function stampDocument(
  bytes: Uint8Array,
  lines: string[],
  options: { text: 'signatureVal' | 'summaryVal'; font: Font; title: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await embedTypeFont(pdf, options.font);
  if (options.text === 'signatureVal') {
    for (const page of pdf.getPages()) {
      const width = page.getSize().width - 2 * MARGIN;
      const rows = lines.flatMap((line) => wrapped(font, line, SIZE, width));
      rows.forEach((row, index) => {
        const y = MARGIN / 2 + (rows.length - 1 - index) * SIZE * 1.3;
        page.drawText(row, { x: MARGIN, y, size: SIZE, font, color: INK });
      });
    }
  } else {
    // The summary page has the size of the document's first page.
    const [first] = pdf.getPages();
    const { width, height } = first ? first.getSize() : { width: 595.28, height: 841.89 };
    const page = pdf.addPage([width, height]);
    let y = height - 2 * MARGIN;
    const write = (text: string, size: number) => {
      for (const row of wrapped(font, text, size, width - 2 * MARGIN)) {
        y -= size * 1.4;
        page.drawText(row, { x: MARGIN, y, size, font, color: INK });
      }
    };
    write(options.title, 14);
    for (const line of lines) write(line, 10);
  }
  return pdf.save();
}

/**
 * Stores the signed document (kind `signed`) of each PDF the sender sent, when the receivers signed with a
 * PIN and the shipping names a signature text: who signed, how, when (to the second) and the shipping's
 * reference. Answers how many it stored. Runs in the certificate's transaction, before the certificate,
 * which then lists them with their hashes.
 */
export async function storeSignedCopies(
  deps: { blobs: TBlobStore },
  trx: Transaction<Database>,
  shippingId: string,
): Promise<number> {
  const settings = await selectSignatureSettings(trx, shippingId);
  const text = settings.pinSignatureText;
  if (text !== 'signatureVal' && text !== 'summaryVal') return 0;
  const [events, receivers, documents] = await Promise.all([
    selectChain(trx, shippingId),
    selectCertificateReceivers(trx, shippingId),
    selectStoredDocuments(trx, [shippingId]),
  ]);
  const font = (FONTS as readonly string[]).includes(settings.font) ? (settings.font as Font) : 'helvetica';
  const language = toLanguage(settings.language);
  const labels = labelsFor(language);
  const reference = settings.reference ?? shippingId;
  const signatures = signaturesByReceiver(events);
  const lines = receivers.flatMap((receiver) =>
    (signatures.get(receiver.id) ?? [])
      .filter((signature) => isPinMethod(signature.method))
      .map(
        (signature) =>
          `${labels.signedBy} ${receiver.name} | ${signatureText(signature, language)} | ${labels.reference} ${reference}`,
      ),
  );
  const originals = documents.filter(
    (document) => document.kind === 'original' && document.mimeType === 'application/pdf',
  );
  if (lines.length === 0 || originals.length === 0) return 0;
  let position = await nextDocumentPosition(trx, shippingId);
  for (const original of originals) {
    const signed = await stampDocument(await deps.blobs.read(original.sha256), lines, {
      text,
      font,
      title: `${labels.signatureSummary}: ${original.name}`,
    });
    const stored = await deps.blobs.put(Buffer.from(signed));
    await insertDocuments(trx, shippingId, [
      {
        position: position++,
        kind: 'signed',
        name: original.name.replace(/(\.pdf)?$/i, '-signed.pdf'),
        mimeType: 'application/pdf',
        sizeBytes: stored.size,
        category: original.category,
        sha256: stored.sha256,
      },
    ]);
  }
  return originals.length;
}
