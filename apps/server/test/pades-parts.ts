import { createHash } from 'node:crypto';
import forge from 'node-forge';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';

const { asn1 } = forge;
const SIGNATURE_TIME_STAMP = '1.2.840.113549.1.9.16.2.14';

const children = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');

/** The CMS of every signature of a PDF (the hex of each /Contents a /ByteRange leaves out), in file order. */
export function signaturesOf(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  const found: Buffer[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const gapStart = Number(match[1]) + Number(match[2]);
    const gapEnd = Number(match[3]);
    const hex = text.slice(gapStart + 1, gapEnd - 1);
    const bytes = Buffer.from(hex, 'hex');
    // The placeholder is padded with zeros after the DER: cut at the length its outer SEQUENCE states.
    const size = bytes[1]! & 0x7f;
    const length = bytes[1]! < 0x80 ? bytes[1]! : bytes.subarray(2, 2 + size).readUIntBE(0, size);
    found.push(bytes.subarray(0, (bytes[1]! < 0x80 ? 2 : 2 + size) + length));
  }
  return found;
}

/** The signer's signature value and its signature-time-stamp token (DER), if it has one. */
export function signatureTimestampOf(cms: Buffer): { signatureDigest: string; token: Buffer | null } {
  const signedData = children(children(children(asn1.fromDer(cms.toString('binary')))[1]!)[0]!);
  const signerInfo = children(children(signedData.at(-1)!)[0]!);
  const value = signerInfo.find((node, index) => index > 3 && node.type === asn1.Type.OCTETSTRING)!;
  const signatureDigest = createHash('sha256')
    .update(Buffer.from(value.value as string, 'binary'))
    .digest('hex');
  const unsigned = signerInfo.find((node) => node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === 1);
  const attribute = unsigned
    ? children(unsigned).find((item) => asn1.derToOid(children(item)[0]!.value as string) === SIGNATURE_TIME_STAMP)
    : undefined;
  return { signatureDigest, token: attribute ? der(children(children(attribute)[1]!)[0]!) : null };
}

/** The certificates, CRLs and OCSP responses of a PDF's Document Security Store, read with pdf-lib (not Sello's writer). */
export async function dssOf(pdf: Buffer): Promise<{ certificates: Buffer[]; crls: Buffer[]; ocsps: Buffer[] }> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const dss = document.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const streams = (key: string) => {
    const array = dss?.lookupMaybe(PDFName.of(key), PDFArray);
    if (!array) return [];
    return array.asArray().map((ref) => Buffer.from((document.context.lookup(ref) as PDFRawStream).getContents()));
  };
  return { certificates: streams('Certs'), crls: streams('CRLs'), ocsps: streams('OCSPs') };
}

/**
 * Every signature of a PDF with the SHA-256 (hex) of the bytes its /ByteRange covers and its /SubFilter, in file
 * order: for a document time-stamp (ETSI.RFC3161) the CMS is the token and the digest its imprint.
 */
export function signedRangesOf(pdf: Buffer): { subFilter: string; cms: Buffer; digest: string; end: number }[] {
  const text = pdf.toString('latin1');
  const cmses = signaturesOf(pdf);
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map((match, index) => {
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const objectStart = text.lastIndexOf(' obj', match.index);
    const objectEnd = text.indexOf('endobj', match.index);
    const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(text.slice(objectStart, objectEnd))?.[1] ?? '';
    const digest = createHash('sha256')
      .update(pdf.subarray(a, a + b))
      .update(pdf.subarray(c, c + d))
      .digest('hex');
    return { subFilter, cms: cmses[index]!, digest, end: c + d };
  });
}
