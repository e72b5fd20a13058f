import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SignPdf } from '@signpdf/signpdf';
import type { PDFDocument } from 'pdf-lib';
import { signDetachedCms } from './cms-signature.ts';
import type { TSeal } from './seal.ts';

/** PAdES baseline B: the CMS carries the seal's certificate chain and an ESS signing-certificate-v2. */
const SUBFILTER_ETSI_CADES_DETACHED = 'ETSI.CAdES.detached';

// Named exports: the default export of this CommonJS package is not the signer under plain Node.
const signpdf = new SignPdf();

class SealSigner extends Signer {
  private readonly seal: TSeal;

  constructor(seal: TSeal) {
    super();
    this.seal = seal;
  }

  override async sign(content: Buffer): Promise<Buffer> {
    return signDetachedCms(content, this.seal);
  }
}

/** Adds an invisible signature field to the document and signs it with the provider's seal. */
export async function sealPdf(
  pdf: PDFDocument,
  seal: TSeal,
  options: { providerName: string; reason: string; signingTime: Date },
): Promise<Buffer> {
  // The chain's certificates, plus 4 KiB for the attributes, the signature value (up to RSA-16384) and framing.
  const signatureLength = 4_096 + seal.chain.reduce((total, certificate) => total + certificate.raw.length, 0);
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: options.reason,
    contactInfo: '',
    name: options.providerName,
    location: '',
    signingTime: options.signingTime,
    signatureLength,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Sello',
  });
  // The placeholder is found by text search, which compressed object streams would hide.
  const unsigned = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return signpdf.sign(unsigned, new SealSigner(seal), options.signingTime);
}
