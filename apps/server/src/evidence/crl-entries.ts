import { childAt, childrenOf, contentOf, encodingOf, readDer } from './der-reader.ts';

const TIME_TAGS = new Set([0x17, 0x18]);

/**
 * Whether a CRL (DER CertificateList) of the certificate's issuer lists the certificate's serial as revoked. The CRL's
 * signature is not checked here: a validator checks it from the DSS; this only keeps Sello from sealing with a
 * certificate its CA has already revoked.
 */
export function isListedIn(crl: Buffer, certificate: Buffer): boolean {
  try {
    return listsSerial(crl, certificate);
  } catch {
    // Not a DER CRL (a PEM one, say): it lists nothing Sello can read; it is embedded as it came, as before.
    return false;
  }
}

function listsSerial(crl: Buffer, certificate: Buffer): boolean {
  const tbsCertificate = childrenOf(certificate, childAt(certificate, readDer(certificate), 0));
  const offset = tbsCertificate[0]!.tag === 0xa0 ? 1 : 0;
  const serial = contentOf(certificate, tbsCertificate[offset]!);
  const issuer = encodingOf(certificate, tbsCertificate[offset + 2]!);
  const tbs = childrenOf(crl, childAt(crl, readDer(crl), 0));
  // version (optional INTEGER), signature, issuer, thisUpdate, nextUpdate (optional), revokedCertificates (optional).
  const fields = tbs[0]!.tag === 0x02 ? tbs.slice(1) : tbs;
  if (!encodingOf(crl, fields[1]!).equals(issuer)) return false;
  const rest = fields.slice(2).filter((node) => !TIME_TAGS.has(node.tag));
  const revoked = rest[0]?.tag === 0x30 ? childrenOf(crl, rest[0]) : [];
  return revoked.some((entry) => contentOf(crl, childAt(crl, entry, 0)).equals(serial));
}
