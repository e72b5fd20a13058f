import type { X509Certificate } from 'node:crypto';
import forge from 'node-forge';

/** What the lists and details show of a certificate. */
export type TCertificateInspection = {
  subject: string;
  commonName: string | null;
  issuer: string;
  issuerCommonName: string | null;
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
  keyUsage: string[];
  extendedKeyUsage: string[];
  keyAlgorithm: string;
  fingerprintSha256: string;
};

/** Key usage bits of RFC 5280 §4.2.1.3, in bit order. */
const KEY_USAGE_BITS = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
] as const;

const KEY_USAGE_OID = '2.5.29.15';

/** Extended key usages a trust-services administrator meets; any other is shown as its OID. */
const EXTENDED_KEY_USAGE_NAMES: Record<string, string> = {
  '1.3.6.1.5.5.7.3.1': 'serverAuth',
  '1.3.6.1.5.5.7.3.2': 'clientAuth',
  '1.3.6.1.5.5.7.3.3': 'codeSigning',
  '1.3.6.1.5.5.7.3.4': 'emailProtection',
  '1.3.6.1.5.5.7.3.8': 'timeStamping',
  '1.3.6.1.5.5.7.3.9': 'OCSPSigning',
  '1.3.6.1.5.5.7.3.36': 'documentSigning',
  '1.3.6.1.4.1.311.10.3.12': 'msDocumentSigning',
  '1.2.840.113583.1.1.5': 'adobeAuthenticDocumentsTrust',
  '2.5.29.37.0': 'anyExtendedKeyUsage',
};

const CURVE_NAMES: Record<string, string> = {
  prime256v1: 'P-256',
  secp384r1: 'P-384',
  secp521r1: 'P-521',
};

/**
 * Node prints a name one RDN per line, most general first, with RFC 4514 escaping. Answer it in the
 * usual order, most specific first: `CN=…, O=…, C=…`.
 */
function formatName(lines: string): string {
  return lines
    .split('\n')
    .filter((line) => line !== '')
    .reverse()
    .join(', ');
}

function commonNameOf(lines: string): string | null {
  const common = lines
    .split('\n')
    .filter((line) => line.startsWith('CN='))
    .at(-1);
  return common === undefined ? null : common.slice(3).replace(/\\(.)/g, '$1');
}

function describeKey(certificate: X509Certificate): string {
  const key = certificate.publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return `RSA ${details.modulusLength ?? ''}`.trim();
    case 'rsa-pss':
      return `RSA-PSS ${details.modulusLength ?? ''}`.trim();
    case 'ec':
      return `EC ${CURVE_NAMES[details.namedCurve ?? ''] ?? details.namedCurve ?? ''}`.trim();
    case 'ed25519':
      return 'Ed25519';
    case 'ed448':
      return 'Ed448';
    default:
      return String(key.asymmetricKeyType ?? 'unknown').toUpperCase();
  }
}

/** Reads the key usage bits from the certificate's extensions (node-forge ASN.1; Node does not expose them). */
function readKeyUsage(der: Buffer): string[] {
  try {
    const certificate = forge.asn1.fromDer(der.toString('binary'));
    const tbsFields = ((certificate.value as forge.asn1.Asn1[])[0]?.value ?? []) as forge.asn1.Asn1[];
    // Extensions are the [3] EXPLICIT field of the TBSCertificate: a SEQUENCE of Extension.
    const extensionsField = tbsFields.find(
      (field) => field.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && field.type === 3,
    );
    const extensions = ((extensionsField?.value as forge.asn1.Asn1[] | undefined)?.[0]?.value ??
      []) as forge.asn1.Asn1[];
    for (const extension of extensions) {
      const parts = extension.value as forge.asn1.Asn1[];
      if (forge.asn1.derToOid(parts[0]!.value as string) !== KEY_USAGE_OID) continue;
      // extnValue is an OCTET STRING holding a BIT STRING: 03 len unused-bits byte1 [byte2].
      const bits = parts.at(-1)!.value as string;
      if (bits.charCodeAt(0) !== 0x03) return [];
      const first = bits.charCodeAt(3) || 0;
      const second = bits.charCodeAt(4) || 0;
      return KEY_USAGE_BITS.filter((_, index) =>
        index < 8 ? (first & (0x80 >> index)) !== 0 : (second & (0x80 >> (index - 8))) !== 0,
      );
    }
    return [];
  } catch {
    return [];
  }
}

/** The fields Sello stores and shows of an X.509 certificate. */
export function inspectCertificate(certificate: X509Certificate): TCertificateInspection {
  return {
    subject: formatName(certificate.subject),
    commonName: commonNameOf(certificate.subject),
    issuer: formatName(certificate.issuer),
    issuerCommonName: commonNameOf(certificate.issuer),
    serialNumber: certificate.serialNumber.toUpperCase(),
    validFrom: certificate.validFromDate,
    validTo: certificate.validToDate,
    keyUsage: readKeyUsage(certificate.raw),
    extendedKeyUsage: (certificate.keyUsage ?? []).map((oid) => EXTENDED_KEY_USAGE_NAMES[oid] ?? oid),
    keyAlgorithm: describeKey(certificate),
    fingerprintSha256: certificate.fingerprint256,
  };
}
