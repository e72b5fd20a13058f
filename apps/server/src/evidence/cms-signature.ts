import { createHash, sign } from 'node:crypto';
import forge from 'node-forge';
import type { TSeal } from './seal.ts';

const { asn1 } = forge;
const { Class, Type } = asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

const oid = (value: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(value).getBytes());
const sequence = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, items);
const octets = (bytes: Buffer) => asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (value: number) =>
  asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nullValue = () => asn1.create(Class.UNIVERSAL, Type.NULL, false, '');
const algorithm = (id: string, withNull: boolean) => sequence(withNull ? [oid(id), nullValue()] : [oid(id)]);
const attribute = (type: string, value: forge.asn1.Asn1) => sequence([oid(type), set([value])]);
const der = (value: forge.asn1.Asn1) => Buffer.from(asn1.toDer(value).getBytes(), 'binary');
const fromDer = (bytes: Buffer) => asn1.fromDer(bytes.toString('binary'));

/** The issuer Name and serial number of a certificate, exactly as its DER holds them. */
function issuerAndSerial(certificateDer: Buffer) {
  const tbs = (fromDer(certificateDer).value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version, serialNumber, signature, issuer, …
  const offset = tbs[0]!.tagClass === Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serial: tbs[offset]!, issuer: tbs[offset + 2]! };
}

/**
 * A detached CMS SignedData over `content` for PAdES baseline B (ETSI EN 319 142-1): signed attributes
 * content-type, message-digest and ESS signing-certificate-v2 naming the seal certificate; no signing
 * time attribute (PAdES puts the time in the signature dictionary instead).
 */
export function signDetachedCms(content: Buffer, seal: TSeal): Buffer {
  const leaf = seal.leaf.raw;
  const { serial, issuer } = issuerAndSerial(leaf);
  const essCertId = sequence([
    octets(createHash('sha256').update(leaf).digest()),
    // IssuerSerial: GeneralNames with the issuer as a directoryName [4], then the serial.
    sequence([sequence([asn1.create(Class.CONTEXT_SPECIFIC, 4, true, [issuer])]), serial]),
  ]);
  // DER orders a SET OF by the encodings of its elements.
  const signedAttributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(createHash('sha256').update(content).digest())),
    attribute(OID.signingCertificateV2, sequence([sequence([essCertId])])),
  ]
    .map((value) => ({ value, encoded: der(value) }))
    .sort((a, b) => Buffer.compare(a.encoded, b.encoded))
    .map(({ value }) => value);
  // The signature covers the attributes DER-encoded as a SET; in the SignerInfo they are [0] IMPLICIT.
  const signature = sign('sha256', der(set(signedAttributes)), seal.privateKey);
  const isEc = seal.privateKey.asymmetricKeyType === 'ec';
  const signerInfo = sequence([
    integer(1),
    sequence([issuer, serial]),
    algorithm(OID.sha256, true),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
    isEc ? algorithm(OID.ecdsaWithSha256, false) : algorithm(OID.sha256WithRsa, true),
    octets(signature),
  ]);
  const certificates = seal.chain.map((certificate) => fromDer(certificate.raw));
  const signedData = sequence([
    integer(1),
    set([algorithm(OID.sha256, true)]),
    sequence([oid(OID.data)]),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, certificates),
    set([signerInfo]),
  ]);
  return der(sequence([oid(OID.signedData), asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}
