import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOcspPki, type TOcspTestPki, type TTestSeal } from '../../test/ocsp-pki.ts';
import { dssOf } from '../../test/pades-parts.ts';
import { createShippingTestApp, pdfDataUrl, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { startTsaServer, type TTsaTestServer } from '../../test/tsa-server.ts';
import type { TAppContext } from '../app-context.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { createJobQueue } from '../platform/jobs.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { certifyShipping, type TCertificateDeps } from './certificate-worker.ts';
import { createEvidenceJobs } from './evidence-jobs.ts';
import { CertificateRevokedError } from './ocsp-client.ts';
import { createSealLoader } from './seal.ts';
import { TrustServiceUnavailableError } from './timestamp-authority.ts';
import { createTimestamper } from './timestamps.ts';

// A real seal (SEAL_P12_PATH/SEAL_P12_PASSWORD, a PKCS#12 made by openssl) whose certificate names an OCSP responder:
// OpenSSL's own `openssl ocsp` over the database of a small CA made by `openssl ca`, with a delegated responder.

let tsa: TTsaTestServer;
let pki: TOcspTestPki;
let t: TTestApp;
let user: TestClient;
const seals = {} as Record<'good' | 'revoked' | 'fallback' | 'listed' | 'waiting', TTestSeal>;

beforeAll(async () => {
  // The TSA's certificate names an OCSP responder too: its CA's own `openssl ocsp`, signing as the issuer.
  tsa = await startTsaServer({ ocsp: true });
  pki = await startOcspPki();
  seals.good = await pki.issueSeal('good', { ocsp: pki.responderUrl });
  seals.revoked = await pki.issueSeal('revoked', { ocsp: pki.responderUrl });
  seals.fallback = await pki.issueSeal('fallback', { ocsp: pki.deadUrl, crl: pki.crlUrl });
  seals.listed = await pki.issueSeal('listed', { ocsp: pki.deadUrl, crl: pki.crlUrl });
  seals.waiting = await pki.issueSeal('waiting', { ocsp: pki.deadUrl });
  await pki.revoke(seals.revoked);
  await pki.revoke(seals.listed);
  await pki.startResponder();
  t = await createShippingTestApp({
    TSA_URL: tsa.url,
    TSA_TIMEOUT_MS: '2000',
    SEAL_P12_PATH: seals.good.p12Path,
    SEAL_P12_PASSWORD: seals.good.password,
  });
  user = await signedInClient(t.app, 'company.user');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await tsa?.close();
  await pki?.close();
});

/** The server's configuration with `seal` as SEAL_P12_PATH/SEAL_P12_PASSWORD, as an operator would set it. */
function configWith(seal: TTestSeal): TAppContext['config'] {
  return { ...t.ctx.config, SEAL_P12_PATH: seal.p12Path, SEAL_P12_PASSWORD: seal.password };
}

function depsWith(seal: TTestSeal): TCertificateDeps {
  const config = configWith(seal);
  return {
    db: t.database.db,
    blobs: t.ctx.blobs,
    jobs: t.ctx.jobs,
    config,
    loadSeal: createSealLoader(config, { warn: () => {} }),
    stamp: createTimestamper(config, { warn: () => {} }),
  };
}

async function acceptedShipping(): Promise<string> {
  const id = await sendShipping(user, t.database.db, 'Notarial notification', {
    documents: [{ name: 'deed.pdf', content: pdfDataUrl(`OCSP ${Math.random()}`) }],
  });
  await t.database.db.transaction().execute(async (trx) => {
    const shipping = (await lockShipping(trx, null, String(id)))!;
    for (const action of ['dispatch', 'accept'] as const)
      await applyTransition(trx, t.ctx.jobs, shipping, action, null);
  });
  return String(id);
}

async function certificateOf(id: string) {
  const row = await t.database.db
    .selectFrom('shipping_documents')
    .select('sha256')
    .where('shipping_id', '=', id)
    .where('kind', '=', 'certificate')
    .executeTakeFirst();
  return row ? t.ctx.blobs.read(row.sha256) : null;
}

async function stateOf(id: string) {
  const row = await t.database.db
    .selectFrom('shippings')
    .select('state')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.state;
}

function pdfsig(pdf: Buffer, name: string): Promise<string> {
  const file = path.join(pki.directory, name);
  return writeFile(file, pdf).then(() => execFileSync('pdfsig', [file], { encoding: 'utf8' }));
}

describe('OCSP for a real seal', () => {
  it("puts the seal's and the TSA's OCSP answers in the DSS; openssl checks they say good; pdfsig validates", async () => {
    const id = await acceptedShipping();
    expect(await certifyShipping(depsWith(seals.good), id)).toBe('certified');
    const pdf = (await certificateOf(id))!;
    const dss = await dssOf(pdf);
    // The seal's answer (its delegated responder), then the TSA's (signed by the TSA's CA); OCSP answered: no CRL.
    expect(dss.ocsps).toHaveLength(2);
    expect(dss.crls).toEqual([]);
    const checkResponse = async (response: Buffer, ca: string, certificate: string) => {
      const responseFile = path.join(pki.directory, `response-${id}-${path.basename(certificate)}.der`);
      await writeFile(responseFile, response);
      const args = ['-respin', responseFile, '-CAfile', ca, '-issuer', ca, '-cert', certificate, '-no_nonce'];
      return execFileSync('openssl', ['ocsp', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    };
    expect(await checkResponse(dss.ocsps[0]!, pki.caPath, seals.good.certificatePath)).toContain(
      `${seals.good.certificatePath}: good`,
    );
    expect(await checkResponse(dss.ocsps[1]!, tsa.caPath, tsa.certificatePath)).toContain(
      `${tsa.certificatePath}: good`,
    );
    expect(await pdfsig(pdf, `good-${id}.pdf`)).toContain('Signature Validation: Signature is Valid.');
  });

  it('issues no certificate with a revoked seal: the job fails with an error naming the shipping and the seal', async () => {
    const id = await acceptedShipping();
    const refused = certifyShipping(depsWith(seals.revoked), id);
    await expect(refused).rejects.toBeInstanceOf(CertificateRevokedError);
    await expect(refused).rejects.toThrow(/Sello test seal revoked.* is revoked since .*keyCompromise/);
    expect(await certificateOf(id)).toBeNull();
    expect(await stateOf(id)).toBe('pending_cert');

    const lines: { level: number; msg: string; shippingId?: string; err?: { message: string } }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const queue = createJobQueue({ pool: t.database.pool, db: t.database.db, leaseSeconds: 15, logger, work: true });
    const ctx = { ...t.ctx, config: configWith(seals.revoked), app: { log: logger } as unknown as TAppContext['app'] };
    await queue.start(createEvidenceJobs(ctx));
    try {
      const jobId = await queue.send(DELIVERY_JOBS.certificate, { shippingId: id });
      const jobState = async () =>
        (await t.database.pool.query('SELECT state FROM pgboss.job WHERE id = $1', [jobId])).rows[0]?.state;
      await expect.poll(jobState, { timeout: 30_000, interval: 250 }).toBe('retry');
      const error = lines.find((line) => line.shippingId === id && line.level === 50);
      expect(error?.msg).toContain('certificate refused: a certificate of the seal or TSA chain is revoked');
      expect(error?.err?.message).toContain('Sello test seal revoked');
      expect(await certificateOf(id)).toBeNull();
      expect(await stateOf(id)).toBe('pending_cert');
    } finally {
      await queue.stop();
    }
  }, 60_000);

  it('falls back on the CRL of the distribution point while the responder does not answer', async () => {
    const id = await acceptedShipping();
    expect(await certifyShipping(depsWith(seals.fallback), id)).toBe('certified');
    const pdf = (await certificateOf(id))!;
    const dss = await dssOf(pdf);
    // The seal's CA's CRL in place of its answer; the one OCSP answer is the TSA's.
    expect(dss.crls.map((crl) => crl.equals(pki.crl()))).toEqual([true]);
    expect(dss.ocsps).toHaveLength(1);
    const responseFile = path.join(pki.directory, `response-${id}-tsa.der`);
    await writeFile(responseFile, dss.ocsps[0]!);
    const args = ['-respin', responseFile, '-CAfile', tsa.caPath, '-issuer', tsa.caPath, '-cert', tsa.certificatePath];
    expect(execFileSync('openssl', ['ocsp', ...args, '-no_nonce'], { encoding: 'utf8', stdio: 'pipe' })).toContain(
      `${tsa.certificatePath}: good`,
    );
    expect(await pdfsig(pdf, `fallback-${id}.pdf`)).toContain('Signature Validation: Signature is Valid.');
  });

  it('issues no certificate when the fallback CRL lists the seal as revoked', async () => {
    const id = await acceptedShipping();
    const refused = certifyShipping(depsWith(seals.listed), id);
    await expect(refused).rejects.toBeInstanceOf(CertificateRevokedError);
    await expect(refused).rejects.toThrow(/Sello test seal listed is listed as revoked in the CRL at http/);
    expect(await certificateOf(id)).toBeNull();
    expect(await stateOf(id)).toBe('pending_cert');
  });

  it('leaves the certificate waiting (a trust service unavailable) without a responder answer or a CRL', async () => {
    const id = await acceptedShipping();
    const waiting = certifyShipping(depsWith(seals.waiting), id);
    await expect(waiting).rejects.toBeInstanceOf(TrustServiceUnavailableError);
    await expect(waiting).rejects.toThrow(/no OCSP responder answered/);
    expect(await certificateOf(id)).toBeNull();
    expect(await stateOf(id)).toBe('pending_cert');
  });
});
