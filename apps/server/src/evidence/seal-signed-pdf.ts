import { Signer, SignPdf } from '@signpdf/signpdf';
import { signCms, type TCmsSigner, type TStamp } from './cms-signature.ts';
import { addLongTermData, recordingTokens } from './document-timestamp.ts';
import { appendSignatureField } from './pdf-increment.ts';
import type { TSeal } from './seal.ts';
import type { TTimestamper } from './timestamps.ts';
import { collectValidationData, type TValidationData } from './validation-data.ts';

// A second PAdES signature on a PDF that is signed already: the field, its signature dictionary and the form
// that lists it go in an incremental update, so every byte the earlier signature covers stays as it was.

const signpdf = new SignPdf();
/** Room for a signature time-stamp token, as in sign-pdf.ts. */
const TIMESTAMP_ROOM = 16_384;

class CmsSigner extends Signer {
  private readonly signer: TCmsSigner;
  private readonly stamp: TStamp;

  constructor(signer: TCmsSigner, stamp: TStamp) {
    super();
    this.signer = signer;
    this.stamp = stamp;
  }

  override async sign(content: Buffer): Promise<Buffer> {
    return signCms({ content, signer: this.signer, stamp: this.stamp });
  }
}

/** A PDF text string in UTF-16BE, so names with accents read right. */
function pdfText(value: string): string {
  return `<FEFF${Buffer.from(value, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

/** `D:20261207031502Z`, the PDF date of `date` in UTC. */
function pdfDate(date: Date): string {
  return `(D:${date.toISOString().slice(0, 19).replace(/[-:T]/g, '')}Z)`;
}

/**
 * Signs an already signed PDF again, with the provider's seal (time-stamped by `stamp`), then adds the seal's
 * chain and CRLs, `extra` validation data (the earlier signer's chain) and the TSA's, in a DSS after it (PAdES B-LT),
 * and a document time-stamp over the whole (B-LTA).
 */
export async function sealSignedPdf(
  pdf: Buffer,
  seal: TSeal,
  options: { providerName: string; reason: string; signingTime: Date; stamp: TTimestamper; extra: TValidationData },
): Promise<Buffer> {
  const recording = recordingTokens(options.stamp);
  const signatureLength =
    4_096 + TIMESTAMP_ROOM + seal.chain.reduce((total, certificate) => total + certificate.raw.length, 0);
  const prepared = appendSignatureField(pdf, {
    entries:
      '/Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ' +
      `/Reason ${pdfText(options.reason)} /M ${pdfDate(options.signingTime)} /Name ${pdfText(options.providerName)} ` +
      '/Prop_Build << /App << /Name /Sello >> >>',
    contentsBytes: signatureLength,
    name: 'Seal',
  });
  const signed = await signpdf.sign(
    prepared,
    new CmsSigner(
      { leaf: seal.leaf.raw, chain: seal.chain.map((certificate) => certificate.raw), privateKey: seal.privateKey },
      recording.stamp,
    ),
    options.signingTime,
  );
  const sealData = await collectValidationData(seal, options.signingTime);
  return addLongTermData(signed, {
    stamp: options.stamp,
    data: {
      certificates: [...sealData.certificates, ...options.extra.certificates],
      crls: [...sealData.crls, ...options.extra.crls],
      ocsps: [...sealData.ocsps, ...options.extra.ocsps],
    },
    tokens: recording.tokens,
    now: options.signingTime,
  });
}
