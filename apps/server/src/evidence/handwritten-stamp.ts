import { FONTS, type Font } from '@sello/contracts/enums';
import { toLanguage } from '@sello/contracts/reference/status-labels';
import type { Transaction } from 'kysely';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { THandwritingOutline } from '../db/handwriting-schema.ts';
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
import { selectHandwritingOutlines } from './handwriting-outlines.queries.ts';

const MARGIN = 36;
const BOX_WIDTH = 200;
const BOX_HEIGHT = 70;
const CAPTION_SIZE = 6.5;
/** Lines under each box: who, method, hash label, hash, time, reference. */
const CAPTION_LINES = 6;
const INK = rgb(0.05, 0.1, 0.35);
const FRAME = rgb(0.6, 0.6, 0.65);

/** The strokes as one SVG path in the pad's own pixels (y down, as pdf-lib's drawSvgPath reads it). */
export function outlinePath(outline: THandwritingOutline): string {
  return outline.strokes
    .map((points) => {
      const [first, ...rest] = points;
      if (!first) return '';
      // A single point (a dot) is drawn as a tiny segment so it shows.
      const tail = rest.length > 0 ? rest : [[first[0] + 0.5, first[1]] as const];
      return `M${first[0]} ${first[1]}${tail.map(([x, y]) => ` L${x} ${y}`).join('')}`;
    })
    .join(' ');
}

/** Draws one signature in a frame at (x, y), bottom-left, the strokes scaled to fit, its caption beneath. */
function drawSignature(
  page: PDFPage,
  font: PDFFont,
  at: { x: number; y: number },
  outline: THandwritingOutline,
  caption: string[],
) {
  page.drawRectangle({ ...at, width: BOX_WIDTH, height: BOX_HEIGHT, borderColor: FRAME, borderWidth: 0.5 });
  const scale = Math.min((BOX_WIDTH - 8) / outline.width, (BOX_HEIGHT - 8) / outline.height);
  const left = at.x + (BOX_WIDTH - outline.width * scale) / 2;
  const top = at.y + BOX_HEIGHT - (BOX_HEIGHT - outline.height * scale) / 2;
  page.drawSvgPath(outlinePath(outline), { x: left, y: top, scale, borderColor: INK, borderWidth: 1.2 / scale });
  caption.forEach((line, index) => {
    const text = drawableText(font, line);
    // A long line (the hash) gets a smaller size rather than being cut.
    const size = Math.max(
      4.5,
      Math.min(CAPTION_SIZE, (CAPTION_SIZE * BOX_WIDTH) / textWidth(font, text, CAPTION_SIZE)),
    );
    page.drawText(text, { x: at.x, y: at.y - (index + 1) * CAPTION_SIZE * 1.3, size, font, color: INK });
  });
}

/** Frames each signature at the foot of the document's last page, right to left, rows upwards. */
export async function stampSignatures(
  bytes: Uint8Array,
  fontName: Font,
  signed: readonly { outline: THandwritingOutline; caption: string[] }[],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await embedTypeFont(pdf, fontName);
  const last = pdf.getPages().at(-1) ?? pdf.addPage();
  const { width } = last.getSize();
  const perRow = Math.max(1, Math.floor((width - 2 * MARGIN + 12) / (BOX_WIDTH + 12)));
  signed.forEach((item, index) => {
    const column = index % perRow;
    const row = Math.floor(index / perRow);
    const x = width - MARGIN - BOX_WIDTH - column * (BOX_WIDTH + 12);
    const y =
      MARGIN / 2 + CAPTION_LINES * CAPTION_SIZE * 1.3 + row * (BOX_HEIGHT + (CAPTION_LINES + 1) * CAPTION_SIZE * 1.3);
    drawSignature(last, font, { x, y }, item.outline, item.caption);
  });
  return pdf.save();
}

/**
 * Stores the signed document (kind `signed`) of each PDF the sender sent when receivers signed by hand: their
 * stroke images, drawn as vector paths from the points, framed at the foot of the last page with who signed,
 * how, when (to the second) and the hash of the biometric data. Runs in the certificate's transaction, before
 * the certificate, which then lists the documents with their hashes. Answers how many it stored.
 */
export async function storeHandwrittenCopies(
  deps: { blobs: TBlobStore },
  trx: Transaction<Database>,
  shippingId: string,
): Promise<number> {
  const outlines = await selectHandwritingOutlines(trx, shippingId);
  if (outlines.size === 0) return 0;
  const [settings, events, receivers, documents] = await Promise.all([
    selectSignatureSettings(trx, shippingId),
    selectChain(trx, shippingId),
    selectCertificateReceivers(trx, shippingId),
    selectStoredDocuments(trx, [shippingId]),
  ]);
  const language = toLanguage(settings.language);
  const labels = labelsFor(language);
  const signatures = signaturesByReceiver(events);
  const signed = receivers.flatMap((receiver) => {
    const drawn = outlines.get(receiver.id);
    const signature = signatures.get(receiver.id)?.find((item) => item.method === 'BIOHAND_GRAPH');
    if (!drawn || !signature) return [];
    // One part a line (method, hash, time), the hash apart from its label so it fits the box's width.
    const parts = signatureText(signature, language)
      .split('; ')
      .flatMap((part) => (/: [0-9a-f]{64}$/.test(part) ? [`${part.slice(0, -65)}`, part.slice(-64)] : [part]));
    const caption = [
      `${labels.signedBy} ${receiver.name}`,
      ...parts,
      `${labels.reference} ${settings.reference ?? shippingId}`,
    ];
    return [{ outline: drawn.outline, caption }];
  });
  const originals = documents.filter(
    (document) => document.kind === 'original' && document.mimeType === 'application/pdf',
  );
  if (signed.length === 0 || originals.length === 0) return 0;
  const fontName = (FONTS as readonly string[]).includes(settings.font) ? (settings.font as Font) : 'helvetica';
  let position = await nextDocumentPosition(trx, shippingId);
  for (const original of originals) {
    const bytes = await stampSignatures(await deps.blobs.read(original.sha256), fontName, signed);
    const stored = await deps.blobs.put(Buffer.from(bytes));
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
