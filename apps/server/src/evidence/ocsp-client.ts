import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import { readBoundedBody } from './bounded-body.ts';
import { der, oid } from './cms-signature.ts';
import { childAt, childrenOf, contentOf, encodingOf, oidOf, readDer, type TDerNode } from './der-reader.ts';
import { TrustServiceUnavailableError } from './timestamp-authority.ts';

// RFC 6960 OCSP: a certificate's status asked of the responder its Authority Information Access names, and the
// answer checked (successful, signed by the issuer or its delegated responder, for that serial, fresh) before its DER
// OCSPResponse goes into a DSS. Asked before the CRL: it answers for one certificate and is newer.

const AUTHORITY_INFO_ACCESS = '1.3.6.1.5.5.7.1.1';
const EXTENDED_KEY_USAGE = '2.5.29.37';
const ID_AD_OCSP = '1.3.6.1.5.5.7.48.1';
const OCSP_BASIC = '1.3.6.1.5.5.7.48.1.1';
const OCSP_NONCE = '1.3.6.1.5.5.7.48.1.2';
const OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';
const SHA1 = '1.3.14.3.2.26';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Larger answers are refused before they are parsed: a response for one certificate is a few KB. */
export const OCSP_MAX_BYTES = 64 * 1024;
const OCSP_TIMEOUT_MS = 10_000;
/** How old an answer's thisUpdate may be (CA/Browser Forum: responses are refreshed at least every four days). */
const MAX_AGE = 4 * 24 * HOUR;
/** Clocks differ: an answer from up to five minutes in the future is accepted. */
const SKEW = 5 * MINUTE;

/** The responder says a certificate of the chain is revoked: nothing may be sealed or time-stamped with it. */
export class CertificateRevokedError extends Error {
  override readonly name = 'CertificateRevokedError';
}

const STATUS_NAMES = ['successful', 'malformedRequest', 'internalError', 'tryLater', '', 'sigRequired', 'unauthorized'];
const REASONS = [
  'unspecified',
  'keyCompromise',
  'cACompromise',
  'affiliationChanged',
  'superseded',
  'cessationOfOperation',
  'certificateHold',
  '',
  'removeFromCRL',
  'privilegeWithdrawn',
  'aACompromise',
];
const SIGNATURE_HASHES: Record<string, string | null> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
  '1.3.101.112': null,
};

/** One DER element: `tag`, its length, its content. */
function tlv(tag: number, ...parts: Buffer[]): Buffer {
  const content = Buffer.concat(parts);
  const length: number[] = [];
  for (let rest = content.length; rest > 0; rest = Math.floor(rest / 256)) length.unshift(rest & 0xff);
  const header = content.length < 0x80 ? [content.length] : [0x80 | length.length, ...length];
  return Buffer.concat([Buffer.from([tag, ...header]), content]);
}

/** The parts of a certificate an OCSP request and its answer are about. */
function partsOf(certificateDer: Buffer) {
  const tbs = childrenOf(certificateDer, childAt(certificateDer, readDer(certificateDer), 0));
  const offset = tbs[0]!.tag === 0xa0 ? 1 : 0;
  const extensions = tbs.find((node) => node.tag === 0xa3);
  return {
    serial: tbs[offset]!,
    issuer: tbs[offset + 2]!,
    publicKey: childAt(certificateDer, tbs[offset + 5]!, 1),
    extensions: extensions ? childrenOf(certificateDer, childAt(certificateDer, extensions, 0)) : [],
  };
}

/** The DER inside an extension's extnValue, or null when the certificate does not have it. */
export function extensionOf(certificateDer: Buffer, id: string): Buffer | null {
  for (const extension of partsOf(certificateDer).extensions) {
    const fields = childrenOf(certificateDer, extension);
    if (oidOf(certificateDer, fields[0]!) === id) return contentOf(certificateDer, fields.at(-1)!);
  }
  return null;
}

/** The http(s) URLs of the OCSP responders in a certificate's Authority Information Access. */
export function ocspUrlsOf(certificateDer: Buffer): string[] {
  const value = extensionOf(certificateDer, AUTHORITY_INFO_ACCESS);
  if (!value) return [];
  return childrenOf(value, readDer(value))
    .map((description) => childrenOf(value, description))
    .filter(([method, location]) => oidOf(value, method!) === ID_AD_OCSP && location?.tag === 0x86)
    .map(([, location]) => contentOf(value, location!).toString('latin1'))
    .filter((url) => /^https?:\/\//.test(url));
}

/** Whether `issuer` issued `certificate` (names match and its key verifies the signature). */
export function isIssuerOf(issuer: Buffer, certificate: Buffer): boolean {
  const subject = new X509Certificate(certificate);
  const candidate = new X509Certificate(issuer);
  return subject.checkIssued(candidate) && subject.verify(candidate.publicKey);
}

/** The CertID (SHA-1, as every responder supports) naming `certificate` of `issuer`. */
function certIdOf(certificate: Buffer, issuer: Buffer): Buffer {
  const own = partsOf(certificate);
  const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest();
  // The issuer key hash covers the subjectPublicKey bits, without the BIT STRING's unused-bits byte.
  const issuerKey = contentOf(issuer, partsOf(issuer).publicKey).subarray(1);
  return tlv(
    0x30,
    tlv(0x30, der(oid(SHA1)), Buffer.from([0x05, 0x00])),
    tlv(0x04, sha1(encodingOf(certificate, own.issuer))),
    tlv(0x04, sha1(issuerKey)),
    encodingOf(certificate, own.serial),
  );
}

/** Whether the CertID at `node` names what `ours` does (hash algorithm, both hashes, serial), however it encodes NULLs. */
function sameCertId(bytes: Buffer, node: TDerNode, ours: Buffer): boolean {
  const theirs = childrenOf(bytes, node);
  const mine = childrenOf(ours, readDer(ours));
  if (theirs.length !== 4 || oidOf(bytes, childAt(bytes, theirs[0]!, 0)) !== SHA1) return false;
  return [1, 2, 3].every((index) => contentOf(bytes, theirs[index]!).equals(contentOf(ours, mine[index]!)));
}

/** An OCSPRequest for one certificate, with a nonce extension (RFC 8954: 32 random octets). */
export function buildOcspRequest(certificate: Buffer, issuer: Buffer, nonce: Buffer): Buffer {
  const nonceExtension = tlv(0x30, der(oid(OCSP_NONCE)), tlv(0x04, tlv(0x04, nonce)));
  const request = tlv(0x30, certIdOf(certificate, issuer));
  return tlv(0x30, tlv(0x30, tlv(0x30, request), tlv(0xa2, tlv(0x30, nonceExtension))));
}

function generalizedTime(bytes: Buffer, node: TDerNode): Date {
  const text = contentOf(bytes, node).toString('latin1');
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(text);
  if (node.tag !== 0x18 || !match) throw new Error(`not a GeneralizedTime: ${text}`);
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
}

export type TOcspAnswer = { status: 'good'; thisUpdate: Date; nextUpdate: Date | null };

/** Whether the response's signature over its ResponseData holds with the key of `signer`. */
function signedBy(basic: Buffer, parts: TDerNode[], signer: X509Certificate): boolean {
  const algorithm = oidOf(basic, childAt(basic, parts[1]!, 0));
  const hash = SIGNATURE_HASHES[algorithm];
  if (hash === undefined) throw new Error(`signature algorithm ${algorithm} is not supported`);
  const signature = contentOf(basic, parts[2]!).subarray(1);
  return verify(hash, encodingOf(basic, parts[0]!), signer.publicKey, signature);
}

/** The issuer itself, or a certificate the response carries that the issuer gave the id-kp-OCSPSigning purpose. */
function checkResponder(basic: Buffer, parts: TDerNode[], issuer: Buffer, now: Date): void {
  const issuerCertificate = new X509Certificate(issuer);
  if (signedBy(basic, parts, issuerCertificate)) return;
  const carried = parts[3]?.tag === 0xa0 ? childrenOf(basic, childAt(basic, parts[3], 0)) : [];
  for (const node of carried) {
    const bytes = Buffer.from(encodingOf(basic, node));
    const delegate = new X509Certificate(bytes);
    const usage = extensionOf(bytes, EXTENDED_KEY_USAGE);
    const purposes = usage ? childrenOf(usage, readDer(usage)).map((item) => oidOf(usage, item)) : [];
    const current = delegate.validFromDate <= now && now <= delegate.validToDate;
    if (isIssuerOf(issuer, bytes) && purposes.includes(OCSP_SIGNING) && current && signedBy(basic, parts, delegate)) {
      return;
    }
  }
  throw new Error('the response is signed neither by the issuer nor by a responder it delegated');
}

/**
 * Checks an OCSPResponse about `certificate` of `issuer`: successful, a basic response signed by the issuer or its
 * delegated responder, our nonce when it echoes one, a fresh answer for that CertID. Answers a `good` status; throws
 * CertificateRevokedError for `revoked`, an Error for anything else.
 */
export function checkOcspResponse(
  reply: Buffer,
  expected: { certificate: Buffer; issuer: Buffer; nonce: Buffer; now: Date; subject: string },
): TOcspAnswer {
  const top = readDer(reply);
  if (top.tag !== 0x30 || top.end !== reply.length) throw new Error('not an OCSPResponse');
  const [statusNode, bytesNode] = childrenOf(reply, top);
  const status = contentOf(reply, statusNode!)[0]!;
  if (status !== 0) throw new Error(`the responder answered ${STATUS_NAMES[status] || `status ${status}`}`);
  if (bytesNode?.tag !== 0xa0) throw new Error('a successful response without responseBytes');
  const [type, octets] = childrenOf(reply, childAt(reply, bytesNode, 0));
  if (oidOf(reply, type!) !== OCSP_BASIC) throw new Error('not a basic OCSP response');
  const basic = Buffer.from(contentOf(reply, octets!));
  const parts = childrenOf(basic, readDer(basic));
  checkResponder(basic, parts, expected.issuer, expected.now);
  const data = childrenOf(basic, parts[0]!);
  const fields = data[0]!.tag === 0xa0 ? data.slice(1) : data;
  // responderID, producedAt, responses, then [1] responseExtensions.
  const extensions = fields[3]?.tag === 0xa1 ? childrenOf(basic, childAt(basic, fields[3], 0)) : [];
  const echoed = extensions
    .map((extension) => childrenOf(basic, extension))
    .find((extension) => oidOf(basic, extension[0]!) === OCSP_NONCE);
  if (echoed && !contentOf(basic, echoed.at(-1)!).equals(tlv(0x04, expected.nonce))) {
    throw new Error('the response carries another nonce than the request');
  }
  const single = childrenOf(basic, fields[2]!)
    .map((node) => childrenOf(basic, node))
    .find((items) => sameCertId(basic, items[0]!, certIdOf(expected.certificate, expected.issuer)));
  if (!single) throw new Error('the response does not answer for this certificate');
  const [, certStatus, thisNode, nextNode] = single;
  const thisUpdate = generalizedTime(basic, thisNode!);
  const nextUpdate = nextNode?.tag === 0xa0 ? generalizedTime(basic, childAt(basic, nextNode, 0)) : null;
  if (certStatus!.tag === 0xa1) {
    const info = childrenOf(basic, certStatus!);
    const revokedAt = generalizedTime(basic, info[0]!).toISOString();
    const reason = info[1] ? REASONS[contentOf(basic, childAt(basic, info[1], 0))[0]!] : null;
    throw new CertificateRevokedError(
      `the certificate ${expected.subject} is revoked since ${revokedAt}${reason ? ` (${reason})` : ''}, says its OCSP ` +
        'responder: nothing is sealed or time-stamped with it; replace it',
    );
  }
  if (certStatus!.tag !== 0x80) throw new Error('the responder does not know the certificate (status unknown)');
  const now = expected.now.getTime();
  if (thisUpdate.getTime() > now + SKEW || thisUpdate.getTime() < now - MAX_AGE) {
    throw new Error(`the response is not fresh (thisUpdate ${thisUpdate.toISOString()})`);
  }
  if (nextUpdate && nextUpdate.getTime() < now - SKEW) {
    throw new Error(`the response expired (nextUpdate ${nextUpdate.toISOString()})`);
  }
  return { status: 'good', thisUpdate, nextUpdate };
}

const answers = new Map<string, { response: Buffer; until: number }>();

/** One responder asked about `certificate`: its checked DER OCSPResponse. */
async function askResponder(url: string, certificate: Buffer, issuer: Buffer, now: Date) {
  const nonce = randomBytes(32);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
    body: new Uint8Array(buildOcspRequest(certificate, issuer, nonce)),
    signal: AbortSignal.timeout(OCSP_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const reply = await readBoundedBody(response, OCSP_MAX_BYTES);
  const subject = new X509Certificate(certificate).subject.replace(/\n/g, ', ');
  return { reply, answer: checkOcspResponse(reply, { certificate, issuer, nonce, now, subject }) };
}

/**
 * The DER OCSPResponse saying `certificate` is good, from the first of `urls` that answers so; kept per issuer and
 * serial until its nextUpdate (an hour without one). Throws CertificateRevokedError when a responder says revoked,
 * TrustServiceUnavailableError when none answers as it should.
 */
export async function fetchOcspResponse(
  certificate: Buffer,
  issuer: Buffer,
  urls: string[],
  now: Date,
): Promise<Buffer> {
  const key = createHash('sha256').update(certIdOf(certificate, issuer)).digest('hex');
  const cached = answers.get(key);
  if (cached && cached.until > now.getTime()) return cached.response;
  const problems: string[] = [];
  for (const url of urls) {
    try {
      const { reply, answer } = await askResponder(url, certificate, issuer, now);
      const fresh = answer.thisUpdate.getTime() + MAX_AGE;
      const until = answer.nextUpdate ? Math.min(answer.nextUpdate.getTime(), fresh) : now.getTime() + HOUR;
      answers.set(key, { response: reply, until });
      return reply;
    } catch (error) {
      if (error instanceof CertificateRevokedError) throw error;
      problems.push(`${url}: ${(error as Error).message}`);
    }
  }
  throw new TrustServiceUnavailableError(`no OCSP responder answered as it should (${problems.join('; ')})`);
}
