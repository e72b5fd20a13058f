import { createHash, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { fromDer } from '../evidence/cms-signature.ts';
import { ApiError } from '../platform/api-error.ts';

// The receiver's own certificate (sign method PKI): read from what the page sends, and checked against the
// receiver the shipping names before anything is prepared for it.

const OID_COMMON_NAME = '2.5.4.3';
const OID_SERIAL_NUMBER = '2.5.4.5';

export type TReceiverCertificate = {
  x509: X509Certificate;
  der: Buffer;
  commonName: string;
  subjectSerial: string | null;
  /** As the evidence records it: `CN=…, serialNumber=…`. */
  subject: string;
  serial: string;
  sha256: string;
};

function unreadable(cause?: unknown): ApiError {
  return Object.assign(new ApiError(400, 'ERR_PKI_CERTIFICATE_UNREADABLE'), { cause });
}

/** The text of a DirectoryString as its type encodes it. */
function textOf(value: forge.asn1.Asn1): string {
  const bytes = Buffer.from(value.value as string, 'binary');
  if (value.type === forge.asn1.Type.UTF8) return bytes.toString('utf8');
  if (value.type === forge.asn1.Type.BMPSTRING) return Buffer.from(bytes).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

/** The subject's attributes by OID (the last value of each), read from the DER itself. */
function subjectAttributes(der: Buffer): Map<string, string> {
  const tbs = (fromDer(der).value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version, serialNumber, signature, issuer, validity, subject, …
  const offset = tbs[0]!.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const attributes = new Map<string, string>();
  for (const rdn of tbs[offset + 4]!.value as forge.asn1.Asn1[]) {
    for (const pair of rdn.value as forge.asn1.Asn1[]) {
      const [type, value] = pair.value as [forge.asn1.Asn1, forge.asn1.Asn1];
      attributes.set(forge.asn1.derToOid(type.value as string), textOf(value));
    }
  }
  return attributes;
}

/** The certificate the page sent (DER in base64, or PEM), its public part only; 400 when it is none. */
export function readReceiverCertificate(text: string): TReceiverCertificate {
  const base64 = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  try {
    const der = Buffer.from(base64, 'base64');
    const x509 = new X509Certificate(der);
    // The page signs with RSASSA-PKCS1-v1_5: an RSA key is what it can use.
    if (x509.publicKey.asymmetricKeyType !== 'rsa') throw new Error('not an RSA certificate');
    const attributes = subjectAttributes(der);
    const commonName = attributes.get(OID_COMMON_NAME);
    if (!commonName) throw new Error('the certificate names nobody');
    return {
      x509,
      der,
      commonName,
      subjectSerial: attributes.get(OID_SERIAL_NUMBER) ?? null,
      subject: x509.subject.split('\n').join(', '),
      serial: x509.serialNumber.toUpperCase(),
      sha256: createHash('sha256').update(der).digest('hex'),
    };
  } catch (error) {
    throw unreadable(error);
  }
}

/** `ANA MARÍA  López-Pérez` → `ana maria lopez perez`'s words: case, accents, punctuation and spaces aside. */
export function nameWords(value: string): string[] {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** `IDCES-12.345.678-z` → `12345678Z`: an ETSI semantics prefix (EN 319 412-1), punctuation and case aside. */
export function documentKey(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/^(IDC|PAS|PNO|TIN)[A-Z]{2}-/, '')
    .replace(/[^0-9A-Z]/g, '');
}

/**
 * Refuses a certificate that is not valid at `now` or is not the receiver's: its common name must hold the
 * receiver's name (the same words in any order: `GARCÍA LÓPEZ JUAN - 12345678Z` is Juan García López; a word that
 * is the document number is set aside), and its serialNumber the receiver's document number.
 */
export function assertReceiverCertificate(
  certificate: TReceiverCertificate,
  receiver: { name: string; documentNumber: string },
  now: Date,
): void {
  if (now.getTime() < certificate.x509.validFromDate.getTime()) {
    throw new ApiError(400, 'ERR_PKI_CERTIFICATE_NOT_YET_VALID');
  }
  if (now.getTime() > certificate.x509.validToDate.getTime()) throw new ApiError(400, 'ERR_PKI_CERTIFICATE_EXPIRED');
  const document = documentKey(receiver.documentNumber);
  const certified = nameWords(certificate.commonName).filter((word) => documentKey(word) !== document);
  const named = nameWords(receiver.name);
  const sameName = certified.length === named.length && [...certified].sort().join(' ') === [...named].sort().join(' ');
  const sameDocument = certificate.subjectSerial !== null && documentKey(certificate.subjectSerial) === document;
  if (!sameName || !sameDocument) throw new ApiError(400, 'ERR_PKI_CERTIFICATE_MISMATCH');
}
