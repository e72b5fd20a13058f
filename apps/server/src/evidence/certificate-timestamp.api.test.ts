import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dssOf, signaturesOf, signatureTimestampOf } from '../../test/pades-parts.ts';
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
import { createSealLoader } from './seal.ts';
import { TimestampUnavailableError } from './timestamp-authority.ts';
import { createTimestamper } from './timestamps.ts';

// Every certificate's signature carries a signature time-stamp (PAdES B-T) from the configured TSA, here an
// independent one: OpenSSL's `openssl ts -reply` behind an HTTP wrapper.

let tsa: TTsaTestServer;
let t: TTestApp;
let user: TestClient;
let deps: TCertificateDeps;

beforeAll(async () => {
  tsa = await startTsaServer();
  t = await createShippingTestApp({ TSA_URL: tsa.url, TSA_TIMEOUT_MS: '2000' });
  user = await signedInClient(t.app, 'company.user');
  deps = {
    db: t.database.db,
    blobs: t.ctx.blobs,
    jobs: t.ctx.jobs,
    config: t.ctx.config,
    loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
    stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
  };
});
afterAll(async () => {
  await t.close();
  await tsa.close();
});

async function acceptedShipping(): Promise<string> {
  const id = await sendShipping(user, t.database.db, 'Notarial notification', {
    documents: [{ name: 'deed.pdf', content: pdfDataUrl(`Timestamp ${Math.random()}`) }],
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

describe('signature time-stamps', () => {
  it('time-stamps the certificate signature at the TSA; the token verifies with openssl against its certificate', async () => {
    const id = await acceptedShipping();
    const answeredBefore = tsa.answered();
    expect(await certifyShipping(deps, id)).toBe('certified');
    expect(tsa.answered()).toBeGreaterThan(answeredBefore);
    const pdf = (await certificateOf(id))!;
    const file = path.join(tsa.directory, `certificate-${id}.pdf`);
    await writeFile(file, pdf);

    const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    expect(report).toContain('Signature Validation: Signature is Valid.');

    const [cms] = signaturesOf(pdf);
    const { signatureDigest, token } = signatureTimestampOf(cms!);
    expect(token).not.toBeNull();
    const tokenFile = path.join(tsa.directory, `token-${id}.der`);
    await writeFile(tokenFile, token!);
    const verified = execFileSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-digest',
        signatureDigest,
        '-token_in',
        '-in',
        tokenFile,
        '-CAfile',
        tsa.caPath,
        '-untrusted',
        tsa.certificatePath,
      ],
      { encoding: 'utf8' },
    );
    expect(verified).toContain('Verification: OK');
  });

  it('keeps the seal and TSA chains and their CRLs in the DSS (B-LT), the seal CRL signed by the demo CA', async () => {
    const id = await acceptedShipping();
    expect(await certifyShipping(deps, id)).toBe('certified');
    const pdf = (await certificateOf(id))!;
    const seal = await deps.loadSeal();
    const dss = await dssOf(pdf);
    // The seal's chain, then the TSA's (its certificate and CA, from the signature time-stamp token).
    const tsaChain = [tsa.certificatePath, tsa.caPath].map((file) =>
      new X509Certificate(readFileSync(file)).raw.toString('hex'),
    );
    expect(dss.certificates.map((certificate) => certificate.toString('hex'))).toEqual([
      ...seal.chain.map((certificate) => certificate.raw.toString('hex')),
      ...tsaChain,
    ]);
    // The seal CA's CRL, then the TSA CA's, fetched from the TSA certificate's distribution point.
    expect(dss.crls).toHaveLength(2);
    expect(dss.crls[1]!.equals(tsa.crl)).toBe(true);
    const caFile = path.join(tsa.directory, `seal-ca-${id}.pem`);
    const crlFile = path.join(tsa.directory, `seal-ca-${id}.crl`);
    await writeFile(caFile, seal.chain.at(-1)!.toString());
    await writeFile(crlFile, dss.crls[0]!);
    const crl = spawnSync('openssl', ['crl', '-inform', 'DER', '-in', crlFile, '-CAfile', caFile, '-noout', '-text'], {
      encoding: 'utf8',
    });
    expect(crl.stderr).toContain('verify OK');
    expect(crl.stdout).toContain('No Revoked Certificates');
    expect(crl.stdout).toContain(`Issuer: CN = ${deps.config.PROVIDER_NAME} demo CA`);
    // The DSS came after the signature: the signature still verifies.
    const file = path.join(tsa.directory, `certificate-ltv-${id}.pdf`);
    await writeFile(file, pdf);
    expect(execFileSync('pdfsig', [file], { encoding: 'utf8' })).toContain('Signature Validation: Signature is Valid.');
  });

  it('issues no certificate while the TSA does not answer, and issues it once the TSA is back', async () => {
    const id = await acceptedShipping();
    tsa.setDown(true);
    try {
      await expect(certifyShipping(deps, id)).rejects.toBeInstanceOf(TimestampUnavailableError);
      expect(await certificateOf(id)).toBeNull();
      const state = await t.database.db
        .selectFrom('shippings')
        .select('state')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(state.state).toBe('pending_cert');
    } finally {
      tsa.setDown(false);
    }
    expect(await certifyShipping(deps, id)).toBe('certified');
    expect(await certificateOf(id)).not.toBeNull();
  });

  it('the certificate job waits in retry with a warning while the TSA is down, and certifies once it is back', async () => {
    const lines: { level: number; msg: string; shippingId?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const queue = createJobQueue({ pool: t.database.pool, db: t.database.db, leaseSeconds: 15, logger, work: true });
    const ctx = { ...t.ctx, app: { log: logger } as unknown as TAppContext['app'] };
    await queue.start(createEvidenceJobs(ctx));
    try {
      const id = await acceptedShipping();
      tsa.setDown(true);
      const jobId = await queue.send(DELIVERY_JOBS.certificate, { shippingId: id });
      const jobState = async () =>
        (await t.database.pool.query('SELECT state FROM pgboss.job WHERE id = $1', [jobId])).rows[0]?.state;
      await expect.poll(jobState, { timeout: 20_000, interval: 250 }).toBe('retry');
      const warning = lines.find((line) => line.shippingId === id && line.level === 40);
      expect(warning?.msg).toContain('waits for its time-stamp');
      expect(await certificateOf(id)).toBeNull();
      tsa.setDown(false);
      await expect.poll(jobState, { timeout: 40_000, interval: 500 }).toBe('completed');
      expect(await certificateOf(id)).not.toBeNull();
    } finally {
      tsa.setDown(false);
      await queue.stop();
    }
  }, 60_000);
});
