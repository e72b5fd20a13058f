import { randomBytes } from 'node:crypto';
import forge from 'node-forge';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TTestIdentity = { certificate: forge.pki.Certificate; keys: forge.pki.rsa.KeyPair };

/** RSA keys for tests: 1024 bits is plenty to test with and quick (forge uses Node's generator). */
export function generateKeys(bits = 1024): forge.pki.rsa.KeyPair {
  return forge.pki.rsa.generateKeyPair({ bits, e: 0x10001 });
}

export type TCertificateOptions = {
  commonName: string;
  organization?: string;
  country?: string;
  keys?: forge.pki.rsa.KeyPair;
  /** Days from now; negative values lie in the past. */
  validFromDays?: number;
  validToDays?: number;
  /** Signs with this CA instead of self-signing. */
  issuer?: TTestIdentity;
  ca?: boolean;
};

/** A certificate signed with SHA-256: a seal (digitalSignature, nonRepudiation, documentSigning) or a CA. */
export function makeCertificate(options: TCertificateOptions): TTestIdentity {
  const keys = options.keys ?? generateKeys();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  // A positive serial: a leading byte below 0x80.
  certificate.serialNumber = `4${randomBytes(9).toString('hex').slice(1)}`;
  certificate.validity.notBefore = new Date(Date.now() + (options.validFromDays ?? -1) * DAY_MS);
  certificate.validity.notAfter = new Date(Date.now() + (options.validToDays ?? 365) * DAY_MS);
  const subject = [
    { shortName: 'C', value: options.country ?? 'ES' },
    { shortName: 'O', value: options.organization ?? 'Sello Demo' },
    { shortName: 'CN', value: options.commonName },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(options.issuer ? options.issuer.certificate.subject.attributes : subject);
  certificate.setExtensions(
    options.ca
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
          { name: 'extKeyUsage', emailProtection: true, '1.3.6.1.5.5.7.3.36': true },
        ],
  );
  certificate.sign(options.issuer?.keys.privateKey ?? keys.privateKey, forge.md.sha256.create());
  return { certificate, keys };
}

export function dataUrl(bytes: Buffer | string, mime = 'application/octet-stream'): string {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return `data:${mime};base64,${buffer.toString('base64')}`;
}

export function certificatePem(identity: TTestIdentity): string {
  return forge.pki.certificateToPem(identity.certificate);
}

/** The private key as unencrypted PKCS#8 PEM. */
export function privateKeyPem(identity: TTestIdentity): string {
  return forge.pki.privateKeyInfoToPem(
    forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(identity.keys.privateKey)),
  );
}

/** The private key as encrypted PKCS#8 PEM (PBES2, AES-256). */
export function encryptedPrivateKeyPem(identity: TTestIdentity, password: string): string {
  const info = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(identity.keys.privateKey));
  return forge.pki.encryptedPrivateKeyToPem(
    forge.pki.encryptPrivateKeyInfo(info, password, { algorithm: 'aes256', count: 2048 }),
  );
}

/** A PKCS#12 file with the key (or none) and the certificates, leaf first, as a data URL. */
export function pkcs12DataUrl(
  identity: TTestIdentity | null,
  certificates: forge.pki.Certificate[],
  password: string,
  friendlyName?: string,
): string {
  const asn1 = forge.pkcs12.toPkcs12Asn1(identity?.keys.privateKey ?? null, certificates, password, {
    algorithm: 'aes256',
    count: 2048,
    ...(friendlyName && { friendlyName }),
  });
  return dataUrl(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), 'application/x-pkcs12');
}

/** Serial number as Sello answers it: upper-case hex. */
export function serialOf(identity: TTestIdentity): string {
  return identity.certificate.serialNumber.toUpperCase();
}
