import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SignPdf } from '@signpdf/signpdf';
import type { PDFDocument } from 'pdf-lib';
import { signCms, type TStamp } from './cms-signature.ts';
import { addLongTermData, recordingTokens } from './document-timestamp.ts';
import type { TSeal } from './seal.ts';
import type { TTimestamper } from './timestamps.ts';
import { collectValidationData } from './validation-data.ts';

/**
 * PAdES baseline B-LTA (ETSI EN 319 142-1): the CMS carries the seal's certificate chain, an ESS
 * signing-certificate-v2 and a signature time-stamp from the TSA; the DSS the seal's and the TSA's chains and CRLs;
 * a document time-stamp covers the whole. Every PAdES signature Sello makes is built here.
 */
const SUBFILTER_ETSI_CADES_DETACHED = 'ETSI.CAdES.detached';

// Named exports: the default export of this CommonJS package is not the signer under plain Node.
const signpdf = new SignPdf();

class SealSigner extends Signer {
  private readonly seal: TSeal;
  private readonly stamp: TStamp;

  constructor(seal: TSeal, stamp: TStamp) {
    super();
    this.seal = seal;
    this.stamp = stamp;
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const { leaf, chain, privateKey } = this.seal;
    const signer = { leaf: leaf.raw, chain: chain.map((certificate) => certificate.raw), privateKey };
    return signCms({ content, signer, stamp: this.stamp });
  }
}

/** Room for a signature time-stamp token: its TSTInfo, signature and the TSA's certificates. */
const TIMESTAMP_ROOM = 16_384;

/**
 * Adds an invisible signature field to the document and signs it with the provider's seal, time-stamped by `stamp`
 * (which throws when the TSA does not answer: no signature is made without its time-stamp).
 */
export async function sealPdf(
  pdf: PDFDocument,
  seal: TSeal,
  options: {
    providerName: string;
    reason: string;
    signingTime: Date;
    stamp: TTimestamper;
    /** False when another signature follows at once (that one ends the file with the document time-stamp). */
    documentTimestamp?: boolean;
  },
): Promise<Buffer> {
  const recording = recordingTokens(options.stamp);
  // The chain's certificates, plus 4 KiB for the attributes, the signature value (up to RSA-16384) and framing.
  // The placeholder is that many hex digits: an odd count would lose the last digit of the signature (byte range off by one).
  const room = 4_096 + TIMESTAMP_ROOM + seal.chain.reduce((total, certificate) => total + certificate.raw.length, 0);
  const signatureLength = room + (room % 2);
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
  const signed = await signpdf.sign(unsigned, new SealSigner(seal, recording.stamp), options.signingTime);
  // The chains and their revocation data in the DSS, after the signature (an incremental update it does not cover).
  return addLongTermData(signed, {
    stamp: options.stamp,
    data: await collectValidationData(seal, options.signingTime),
    tokens: recording.tokens,
    now: options.signingTime,
    documentTimestamp: options.documentTimestamp ?? true,
  });
}
