import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { der, fromDer, OID } from './cms-signature.ts';
import { readTstInfo, type TTstInfo } from './timestamp-authority.ts';
import { certificatesOfCms } from './validation-data.ts';

const { asn1 } = forge;
const { Class, Type } = asn1;
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

const children = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];
const bytesOf = (node: forge.asn1.Asn1) => Buffer.from(node.value as string, 'binary');

/** The certificate that signed a time-stamp token: the one of its certificates for time-stamping, else the first. */
export function tsaCertificateOf(certificates: Buffer[]): X509Certificate | null {
  const parsed = certificates.map((certificate) => new X509Certificate(certificate));
  return parsed.find((certificate) => certificate.keyUsage?.includes(TIME_STAMPING)) ?? parsed[0] ?? null;
}

export type TTokenCheck = { valid: boolean; info: TTstInfo | null; problem: string | null };

/**
 * Checks an RFC 3161 token on its own: its imprint is `digest`, its message-digest attribute is the hash of its
 * TSTInfo, and its signature verifies with the key of the TSA certificate it carries (whether that TSA is trusted is
 * the verifier's own call: `openssl ts -verify` with its CA, for instance).
 */
export function checkTimestampToken(token: Buffer, digest: Buffer): TTokenCheck {
  try {
    const info = readTstInfo(token);
    if (!info.digest.equals(digest)) return { valid: false, info, problem: 'imprint' };
    const signedData = children(children(children(fromDer(token))[1]!)[0]!);
    const encapsulated = children(signedData[2]!);
    const tstInfo = bytesOf(children(encapsulated[1]!)[0]!);
    const certificates = certificatesOfCms(token);
    const signerInfo = children(children(signedData.at(-1)!)[0]!);
    const signed = signerInfo.find((node) => node.tagClass === Class.CONTEXT_SPECIFIC && node.type === 0);
    const signature = signerInfo.findLast(
      (node) => node.tagClass === Class.UNIVERSAL && node.type === Type.OCTETSTRING,
    );
    const signer = tsaCertificateOf(certificates);
    if (!signed || !signature || !signer) return { valid: false, info, problem: 'structure' };
    const messageDigest = children(signed).find((attribute) => {
      return asn1.derToOid(children(attribute)[0]!.value as string) === OID.messageDigest;
    });
    const stated = messageDigest ? bytesOf(children(children(messageDigest)[1]!)[0]!) : null;
    if (!stated?.equals(createHash('sha256').update(tstInfo).digest())) {
      return { valid: false, info, problem: 'messageDigest' };
    }
    // The signature covers the signed attributes DER-encoded as a SET, not as the [0] they are stored in.
    const attributes = der(signed);
    attributes[0] = 0x31;
    const key = createPublicKey(signer.publicKey.export({ format: 'pem', type: 'spki' }));
    const ok = verify('sha256', attributes, key, bytesOf(signature));
    return ok ? { valid: true, info, problem: null } : { valid: false, info, problem: 'signature' };
  } catch {
    return { valid: false, info: null, problem: 'structure' };
  }
}

export type TDocumentTimestamp = { token: Buffer; info: TTstInfo; tsaExpiresAt: Date | null; coveredBytes: number };

/**
 * The document time-stamps of a PDF (signature dictionaries of SubFilter ETSI.RFC3161), oldest first: each token,
 * what it says, when its TSA's certificate ends and how many bytes of the file it covers.
 */
export function readDocumentTimestamps(pdf: Buffer): TDocumentTimestamp[] {
  const text = pdf.toString('latin1');
  const found: TDocumentTimestamp[] = [];
  for (const object of text.matchAll(/\d+\s+\d+\s+obj\b([\s\S]*?)endobj/g)) {
    const body = object[1]!;
    if (!/\/SubFilter\s*\/ETSI\.RFC3161/.test(body)) continue;
    const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(body);
    if (!range) continue;
    const [, start, first, second, length] = range.map(Number) as [number, number, number, number, number];
    const hex = text.slice(start + first + 1, second - 1);
    const bytes = Buffer.from(hex, 'hex');
    // The placeholder is padded with zeros after the token: keep the length its outer SEQUENCE states.
    const size = bytes[1]! & 0x7f;
    const header = bytes[1]! < 0x80 ? 2 : 2 + size;
    const token = bytes.subarray(0, header + (bytes[1]! < 0x80 ? bytes[1]! : bytes.readUIntBE(2, size)));
    const certificates = certificatesOfCms(token);
    const tsa = tsaCertificateOf(certificates);
    found.push({
      token,
      info: readTstInfo(token),
      tsaExpiresAt: tsa ? new Date(tsa.validTo) : null,
      coveredBytes: second + length,
    });
  }
  return found.sort((a, b) => a.coveredBytes - b.coveredBytes);
}
