import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SignPdf } from '@signpdf/signpdf';
import type { PDFDocument } from 'pdf-lib';

// A PAdES signature made in two steps, for a signer whose key is elsewhere (the receiver's browser): the PDF is
// prepared with an empty signature whose byte ranges are fixed, and the CMS is written into it later.

const signpdf = new SignPdf();
/** Room for a signature time-stamp token, as in sign-pdf.ts. */
const TIMESTAMP_ROOM = 16_384;

/** Keeps what the byte ranges cover and signs nothing: the Contents stay zeros until `embedSignature`. */
class CapturingSigner extends Signer {
  content: Buffer | null = null;

  override async sign(content: Buffer): Promise<Buffer> {
    this.content = content;
    return Buffer.alloc(0);
  }
}

/**
 * The document with an invisible signature field whose Contents wait (zeros) for a CMS of the signer's
 * certificates plus a time-stamp, and the bytes its byte ranges cover (what the signature's message digest is of).
 */
export async function preparePdfSignature(
  pdf: PDFDocument,
  options: { name: string; reason: string; signingTime: Date; certificates: readonly Buffer[] },
): Promise<{ prepared: Buffer; content: Buffer }> {
  const room = 4_096 + TIMESTAMP_ROOM + options.certificates.reduce((total, der) => total + der.length, 0);
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: options.reason,
    contactInfo: '',
    name: options.name,
    location: '',
    signingTime: options.signingTime,
    signatureLength: room + (room % 2),
    subFilter: 'ETSI.CAdES.detached',
    appName: 'Sello',
  });
  const unsigned = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const signer = new CapturingSigner();
  const prepared = await signpdf.sign(unsigned, signer, options.signingTime);
  if (!signer.content) throw new Error('the PDF was prepared without its byte ranges');
  return { prepared, content: signer.content };
}

/** Writes the CMS into the Contents a prepared PDF keeps for it (the byte ranges, and so the digest, unchanged). */
export function embedSignature(prepared: Buffer, cms: Buffer): Buffer {
  const ranges = [...prepared.toString('latin1').matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  if (!ranges) throw new Error('the prepared PDF has no byte ranges');
  const [start, end] = [Number(ranges[1]), Number(ranges[2])];
  const hex = cms.toString('hex');
  if (hex.length > end - start - 2) throw new Error('the signature does not fit the room prepared for it');
  const signed = Buffer.from(prepared);
  signed.write(hex, start + 1, 'latin1');
  return signed;
}
