import { randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOcspPki, type TOcspTestPki, type TTestSeal } from '../../test/ocsp-pki.ts';
import {
  buildOcspRequest,
  CertificateRevokedError,
  checkOcspResponse,
  fetchOcspResponse,
  OCSP_MAX_BYTES,
  ocspUrlsOf,
} from './ocsp-client.ts';
import { TrustServiceUnavailableError } from './timestamp-authority.ts';

// The answers are OpenSSL's own (`openssl ocsp -index … -reqin`, the responder mode run offline) to the requests
// Sello builds: what a real responder says, checked by Sello's reader.

let pki: TOcspTestPki;
let good: TTestSeal;
let revoked: TTestSeal;
let ca: Buffer;
let big: Server;
let bigUrl: string;
const der = (file: string) => new X509Certificate(readFileSync(file)).raw;

beforeAll(async () => {
  pki = await startOcspPki();
  good = await pki.issueSeal('unit-good', { ocsp: 'http://ocsp.example.test/a' });
  revoked = await pki.issueSeal('unit-revoked', { ocsp: pki.responderUrl });
  await pki.revoke(revoked);
  ca = der(pki.caPath);
  big = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/ocsp-response' });
    // Chunked, no content-length: the bound holds on the bytes read, not on what the server declares.
    for (let chunk = 0; chunk < 20; chunk++) response.write(Buffer.alloc(4096));
    response.end();
  });
  await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
  bigUrl = `http://127.0.0.1:${(big.address() as AddressInfo).port}/`;
}, 60_000);
afterAll(async () => {
  await pki?.close();
  await new Promise<void>((resolve) => big?.close(() => resolve()));
});

async function answerFor(seal: TTestSeal, nonce: Buffer) {
  const certificate = der(seal.certificatePath);
  const reply = await pki.respond(buildOcspRequest(certificate, ca, nonce));
  return { certificate, reply };
}

describe('OCSP client', () => {
  it("reads the responder URL of a certificate's Authority Information Access, and none without", () => {
    expect(ocspUrlsOf(der(good.certificatePath))).toEqual(['http://ocsp.example.test/a']);
    expect(ocspUrlsOf(ca)).toEqual([]);
  });

  it("accepts OpenSSL's answer for a good certificate, signed by the delegated responder, with our nonce", async () => {
    const nonce = randomBytes(32);
    const { certificate, reply } = await answerFor(good, nonce);
    const now = new Date();
    const answer = checkOcspResponse(reply, { certificate, issuer: ca, nonce, now, subject: 'good' });
    expect(answer.status).toBe('good');
    expect(Math.abs(answer.thisUpdate.getTime() - now.getTime())).toBeLessThan(60_000);
  });

  it('refuses a revoked certificate, a stale answer, another nonce, another certificate and a changed signature', async () => {
    const nonce = randomBytes(32);
    const expected = (certificate: Buffer, now = new Date()) => ({ certificate, issuer: ca, nonce, now, subject: 'x' });
    const revokedAnswer = await answerFor(revoked, nonce);
    expect(() => checkOcspResponse(revokedAnswer.reply, expected(revokedAnswer.certificate))).toThrow(
      CertificateRevokedError,
    );
    expect(() => checkOcspResponse(revokedAnswer.reply, expected(revokedAnswer.certificate))).toThrow(
      /revoked since .* \(keyCompromise\)/,
    );
    const { certificate, reply } = await answerFor(good, nonce);
    const fiveDaysLater = new Date(Date.now() + 5 * 86_400_000);
    expect(() => checkOcspResponse(reply, expected(certificate, fiveDaysLater))).toThrow(/not fresh/);
    expect(() => checkOcspResponse(reply, { ...expected(certificate), nonce: randomBytes(32) })).toThrow(/nonce/);
    expect(() => checkOcspResponse(reply, expected(revokedAnswer.certificate))).toThrow(/does not answer for this/);
    // The responder's name in the signed ResponseData (byName), one letter's case changed.
    const changed = Buffer.from(reply);
    changed[changed.indexOf('OCSP responder')]! ^= 0x20;
    expect(() => checkOcspResponse(changed, expected(certificate))).toThrow(/signed neither by the issuer/);
  });

  it(`refuses an answer over ${OCSP_MAX_BYTES} bytes before parsing it: the certificate waits`, async () => {
    const fetched = fetchOcspResponse(der(good.certificatePath), ca, [bigUrl], new Date());
    await expect(fetched).rejects.toBeInstanceOf(TrustServiceUnavailableError);
    await expect(fetched).rejects.toThrow(`an answer over ${OCSP_MAX_BYTES} bytes`);
  });
});
