import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CERTIFICATE_CHECK_MAX_BYTES,
  CERTIFICATE_CHECKS_PER_MINUTE,
} from '@sello/contracts/catalogue/certificate-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { ApiKeyClient, createApiKey } from '../../test/api-key-fixtures.ts';
import { dssOf } from '../../test/pades-parts.ts';
import { createShippingTestApp, pdfDataUrl, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { certifyShipping } from './certificate-worker.ts';
import { createSealLoader } from './seal.ts';
import { createTimestamper } from './timestamps.ts';
import { crlUrlsOf } from './validation-data.ts';

// The public verification page's calls, without a session: a certificate Sello issued verifies and lists its events;
// a changed one does not and reveals nothing; an unknown code, a file too large and too many calls are refused.

let t: TTestApp;
let user: TestClient;
let certificate: Buffer;
let code: string;
let shippingId: number;

const URL_FILE = '/rest/services/public/certificates/verify';
let address = 0;
/** Each test calls from an address of its own, so the per-address limit of one never meets another's calls. */
const nextAddress = () => `10.9.0.${++address}`;

function checkFile(content: string, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: URL_FILE, payload: { content }, remoteAddress });
}
function checkCode(value: string, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'GET', url: `${URL_FILE}/${encodeURIComponent(value)}`, remoteAddress });
}

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  shippingId = await sendShipping(user, t.database.db, 'Notarial notification', {
    documents: [{ name: 'deed.pdf', content: pdfDataUrl(`Check ${Math.random()}`) }],
  });
  await t.database.db.transaction().execute(async (trx) => {
    const shipping = (await lockShipping(trx, null, String(shippingId)))!;
    for (const action of ['dispatch', 'accept'] as const)
      await applyTransition(trx, t.ctx.jobs, shipping, action, null);
  });
  const deps = {
    ...t.ctx,
    loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
    stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
  };
  expect(await certifyShipping(deps, String(shippingId))).toBe('certified');
  const stored = await t.database.db
    .selectFrom('certificate_codes')
    .select(['code', 'sha256'])
    .where('shipping_id', '=', String(shippingId))
    .executeTakeFirstOrThrow();
  code = stored.code;
  certificate = await t.ctx.blobs.read(stored.sha256);
});
afterAll(() => t.close());

describe('the public verification of a certificate', () => {
  it('verifies the PDF Sello issued, without a session: seal, time-stamp, same file, and its events with hashes', async () => {
    const response = await checkFile(certificate.toString('base64'));
    expect(response.statusCode).toBe(200);
    const check = response.json();
    expect(check.seal).toMatchObject({ valid: true, provider: true });
    expect(check.seal.subject).toContain('demo seal');
    expect(check.timestamp).toMatchObject({ valid: true, authority: expect.stringContaining('demo TSA') });
    expect(check.issued).toBe(true);
    expect(check.certificate).toMatchObject({ requestId: shippingId, kind: 'notification', code, chainValid: true });
    const events = await t.database.db
      .selectFrom('shipping_events')
      .select(['seq', 'action', 'hash'])
      .where('shipping_id', '=', String(shippingId))
      .orderBy('seq')
      .execute();
    // The events the certificate lists: those up to its issue (the certify event that closes it comes after).
    const listed = check.certificate.events.map((event: { seq: number; action: string; hash: string }) => event);
    expect(listed.map((event: { seq: number }) => event.seq)).toEqual(
      events.filter((event) => event.action !== 'certify').map((event) => event.seq),
    );
    expect(listed.map((event: { hash: string }) => event.hash)).toEqual(
      events.filter((event) => event.action !== 'certify').map((event) => event.hash),
    );
    // The same PDF as a data URL, the way the page sends it.
    const asDataUrl = await checkFile(`data:application/pdf;base64,${certificate.toString('base64')}`);
    expect(asDataUrl.json()).toEqual({ ...check });
  });

  it('finds a changed PDF not verified and says nothing of any shipping', async () => {
    const tampered = Buffer.from(certificate);
    tampered[300] = tampered[300]! ^ 1;
    const response = await checkFile(tampered.toString('base64'));
    expect(response.statusCode).toBe(200);
    const check = response.json();
    expect(check.seal.valid).toBe(false);
    expect(check.issued).toBe(false);
    expect(check.certificate).toBeNull();
  });

  it('verifies by the code printed on the certificate, typed loosely; an unknown code is ERR_CERTIFICATE_CODE_UNKNOWN', async () => {
    const response = await checkCode(code.toLowerCase().replace(/-/g, ' '));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issued: true,
      seal: { valid: true, provider: true },
      timestamp: { valid: true },
      certificate: { requestId: shippingId, code },
    });
    const unknown = await checkCode('0000-0000-0000');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { key: 'ERR_CERTIFICATE_CODE_UNKNOWN' }]);
    const malformed = await checkCode('not-a-code');
    expect([malformed.statusCode, malformed.json()]).toEqual([404, { key: 'ERR_CERTIFICATE_CODE_UNKNOWN' }]);
  });

  it('refuses a body over the limit before reading it, a file that is no PDF and a PDF with no signature', async () => {
    const oversized = Buffer.alloc(CERTIFICATE_CHECK_MAX_BYTES + 1024, 0x25).toString('base64');
    const tooLarge = await checkFile(oversized);
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([413, { key: 'ERR_MAX_FILE_SIZE' }]);
    const notPdf = await checkFile(Buffer.from('hello').toString('base64'));
    expect([notPdf.statusCode, notPdf.json()]).toEqual([400, { key: 'ERR_CERTIFICATE_NOT_PDF' }]);
    const unsigned = await checkFile(pdfDataUrl('plain'));
    expect([unsigned.statusCode, unsigned.json()]).toEqual([400, { key: 'ERR_CERTIFICATE_NOT_SIGNED' }]);
  });

  it('is public (authorisation matrix): every signed-in role gets the same answer; an API key may not call it', async () => {
    const path = `public/certificates/verify/${code}`;
    for (const login of ['company.user', 'company.manager', 'company.admin', 'domain.admin']) {
      const response = await (await signedInClient(t.app, login)).call('GET', path);
      expect([login, response.statusCode, response.json().issued]).toEqual([login, 200, true]);
    }
    const admin = await signedInClient(t.app, 'company.admin');
    const key = await createApiKey(admin, await companyIdOf(t.database.db, 'B12345674'));
    const byKey = await new ApiKeyClient(t.app, key.secret).call('GET', path);
    expect([byKey.statusCode, byKey.json()]).toEqual([403, { key: 'ERR_API_KEY_CALL' }]);
  });

  it("serves the demo seal CA's CRL without a session; openssl verifies it with the CA of the certificate's DSS", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/services/public/crl/demo-seal-ca' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pkix-crl');
    const dir = await mkdtemp(path.join(tmpdir(), 'sello-crl-'));
    await writeFile(path.join(dir, 'demo.crl'), response.rawPayload);
    const { certificates } = await dssOf(certificate);
    const verified = [];
    for (const [index, der] of certificates.entries()) {
      const ca = path.join(dir, `ca-${index}.pem`);
      await writeFile(ca, new X509Certificate(der).toString());
      try {
        const args = ['crl', '-inform', 'DER', '-in', path.join(dir, 'demo.crl'), '-CAfile', ca, '-noout'];
        execFileSync('openssl', args, { stdio: 'pipe' });
        verified.push(index);
      } catch {
        // Not this certificate's CRL.
      }
    }
    expect(verified).toHaveLength(1);
  });

  it("names that CRL's URL as the demo seal certificate's distribution point: the URL answers it, openssl reads it", async () => {
    const [seal, ca] = (await dssOf(certificate)).certificates;
    const [url] = crlUrlsOf(seal!);
    expect(url).toBe(`http://localhost:${t.config.PORT}/rest/services/public/crl/demo-seal-ca`);
    const response = await t.app.inject({ method: 'GET', url: new URL(url!).pathname });
    expect(response.statusCode).toBe(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'sello-crl-dp-'));
    await writeFile(path.join(dir, 'published.crl'), response.rawPayload);
    await writeFile(path.join(dir, 'ca.pem'), new X509Certificate(ca!).toString());
    const args = ['crl', '-inform', 'DER', '-in', path.join(dir, 'published.crl'), '-CAfile', path.join(dir, 'ca.pem')];
    const read = spawnSync('openssl', [...args, '-noout', '-text'], { encoding: 'utf8' });
    expect(read.stderr).toContain('verify OK');
    expect(read.stdout).toContain(`Issuer: CN = ${t.config.PROVIDER_NAME} demo CA`);
  });

  it(`answers ${CERTIFICATE_CHECKS_PER_MINUTE} calls a minute per address, then ERR_TOO_MANY_REQUESTS`, async () => {
    const address = nextAddress();
    for (let call = 0; call < CERTIFICATE_CHECKS_PER_MINUTE; call++) {
      expect((await checkCode('0000-0000-0000', address)).statusCode).toBe(404);
    }
    const refused = await checkCode(code, address);
    expect([refused.statusCode, refused.json()]).toEqual([429, { key: 'ERR_TOO_MANY_REQUESTS' }]);
    // Another address is not held back.
    expect((await checkCode(code)).statusCode).toBe(200);
  });
});
