import { evidenceGroupOf } from '@sello/contracts/evidence-groups';
import { SERVICE_NAMES } from '@sello/contracts/reference/services';
import {
  CHANNEL_NAMES,
  DOCUMENT_KIND_NAMES,
  eventLabel,
  formatDateTimeIn,
  LETTER_STATUS_NAMES,
  labelOf,
  receiverStatusLabel,
  resultLabel,
  SITUATION_CODE_NAMES,
  STATE_NAMES,
} from '@sello/contracts/reference/status-labels';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { drawableText, embedTextFonts, textWidth } from '../platform/pdf-fonts.ts';
import type { TChainEvent } from '../shippings/event-chain.ts';
import { labelsFor } from './certificate-labels.ts';
import { signatureLine, type TCertificateSignature } from './certificate-signatures.ts';
import { formatInstant } from './certificate-time.ts';
import { createStructure, type TStructureRole } from './tagged-pdf.ts';
import { drawQrCode } from './verification-qr.ts';

export type TCertificateContent = {
  /** The certificate, or the non-report of a shipping that did not reach its recipient. */
  report?: 'certificate' | 'nonReport';
  providerName: string;
  issuedAt: Date;
  language: string;
  shipping: {
    requestId: string;
    guid: string;
    reference: string | null;
    subject: string;
    service: string;
    channel: string;
    state: string;
    result: string | null;
    /** Why it did not end as asked (spec §4 situation code and reason), when it has one. */
    situationCode?: string | null;
    situationReason?: string | null;
    isSandbox: boolean;
  };
  sender: { name: string; username: string; company: string; companyTaxId: string };
  receivers: {
    position: number;
    name: string;
    document: string | null;
    contact: string;
    status: string;
    /** The letters of a postal shipping: where each went, the courier's reference and the delivery date. */
    letters: TCertificateLetter[];
    /** How the receiver signed (method, factor, time), as its acceptance event recorded it. */
    signatures?: TCertificateSignature[];
  }[];
  /** The values the sender gave to the type's form, under each control's label. */
  formValues: { label: string; value: string }[];
  documents: { fileRequest: number; kind: string; name: string; sizeBytes: number; sha256: string }[];
  events: {
    seq: number;
    at: string;
    actor: string;
    action: string;
    toState: string;
    toResult: string | null;
    hash: string;
  }[];
  chainHead: { seq: number; hash: string };
  /** How anyone checks the document: the seal, the TSA, and the code (and its QR) of the public verification page. */
  verification?: TCertificateVerification;
};

export type TCertificateVerification = {
  code: string;
  url: string;
  sealSubject: string;
  sealFingerprint: string;
  /** The time-stamping authority, by name (the host of TSA_URL), or null for the demo TSA. */
  tsa: string | null;
};

export type TCertificateLetter = {
  addressLines: string[];
  reference: string;
  status: string;
  courierRef: string | null;
  /** The day the courier delivered (or failed to), as the courier reported it (YYYY-MM-DD). */
  resultDate: string | null;
};

/** The chain's events as the certificate lists them, each actor as `describe` names it. */
export function certificateEvents(
  events: readonly (TChainEvent & { hash: string })[],
  describe: (event: TChainEvent) => string = (event) => event.actor,
): TCertificateContent['events'] {
  return events.map((event) => ({
    seq: event.seq,
    at: event.at,
    actor: describe(event),
    action: event.action,
    toState: event.to.state,
    toResult: event.to.result,
    hash: event.hash,
  }));
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);

/** One line of text: what the font cannot draw becomes `?`, so a name in any script never breaks the PDF. */
function drawable(font: PDFFont, text: string): string {
  return drawableText(font, text.replace(/[\r\n\t]+/g, ' '))
    .slice(0, 2000)
    .trim();
}

/** Lays text out top-down, wrapping at the margin and starting a new page when the page is full. */
function createWriter(pdf: PDFDocument, regular: PDFFont, bold: PDFFont) {
  const structure = createStructure(pdf);
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;

  function wrap(text: string, font: PDFFont, size: number, indent: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(' ')) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (textWidth(font, candidate, size) <= width - indent) {
        current = candidate;
        continue;
      }
      if (current !== '') lines.push(current);
      current = word;
      // A word longer than the line (a hash, a long address) is cut where it no longer fits.
      while (textWidth(font, current, size) > width - indent) {
        let cut = current.length - 1;
        while (cut > 1 && textWidth(font, current.slice(0, cut), size) > width - indent) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
    if (current !== '') lines.push(current);
    return lines;
  }

  function makeRoom(height: number) {
    if (y - height < PAGE.margin) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  }

  function write(
    text: string,
    options: { size?: number; bold?: boolean; muted?: boolean; indent?: number; role?: TStructureRole } = {},
  ) {
    const size = options.size ?? 9;
    const font = options.bold ? bold : regular;
    const indent = options.indent ?? 0;
    const role = options.role ?? (size >= 16 ? 'H1' : options.bold && size >= 11 ? 'H2' : 'P');
    for (const line of wrap(drawable(font, text), font, size, indent)) {
      makeRoom(size);
      y -= size * 1.35;
      const at = y;
      structure.tag(page, role, () =>
        page.drawText(line, { x: PAGE.margin + indent, y: at, size, font, color: options.muted ? MUTED : INK }),
      );
    }
  }

  /** A figure `height` points tall at the margin, drawn by `draw` from its top-left corner, with its alternative text. */
  function figure(height: number, alt: string, draw: (page: PDFPage, x: number, top: number) => void) {
    // A QR code needs a quiet zone of four modules around it: 12 points clear of the text above.
    makeRoom(height + 12);
    const top = y - 12;
    const current = page;
    structure.tag(current, 'Figure', () => draw(current, PAGE.margin, top), alt);
    y = top - height;
  }

  const gap = (points = 6) => {
    y -= points;
  };
  return { write, gap, figure, finish: structure.finish };
}

/** A day as the courier reported it (YYYY-MM-DD), written in the certificate's language. */
function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return formatDateTimeIn(date, language, 'UTC').replace(/,?\s*\d{1,2}:\d{2}.*$/, '');
}

/**
 * The certificate, unsigned: the facts of the shipping in the sender's language (codes in words, times
 * in the sender's time zone with UTC beside), its documents' hashes and its events.
 */
export async function buildCertificatePdf(content: TCertificateContent): Promise<PDFDocument> {
  const language = content.language;
  const labels = labelsFor(language);
  const nonReport = content.report === 'nonReport';
  const title = nonReport ? labels.nonReportTitle : labels.title;
  const pdf = await PDFDocument.create();
  const { regular, bold } = await embedTextFonts(pdf);
  pdf.setTitle(`${title} ${content.shipping.requestId}`, { showInWindowTitleBar: true });
  pdf.setAuthor(content.providerName);
  pdf.setProducer('Sello');
  pdf.setCreationDate(content.issuedAt);
  pdf.setModificationDate(content.issuedAt);
  pdf.setLanguage(language);

  const { write, gap, figure, finish } = createWriter(pdf, regular, bold);
  const field = (label: string, value: string | null, indent = 0) =>
    write(`${label}: ${value === null || value === '' ? '-' : value}`, { indent });
  const when = (value: Date | string) =>
    `${formatDateTimeIn(value, language)} (${formatDateTimeIn(value, language, 'UTC')})`;
  const { shipping, sender } = content;

  write(title, { size: 16, bold: true });
  write(nonReport ? labels.nonReportIntro : labels.intro, { muted: true });
  gap();
  field(labels.provider, content.providerName);
  field(labels.issuedAt, when(content.issuedAt));
  field(labels.shipping, `${shipping.requestId} (${shipping.guid})${shipping.isSandbox ? ` [${labels.sandbox}]` : ''}`);
  field(labels.reference, shipping.reference);
  field(labels.subject, shipping.subject);
  field(labels.service, labelOf(SERVICE_NAMES, shipping.service, language));
  field(labels.channel, labelOf(CHANNEL_NAMES, shipping.channel, language));
  field(labels.state, labelOf(STATE_NAMES, shipping.state, language));
  field(labels.result, resultLabel(shipping.result, shipping.service, language) || null);
  if (shipping.situationCode) field(labels.situation, labelOf(SITUATION_CODE_NAMES, shipping.situationCode, language));
  gap();
  field(labels.sender, `${sender.name} (${sender.username})`);
  field(labels.company, `${sender.company} (${sender.companyTaxId})`);
  gap();
  write(labels.receivers, { size: 11, bold: true });
  for (const receiver of content.receivers) {
    const status = receiverStatusLabel(receiver.status, shipping.service, language);
    write(
      `${receiver.position}. ${receiver.name}${receiver.document ? ` - ${receiver.document}` : ''} - ${receiver.contact} - ${status}`,
      { indent: 8 },
    );
    for (const signature of receiver.signatures ?? []) write(signatureLine(signature, language), { indent: 20 });
    for (const letter of receiver.letters) {
      field(labels.postalAddress, letter.addressLines.join(', '), 20);
      field(labels.letterReference, letter.reference, 20);
      field(labels.letterStatus, labelOf(LETTER_STATUS_NAMES, letter.status, language), 20);
      field(labels.courierReference, letter.courierRef, 20);
      field(labels.deliveredOn, letter.resultDate ? formatDay(letter.resultDate, language) : null, 20);
    }
  }
  gap();
  if (content.formValues.length > 0) {
    write(labels.formData, { size: 11, bold: true });
    for (const entry of content.formValues) write(`${entry.label}: ${entry.value}`, { indent: 8 });
    gap();
  }
  write(labels.documents, { size: 11, bold: true });
  for (const document of content.documents) {
    const kind = labelOf(DOCUMENT_KIND_NAMES, document.kind, language);
    write(`${document.fileRequest}. [${kind}] ${document.name} (${document.sizeBytes} B)`, { indent: 8 });
    write(document.sha256, { indent: 20, size: 8, muted: true });
  }
  gap();
  write(labels.events, { size: 11, bold: true });
  write(labels.timeZoneNote, { muted: true });
  for (const event of content.events) {
    const { group, etsiEvent } = evidenceGroupOf(event.action);
    const state = labelOf(STATE_NAMES, event.toState, language);
    const outcome = `${state}${event.toResult ? ` / ${resultLabel(event.toResult, shipping.service, language)}` : ''}`;
    const actor = event.actor === 'system' ? labels.system : event.actor;
    const action = eventLabel(event.action, shipping.service, language);
    write(
      `${event.seq}. ${formatInstant(event.at)} - ${action} - ${labels.groups[group]}${etsiEvent ? ` (${etsiEvent})` : ''} - ${outcome} - ${actor}`,
      { indent: 8 },
    );
    write(event.hash, { indent: 20, size: 8, muted: true });
  }
  gap();
  write(`${labels.chainHead} (${content.chainHead.seq}):`, { bold: true });
  write(content.chainHead.hash, { size: 8 });
  write(labels.chainNote, { muted: true });
  if (content.verification) {
    gap(12);
    const { verification } = content;
    write(labels.verifyTitle, { size: 11, bold: true });
    write(labels.verifyIntro, { muted: true });
    field(labels.sealCertificate, verification.sealSubject);
    field(labels.sealFingerprint, verification.sealFingerprint);
    const tsa = verification.tsa ?? labels.demoTsa;
    field(
      labels.timestamp,
      labels.timestampText.replace('{tsa}', tsa).replace('{time}', formatInstant(content.issuedAt)),
    );
    field(labels.verificationCode, verification.code);
    field(labels.verificationPage, verification.url);
    figure(96, labels.qrAlt, (page, x, top) => drawQrCode(page, verification.url, { x, top, size: 96 }));
  }
  finish();
  return pdf;
}
