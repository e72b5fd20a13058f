import { createHash, verify, X509Certificate } from 'node:crypto';
import { OID } from './cms-signature.ts';
import { childAt, childrenOf, contentOf, encodingOf, oidOf, readDer, type TDerNode } from './der-reader.ts';

export type TSealCheck = {
  /** The signature value verifies with its certificate and covers the bytes of its revision, unchanged. */
  valid: boolean;
  signer: { subject: string; fingerprint: string } | null;
  timestamp: { valid: boolean; time: string | null; authority: string | null };
};

type TSignedData = { valid: boolean; signer: X509Certificate | null; signature: Buffer; unsigned: TDerNode | null };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** The attribute `type` of an attribute list ([0] or [1] of a SignerInfo): the first value of its SET. */
function attributeValue(bytes: Buffer, list: TDerNode | null, type: string): TDerNode | null {
  if (!list) return null;
  for (const attribute of childrenOf(bytes, list)) {
    if (oidOf(bytes, childAt(bytes, attribute, 0)) === type) return childAt(bytes, childAt(bytes, attribute, 1), 0);
  }
  return null;
}

/**
 * Checks a CMS SignedData: the message-digest attribute against `content` (or the encapsulated content when
 * `content` is null) and the signature over the signed attributes against each certificate carried.
 */
function checkSignedData(bytes: Buffer, content: Buffer | null): TSignedData & { encapsulated: Buffer | null } {
  const signedData = childAt(bytes, childAt(bytes, readDer(bytes), 1), 0);
  const parts = childrenOf(bytes, signedData);
  const encapsulatedInfo = childrenOf(bytes, parts[2]!);
  const encapsulated = encapsulatedInfo[1] ? contentOf(bytes, childAt(bytes, encapsulatedInfo[1], 0)) : null;
  const certificates = parts
    .filter((part) => part.tag === 0xa0)
    .flatMap((part) => childrenOf(bytes, part).map((node) => new X509Certificate(encodingOf(bytes, node))));
  const signerInfo = childAt(bytes, parts.at(-1)!, 0);
  const fields = childrenOf(bytes, signerInfo);
  const signedAttributes = fields.find((field) => field.tag === 0xa0) ?? null;
  const unsigned = fields.find((field) => field.tag === 0xa1) ?? null;
  const signature = contentOf(bytes, fields.filter((field) => field.tag === 0x04).at(-1)!);
  const digest = attributeValue(bytes, signedAttributes, OID.messageDigest);
  const covered = content ?? encapsulated;
  if (!signedAttributes || !digest || !covered || !contentOf(bytes, digest).equals(sha256(covered))) {
    return { valid: false, signer: null, signature, unsigned, encapsulated };
  }
  // The signature covers the signed attributes encoded as a SET, not under their [0] tag.
  const signedDer = Buffer.from(encodingOf(bytes, signedAttributes));
  signedDer[0] = 0x31;
  const signer = certificates.find((certificate) => {
    try {
      return verify('sha256', signedDer, certificate.publicKey, signature);
    } catch {
      return false;
    }
  });
  return { valid: signer !== undefined, signer: signer ?? null, signature, unsigned, encapsulated };
}

/** A GeneralizedTime (`20261207081403Z`, `20261207081403.25Z`) as ISO 8601. */
function generalizedTime(text: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction ?? ''}Z`).toISOString();
}

/** The RFC 3161 signature time-stamp of a signature value: its token verifies and its imprint is that value's hash. */
function checkTimestamp(bytes: Buffer, unsigned: TDerNode | null, signature: Buffer): TSealCheck['timestamp'] {
  const token = attributeValue(bytes, unsigned, OID.signatureTimeStampToken);
  if (!token) return { valid: false, time: null, authority: null };
  try {
    const tokenBytes = Buffer.from(encodingOf(bytes, token));
    const checked = checkSignedData(tokenBytes, null);
    if (!checked.encapsulated) return { valid: false, time: null, authority: null };
    const info = checked.encapsulated;
    const fields = childrenOf(info, readDer(info));
    const imprint = contentOf(info, childAt(info, fields[2]!, 1));
    const time = generalizedTime(contentOf(info, fields[4]!).toString('latin1'));
    const authority = checked.signer?.subject.replace(/\n/g, ', ') ?? null;
    return { valid: checked.valid && imprint.equals(sha256(signature)) && time !== null, time, authority };
  } catch {
    return { valid: false, time: null, authority: null };
  }
}

/** The byte ranges and CMS of each signature of a PDF, in file order (a placeholder never filled is skipped). */
export function findPdfSignatures(pdf: Buffer): { content: Buffer; cms: Buffer; coversRevision: boolean }[] {
  const text = pdf.toString('latin1');
  const found = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const [start, firstLength, second, secondLength] = match.slice(1).map(Number) as [number, number, number, number];
    const valid = start === 0 && firstLength < second && second + secondLength <= pdf.length;
    if (!valid || text[firstLength] !== '<' || text[second - 1] !== '>') continue;
    // The placeholder is padded with zeros after the DER: its own length says where it ends.
    const cms = Buffer.from(text.slice(firstLength + 1, second - 1), 'hex');
    // The signed range runs to the end of its revision: later bytes can only be increments (the DSS, a timestamp).
    const end = second + secondLength;
    const eof = text.indexOf('%%EOF', second);
    found.push({
      content: Buffer.concat([pdf.subarray(0, firstLength), pdf.subarray(second, end)]),
      cms,
      coversRevision: eof !== -1 && end >= eof + 5 && end <= eof + 7,
    });
  }
  return found;
}

/** Checks the first signature of a PDF (the seal) and its signature time-stamp; null when the PDF has none. */
export function checkPdfSeal(pdf: Buffer): TSealCheck | null {
  const [first] = findPdfSignatures(pdf);
  if (!first) return null;
  try {
    const cms = first.cms.subarray(0, readDer(first.cms).end);
    const checked = checkSignedData(cms, first.content);
    return {
      valid: checked.valid && first.coversRevision,
      signer: checked.signer
        ? { subject: checked.signer.subject.replace(/\n/g, ', '), fingerprint: checked.signer.fingerprint256 }
        : null,
      timestamp: checkTimestamp(cms, checked.unsigned, checked.signature),
    };
  } catch {
    return { valid: false, signer: null, timestamp: { valid: false, time: null, authority: null } };
  }
}
