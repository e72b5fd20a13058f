import { type Language, LOCALE_BY_LANGUAGE } from '@sello/contracts/constants';
import { DEFAULT_TIME_ZONE } from '@sello/contracts/reference/status-labels';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { drawableText, embedTextFonts, textWidth } from '../platform/pdf-fonts.ts';
import { drawCode39 } from './code39.ts';

export type TLetterAttachment = { name: string; sha256: string; mimeType: string; bytes: Buffer | null };

export type TLetterInput = {
  reference: string;
  language: Language;
  date: Date;
  providerName: string;
  senderCompany: string;
  addressLines: string[];
  subject: string;
  body: string;
  attachments: TLetterAttachment[];
};

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
const MARGIN = 20 * MM;
/**
 * DIN 5008 form B window (the common C5/C4 and DL window envelopes): 20 mm from the left, 45 mm from
 * the top, 85 × 45 mm, with the return line in its top 5 mm.
 */
const WINDOW = { left: 20 * MM, top: 45 * MM, width: 85 * MM, height: 45 * MM };

const LABELS: Record<Language, { reference: string; attached: string; notPrinted: string; page: string }> = {
  'es-es': {
    reference: 'Referencia',
    attached: 'Documentos adjuntos',
    notPrinted: 'no impreso; huella SHA-256',
    page: 'Página',
  },
  'en-en': { reference: 'Reference', attached: 'Attached documents', notPrinted: 'not printed; SHA-256', page: 'Page' },
  'pt-pt': {
    reference: 'Referência',
    attached: 'Documentos anexos',
    notPrinted: 'não impresso; SHA-256',
    page: 'Página',
  },
};

/** One line of text: what the font cannot draw becomes `?`, and a line break a space. */
function printable(font: PDFFont, text: string): string {
  return drawableText(font, text.replace(/[\r\n\t]+/g, ' '));
}

/** The text split at its own line breaks first, then wrapped to the width. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n|\r/).map((part) => printable(font, part))) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (textWidth(font, candidate, size) <= width || line === '') line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

type TCursor = { page: PDFPage; y: number };

/**
 * Renders a print-ready A4 letter: the address in the envelope window, sender, subject and body, the
 * reference with a barcode the courier scans, then the shipping's PDF documents; documents that cannot
 * be printed are listed with their SHA-256 so the receiver can check what they were sent.
 */
export async function renderLetterPdf(input: TLetterInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const { regular, bold } = await embedTextFonts(pdf);
  pdf.setTitle(printable(regular, input.subject));
  pdf.setSubject(input.reference);
  pdf.setProducer(input.providerName);
  pdf.setCreationDate(input.date);
  pdf.setModificationDate(input.date);
  const labels = LABELS[input.language];
  const contentWidth = A4.width - 2 * MARGIN;

  const first = pdf.addPage([A4.width, A4.height]);
  const text = (page: PDFPage, value: string, x: number, y: number, size: number, font = regular) =>
    page.drawText(printable(font, value), { x, y, size, font, color: rgb(0, 0, 0) });

  // Sender block, top left above the window.
  text(first, input.senderCompany, MARGIN, A4.height - 20 * MM, 11, bold);
  text(first, input.providerName, MARGIN, A4.height - 25 * MM, 8);

  // Window: return line, then the receiver's address.
  const windowTop = A4.height - WINDOW.top;
  text(first, `${input.senderCompany} · ${input.providerName}`, WINDOW.left, windowTop - 4 * MM, 6);
  let addressY = windowTop - 12 * MM;
  for (const line of input.addressLines.slice(0, 7)) {
    text(first, line, WINDOW.left, addressY, 10);
    addressY -= 4.6 * MM;
  }

  // Date and reference on the right.
  const dateText = new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[input.language], {
    dateStyle: 'long',
    timeZone: DEFAULT_TIME_ZONE,
  }).format(input.date);
  text(first, dateText, 125 * MM, windowTop - 12 * MM, 10);

  // Barcode and reference line below the window.
  const codeTop = A4.height - (WINDOW.top + WINDOW.height + 6 * MM);
  drawCode39(first, input.reference.replaceAll('-', '').toUpperCase(), {
    x: MARGIN,
    y: codeTop - 10 * MM,
    height: 10 * MM,
    width: contentWidth,
  });
  text(first, `${labels.reference}: ${input.reference}`, MARGIN, codeTop - 14 * MM, 9);

  const cursor: TCursor = { page: first, y: codeTop - 24 * MM };
  const newPageIfNeeded = (needed: number) => {
    if (cursor.y - needed >= MARGIN) return;
    cursor.page = pdf.addPage([A4.width, A4.height]);
    cursor.y = A4.height - MARGIN;
  };
  const paragraph = (value: string, size: number, font = regular) => {
    for (const line of wrap(font, size, value, contentWidth)) {
      newPageIfNeeded(size * 1.4);
      text(cursor.page, line, MARGIN, cursor.y, size, font);
      cursor.y -= size * 1.4;
    }
  };

  paragraph(input.subject, 12, bold);
  cursor.y -= 4 * MM;
  paragraph(input.body, 10);

  if (input.attachments.length > 0) {
    cursor.y -= 6 * MM;
    paragraph(labels.attached, 10, bold);
    for (const attachment of input.attachments) {
      const note = attachment.bytes ? '' : ` (${labels.notPrinted} ${attachment.sha256})`;
      paragraph(`- ${attachment.name}${note}`, 9);
    }
  }

  for (const attachment of input.attachments) {
    if (!attachment.bytes) continue;
    const source = await PDFDocument.load(attachment.bytes);
    const copied = await pdf.copyPages(source, source.getPageIndices());
    for (const page of copied) pdf.addPage(page);
  }
  // Every page carries the reference, so loose sheets of a batch can be put back together.
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const footer = `${labels.reference} ${input.reference} · ${labels.page} ${index + 1}/${pages.length}`;
    page.drawText(printable(regular, footer), { x: MARGIN, y: 8 * MM, size: 7, font: regular, color: rgb(0, 0, 0) });
  });
  return pdf.save();
}

/**
 * Whether pdf-lib can copy the pages of the bytes: encrypted, broken or page-less files cannot be
 * printed with the letter, so they are listed by their SHA-256 instead.
 */
export async function isMergeablePdf(bytes: Buffer): Promise<boolean> {
  try {
    const source = await PDFDocument.load(bytes);
    if (source.getPageCount() === 0) return false;
    await (await PDFDocument.create()).copyPages(source, source.getPageIndices());
    return true;
  } catch {
    return false;
  }
}

/** One PDF holding every letter of a batch in order: what the print room prints. */
export async function mergePdfs(files: Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const file of files) {
    const source = await PDFDocument.load(file);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return merged.save();
}
