import { Signer, SignPdf } from '@signpdf/signpdf';
import { signCms, type TCmsSigner, type TStamp } from './cms-signature.ts';
import { appendIncrement, setKey } from './pdf-increment.ts';
import type { TSeal } from './seal.ts';
import { addDss, collectValidationData, type TValidationData } from './validation-data.ts';

// A second PAdES signature on a PDF that is signed already: the field, its signature dictionary and the form
// that lists it go in an incremental update, so every byte the earlier signature covers stays as it was.

const signpdf = new SignPdf();
const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 /********** /********** /**********]';
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

/** The newest body of object `number` (its last definition in the file). */
function objectBody(text: string, number: number): string {
  const matches = [...text.matchAll(new RegExp(`(?:^|[\\r\\n])${number} 0 obj\\s*`, 'g'))];
  const last = matches.at(-1);
  if (!last) throw new Error(`object ${number} not found`);
  const start = last.index! + last[0].length;
  return text.slice(start, text.indexOf('endobj', start)).trim();
}

/** The signature fields the signed PDF's form lists already, as `n 0 R` references. */
function existingFields(text: string, catalog: string): string[] {
  const acroForm = /\/AcroForm\s+(\d+)\s+0\s+R/.exec(catalog);
  if (!acroForm) return [];
  const fields = /\/Fields\s*\[([^\]]*)\]/.exec(objectBody(text, Number(acroForm[1])));
  return fields ? [...fields[1]!.matchAll(/\d+\s+\d+\s+R/g)].map((match) => match[0]) : [];
}

/**
 * Signs an already signed PDF again, with the provider's seal (time-stamped by `stamp`), then adds the seal's
 * chain and CRLs, and `extra` validation data (the earlier signer's chain), in a DSS after it (PAdES B-LT).
 */
export async function sealSignedPdf(
  pdf: Buffer,
  seal: TSeal,
  options: { providerName: string; reason: string; signingTime: Date; stamp: TStamp; extra: TValidationData },
): Promise<Buffer> {
  const text = pdf.toString('latin1');
  const signatureLength =
    4_096 + TIMESTAMP_ROOM + seal.chain.reduce((total, certificate) => total + certificate.raw.length, 0);
  const root = [...text.matchAll(/\/Root\s+(\d+)\s+0\s+R/g)].at(-1);
  if (!root) throw new Error('the PDF has no /Root');
  const fields = existingFields(text, objectBody(text, Number(root[1])));
  const prepared = appendIncrement(pdf, (first) => {
    const [signature, field, form] = [first, first + 1, first + 2];
    return {
      objects: [
        {
          body:
            `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ${BYTE_RANGE_PLACEHOLDER} ` +
            `/Contents <${'0'.repeat(signatureLength * 2)}> /Reason ${pdfText(options.reason)} ` +
            `/M ${pdfDate(options.signingTime)} /Name ${pdfText(options.providerName)} ` +
            '/Prop_Build << /App << /Name /Sello >> >> >>',
        },
        {
          body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Seal) /F 132 /Rect [0 0 0 0] /V ${signature} 0 R >>`,
        },
        { body: `<< /Type /AcroForm /SigFlags 3 /Fields [${[...fields, `${field} 0 R`].join(' ')}] >>` },
      ],
      catalog: (current) => setKey(current, 'AcroForm', `${form} 0 R`),
    };
  });
  const signed = await signpdf.sign(
    prepared,
    new CmsSigner(
      { leaf: seal.leaf.raw, chain: seal.chain.map((certificate) => certificate.raw), privateKey: seal.privateKey },
      options.stamp,
    ),
    options.signingTime,
  );
  const sealData = await collectValidationData(seal, options.signingTime);
  return addDss(signed, {
    certificates: [...sealData.certificates, ...options.extra.certificates],
    crls: [...sealData.crls, ...options.extra.crls],
  });
}
