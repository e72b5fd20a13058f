import { randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { readBoundedBody } from './bounded-body.ts';
import { algorithm, der, fromDer, integer, OID, octets, sequence, type TStamp } from './cms-signature.ts';

const { asn1 } = forge;
const { Class, Type } = asn1;

/** A trust service (TSA, CRL or OCSP responder) did not answer as it should: the evidence waits, retry later. */
export class TrustServiceUnavailableError extends Error {
  override readonly name: string = 'TrustServiceUnavailableError';
}

/** The TSA did not answer, or answered something that is not a time-stamp of what was asked. */
export class TimestampUnavailableError extends TrustServiceUnavailableError {
  override readonly name = 'TimestampUnavailableError';
}

/** What a token says: when, over which digest, and with which nonce (when one was asked for). */
export type TTstInfo = { genTime: Date; digest: Buffer; nonce: Buffer | null; serial: string };

/** A reply carries one token and its certificates: a few KB; larger is refused before it is read whole. */
const TSA_REPLY_MAX_BYTES = 1024 * 1024;

const children = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];
const bytesOf = (node: forge.asn1.Asn1) => Buffer.from(node.value as string, 'binary');

/** An RFC 3161 TimeStampReq for a SHA-256 digest, asking for the TSA's certificate in the token. */
export function buildTimestampRequest(digest: Buffer, nonce: Buffer): Buffer {
  return der(
    sequence([
      integer(1),
      sequence([algorithm(OID.sha256, true), octets(digest)]),
      asn1.create(Class.UNIVERSAL, Type.INTEGER, false, nonce.toString('binary')),
      asn1.create(Class.UNIVERSAL, Type.BOOLEAN, false, String.fromCharCode(0xff)),
    ]),
  );
}

/** The TSTInfo a TimeStampToken (CMS SignedData over id-ct-TSTInfo) carries. */
export function readTstInfo(token: Buffer): TTstInfo {
  const signedData = children(children(children(fromDer(token))[1]!)[0]!);
  const encapsulated = signedData.find(
    (node) => node.type === Type.SEQUENCE && children(node)[0]?.type === Type.OID && children(node).length === 2,
  );
  if (!encapsulated || asn1.derToOid(children(encapsulated)[0]!.value as string) !== OID.tstInfo) {
    throw new TimestampUnavailableError('the token carries no TSTInfo');
  }
  const info = children(fromDer(bytesOf(children(children(encapsulated)[1]!)[0]!)));
  const imprint = children(info[2]!);
  const genTime = asn1.generalizedTimeToDate(info[4]!.value as string);
  const nonce = info.slice(5).find((node) => node.tagClass === Class.UNIVERSAL && node.type === Type.INTEGER);
  return {
    genTime,
    digest: bytesOf(imprint[1]!),
    nonce: nonce ? bytesOf(nonce) : null,
    serial: bytesOf(info[3]!).toString('hex'),
  };
}

/** The token of a TimeStampResp, once it is granted and stamps `digest` with `nonce`. */
export function readTimestampReply(reply: Buffer, digest: Buffer, nonce: Buffer): Buffer {
  let parts: forge.asn1.Asn1[];
  try {
    parts = children(fromDer(reply));
  } catch {
    throw new TimestampUnavailableError('the TSA answered something that is not a TimeStampResp');
  }
  const status = Number.parseInt(Buffer.from(children(parts[0]!)[0]!.value as string, 'binary').toString('hex'), 16);
  // 0 granted, 1 granted with modifications; anything else is a refusal.
  if ((status !== 0 && status !== 1) || !parts[1]) {
    throw new TimestampUnavailableError(`the TSA refused the request (status ${status})`);
  }
  const token = der(parts[1]);
  const info = readTstInfo(token);
  if (!info.digest.equals(digest) || !info.nonce?.equals(nonce)) {
    throw new TimestampUnavailableError('the TSA answered a time-stamp of something else');
  }
  return token;
}

export type TTsaSettings = { url: string; username?: string; password?: string; timeoutMs: number };

/** A time-stamping authority reached over HTTP (RFC 3161 section 3.4). */
export function createRemoteTsa(settings: TTsaSettings): TStamp {
  const authorization =
    settings.username && settings.password
      ? `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`
      : undefined;
  return async (digest) => {
    const nonce = randomBytes(8);
    // Positive and minimally encoded as a DER INTEGER.
    nonce[0] = (nonce[0]! & 0x7f) | 0x40;
    let reply: Buffer;
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/timestamp-query',
          ...(authorization && { authorization }),
        },
        body: new Uint8Array(buildTimestampRequest(digest, nonce)),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      reply = await readBoundedBody(response, TSA_REPLY_MAX_BYTES);
    } catch (error) {
      throw new TimestampUnavailableError(`the TSA at ${settings.url} did not answer: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return readTimestampReply(reply, digest, nonce);
  };
}
