import { randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { generateKeys, makeCertificate, type TTestIdentity } from './test-certificates.ts';

// A receiver's own certificate (sign method PKI), issued in the test by the test's own CA, and the signature the
// recipient page makes with its key (RSASSA-PKCS1-v1_5, SHA-256 over the signed attributes the server prepared).

const MINUTE = 60_000;

export function makeTestCa(): TTestIdentity {
  return makeCertificate({ commonName: 'Sello test citizens CA', ca: true });
}

/** A certificate for `name` (common name) and `serialNumber` (as Spanish citizen certificates carry it). */
export function issueReceiverCertificate(
  ca: TTestIdentity,
  options: { name: string; serialNumber: string; validFromMinutes?: number; validToMinutes?: number },
): TTestIdentity {
  const keys = generateKeys(2048);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = `3${randomBytes(11).toString('hex').slice(1)}`;
  certificate.validity.notBefore = new Date(Date.now() + (options.validFromMinutes ?? -60) * MINUTE);
  certificate.validity.notAfter = new Date(Date.now() + (options.validToMinutes ?? 365 * 24 * 60) * MINUTE);
  certificate.setSubject([
    { shortName: 'C', value: 'ES' },
    { name: 'serialNumber', value: options.serialNumber },
    { shortName: 'CN', value: options.name, valueTagClass: forge.asn1.Type.UTF8 },
  ] as forge.pki.CertificateField[]);
  certificate.setIssuer(ca.certificate.subject.attributes);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
  ]);
  certificate.sign(ca.keys.privateKey, forge.md.sha256.create());
  return { certificate, keys };
}

/** The certificate's DER in base64: what the page sends (the public part only). */
export function certificateBase64(identity: TTestIdentity): string {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(identity.certificate)).getBytes(), 'binary').toString(
    'base64',
  );
}

/** What the page answers for one prepared document: the signed attributes signed with the key, base64. */
export function signAttributes(identity: TTestIdentity, signedAttributes: string): string {
  const digest = forge.md.sha256.create();
  digest.update(Buffer.from(signedAttributes, 'base64').toString('binary'));
  return Buffer.from(identity.keys.privateKey.sign(digest), 'binary').toString('base64');
}

/** A PKCS#12 file (key and certificate chain) protected by `password`, as the receiver would hold it. */
export function receiverPkcs12(identity: TTestIdentity, ca: TTestIdentity, password: string): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(identity.keys.privateKey, [identity.certificate, ca.certificate], password, {
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
