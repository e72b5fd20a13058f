import { createHash, type KeyObject, sign } from 'node:crypto';
import forge from 'node-forge';

const { asn1 } = forge;
const { Class, Type } = asn1;

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

/** An OID's DER content; unlike forge's, any arc size (2.25 UUID arcs are 128 bits). */
function oidContent(value: string): string {
  const arcs = value.split('.').map(BigInt);
  const bytes: number[] = [];
  for (const arc of [arcs[0]! * 40n + arcs[1]!, ...arcs.slice(2)]) {
    const groups = [Number(arc & 0x7fn)];
    for (let rest = arc >> 7n; rest > 0n; rest >>= 7n) groups.unshift(Number(rest & 0x7fn) | 0x80);
    bytes.push(...groups);
  }
  return String.fromCharCode(...bytes);
}

export const oid = (value: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, oidContent(value));
export const sequence = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
export const set = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, items);
export const octets = (bytes: Buffer) =>
  asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes.toString('binary'));
export const integer = (value: number) =>
  asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nullValue = () => asn1.create(Class.UNIVERSAL, Type.NULL, false, '');
export const algorithm = (id: string, withNull: boolean) => sequence(withNull ? [oid(id), nullValue()] : [oid(id)]);
const attribute = (type: string, value: forge.asn1.Asn1) => sequence([oid(type), set([value])]);
export const der = (value: forge.asn1.Asn1) => Buffer.from(asn1.toDer(value).getBytes(), 'binary');
export const fromDer = (bytes: Buffer) => asn1.fromDer(bytes.toString('binary'));

/** Who signs: the signing certificate, the chain carried in the CMS (leaf first), and the private key. */
export type TCmsSigner = { leaf: Buffer; chain: readonly Buffer[]; privateKey: KeyObject };

/** Answers the RFC 3161 TimeStampToken (DER ContentInfo) over a SHA-256 digest. */
export type TStamp = (digest: Buffer) => Promise<Buffer>;

/** The issuer Name and serial number of a certificate, exactly as its DER holds them. */
function issuerAndSerial(certificateDer: Buffer) {
  const tbs = (fromDer(certificateDer).value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version, serialNumber, signature, issuer, …
  const offset = tbs[0]!.tagClass === Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serial: tbs[offset]!, issuer: tbs[offset + 2]! };
}

/**
 * The signed attributes of a signature over `content` by `leaf`, DER-ordered: content-type, message-digest, ESS
 * signing-certificate-v2 naming the certificate and, with `signingTime`, the signing-time (a receiver's own
 * signature carries it: its signed data say when it was made).
 */
export function signedAttributesOf(options: {
  content: Buffer;
  leaf: Buffer;
  contentType?: string;
  signingTime?: Date;
}): forge.asn1.Asn1[] {
  const { serial, issuer } = issuerAndSerial(options.leaf);
  const essCertId = sequence([
    octets(createHash('sha256').update(options.leaf).digest()),
    // IssuerSerial: GeneralNames with the issuer as a directoryName [4], then the serial.
    sequence([sequence([asn1.create(Class.CONTEXT_SPECIFIC, 4, true, [issuer])]), serial]),
  ]);
  const attributes = [
    attribute(OID.contentType, oid(options.contentType ?? OID.data)),
    attribute(OID.messageDigest, octets(createHash('sha256').update(options.content).digest())),
    attribute(OID.signingCertificateV2, sequence([sequence([essCertId])])),
  ];
  if (options.signingTime) {
    const time = asn1.create(Class.UNIVERSAL, Type.UTCTIME, false, asn1.dateToUtcTime(options.signingTime));
    attributes.push(attribute(OID.signingTime, time));
  }
  // DER orders a SET OF by the encodings of its elements.
  return attributes
    .map((value) => ({ value, encoded: der(value) }))
    .sort((a, b) => Buffer.compare(a.encoded, b.encoded))
    .map(({ value }) => value);
}

/** What a signature value covers: the signed attributes DER-encoded as a SET (in the SignerInfo they are [0]). */
export function signedAttributesDer(signedAttributes: forge.asn1.Asn1[]): Buffer {
  return der(set(signedAttributes));
}

/**
 * The CMS SignedData around a signature value made elsewhere (by this server's key or in the receiver's browser):
 * the chain, the SignerInfo and, with `stamp`, the signature time-stamp (baseline B-T).
 */
export async function assembleCms(options: {
  signedAttributes: forge.asn1.Asn1[];
  signature: Buffer;
  leaf: Buffer;
  chain: readonly Buffer[];
  keyType: string | undefined;
  stamp?: TStamp;
  encapsulate?: { type: string; content: Buffer };
}): Promise<Buffer> {
  const { signedAttributes, signature, leaf, chain, keyType, stamp, encapsulate } = options;
  const { serial, issuer } = issuerAndSerial(leaf);
  const isEc = keyType === 'ec';
  const signerInfo = [
    integer(1),
    sequence([issuer, serial]),
    algorithm(OID.sha256, true),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
    isEc ? algorithm(OID.ecdsaWithSha256, false) : algorithm(OID.sha256WithRsa, true),
    octets(signature),
  ];
  if (stamp) {
    // The time-stamp covers the signature value's octets (RFC 3161 appendix A).
    const token = await stamp(createHash('sha256').update(signature).digest());
    signerInfo.push(
      asn1.create(Class.CONTEXT_SPECIFIC, 1, true, [attribute(OID.signatureTimeStampToken, fromDer(token))]),
    );
  }
  const encapsulated = encapsulate
    ? sequence([oid(encapsulate.type), asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [octets(encapsulate.content)])])
    : sequence([oid(OID.data)]);
  const signedData = sequence([
    integer(encapsulate ? 3 : 1),
    set([algorithm(OID.sha256, true)]),
    encapsulated,
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, chain.map(fromDer)),
    set([sequence(signerInfo)]),
  ]);
  return der(sequence([oid(OID.signedData), asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

/**
 * A CMS SignedData (ETSI EN 319 122 baseline B): signed attributes content-type, message-digest and ESS
 * signing-certificate-v2 naming the signing certificate; no signing-time attribute (PAdES puts the time in the
 * signature dictionary). `content` is carried inside when `encapsulate` names its type (a time-stamp token's
 * TSTInfo), otherwise the signature is detached (PAdES). With `stamp`, the signature value is time-stamped and the
 * token added as the signature-time-stamp unsigned attribute (baseline B-T).
 */
export async function signCms(options: {
  content: Buffer;
  signer: TCmsSigner;
  encapsulate?: string;
  stamp?: TStamp;
}): Promise<Buffer> {
  const { content, signer, encapsulate, stamp } = options;
  const signedAttributes = signedAttributesOf({ content, leaf: signer.leaf, contentType: encapsulate });
  const signature = sign('sha256', signedAttributesDer(signedAttributes), signer.privateKey);
  return assembleCms({
    signedAttributes,
    signature,
    leaf: signer.leaf,
    chain: signer.chain,
    keyType: signer.privateKey.asymmetricKeyType,
    stamp,
    encapsulate: encapsulate ? { type: encapsulate, content } : undefined,
  });
}
