import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dssOf, signedRangesOf } from '../../test/pades-parts.ts';
import { createShippingTestApp, pdfDataUrl, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { startTsaServer, type TTsaTestServer } from '../../test/tsa-server.ts';
import type { TAppContext } from '../app-context.ts';
import { EVIDENCE_JOBS } from '../platform/job-catalogue.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { renewArchiveTimestamps } from './archive-timestamps.ts';
import { certifyShipping, type TCertificateDeps } from './certificate-worker.ts';
import { checkChainHeadTimestamp, stampChainHeads } from './chain-timestamps.ts';
import { createEvidenceJobs } from './evidence-jobs.ts';
import { verifyShipping } from './evidence-verify.ts';
import { createSealLoader } from './seal.ts';
import { createTimestamper } from './timestamps.ts';

// PAdES B-LTA and the archive time-stamps that keep it alive, and the time-stamped chain heads, against independent
// TSAs (OpenSSL's `openssl ts -reply` behind an HTTP wrapper): one whose certificate ends tomorrow, one for a year.

const METRICS_TOKEN = 'metrics-token-for-the-archive-tests-0123456789';
const quiet = { warn: () => {} };
let shortTsa: TTsaTestServer;
let longTsa: TTsaTestServer;
let t: TTestApp;
let user: TestClient;
let deps: TCertificateDeps;

beforeAll(async () => {
  [shortTsa, longTsa] = await Promise.all([startTsaServer({ days: 1 }), startTsaServer()]);
  t = await createShippingTestApp({
    TSA_URL: shortTsa.url,
    TSA_TIMEOUT_MS: '2000',
    ARCHIVE_TIMESTAMP_RENEW_DAYS: '30',
    METRICS_TOKEN,
  });
  user = await signedInClient(t.app, 'company.user');
  deps = {
    db: t.database.db,
    blobs: t.ctx.blobs,
    jobs: t.ctx.jobs,
    config: t.ctx.config,
    loadSeal: createSealLoader(t.ctx.config, quiet),
    stamp: createTimestamper(t.ctx.config, quiet),
  };
});
afterAll(async () => {
  await t.close();
  await Promise.all([shortTsa.close(), longTsa.close()]);
});

async function certifiedShipping(): Promise<string> {
  const id = String(
    await sendShipping(user, t.database.db, 'Notarial notification', {
      documents: [{ name: 'deed.pdf', content: pdfDataUrl(`Archive ${Math.random()}`) }],
    }),
  );
  await t.database.db.transaction().execute(async (trx) => {
    const shipping = (await lockShipping(trx, null, id))!;
    for (const action of ['dispatch', 'accept'] as const)
      await applyTransition(trx, t.ctx.jobs, shipping, action, null);
  });
  expect(await certifyShipping(deps, id)).toBe('certified');
  return id;
}

async function certificateSha(id: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('shipping_documents')
    .select('sha256')
    .where('shipping_id', '=', id)
    .where('kind', '=', 'certificate')
    .executeTakeFirstOrThrow();
  return row.sha256;
}

/** `openssl ts -verify` of a token over a SHA-256 digest (hex), against the TSA's CA. */
async function opensslVerify(token: Buffer, digest: string, tsa: TTsaTestServer): Promise<string> {
  const file = path.join(tsa.directory, `token-${Math.random()}.der`);
  await writeFile(file, token);
  const args = ['-digest', digest, '-token_in', '-in', file, '-CAfile', tsa.caPath, '-untrusted', tsa.certificatePath];
  return execFileSync('openssl', ['ts', '-verify', ...args], { encoding: 'utf8' });
}

async function pdfsig(pdf: Buffer): Promise<string> {
  const file = path.join(longTsa.directory, `file-${Math.random()}.pdf`);
  await writeFile(file, pdf);
  return execFileSync('pdfsig', [file], { encoding: 'utf8' });
}

async function derOf(pemFile: string): Promise<string> {
  return new X509Certificate(await readFile(pemFile)).raw.toString('hex');
}

describe('PAdES B-LTA', () => {
  it('ends each certificate with a document time-stamp over the whole file, its TSA chain and CRL in the DSS', async () => {
    const id = await certifiedShipping();
    const pdf = await t.ctx.blobs.read(await certificateSha(id));
    const ranges = signedRangesOf(pdf);
    expect(ranges.map((range) => range.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.RFC3161']);
    const stamp = ranges[1]!;
    expect(stamp.end).toBe(pdf.length);
    expect(await opensslVerify(stamp.cms, stamp.digest, shortTsa)).toContain('Verification: OK');
    expect(pdf.toString('latin1')).toMatch(/\/Type\s*\/DocTimeStamp/);

    const report = await pdfsig(pdf);
    const signatures = report.split(/^Signature #\d+:$/m).slice(1);
    expect(signatures).toHaveLength(2);
    expect(signatures[0]).toContain('Signature Validation: Signature is Valid.');
    // Poppler lists a document time-stamp with its TSA as signer, over the whole file (it does not validate one).
    expect(signatures[1]).toContain('Signer Certificate Common Name: Sello test TSA');
    expect(signatures[1]).toContain('Total document signed');

    const dss = await dssOf(pdf);
    const certificates = dss.certificates.map((certificate) => certificate.toString('hex'));
    expect(certificates).toContain(await derOf(shortTsa.certificatePath));
    expect(certificates).toContain(await derOf(shortTsa.caPath));
    expect(dss.crls.map((crl) => crl.toString('hex'))).toContain(shortTsa.crl.toString('hex'));
  });

  it('the archive job adds a second document time-stamp before the TSA certificate ends; both verify', async () => {
    const id = await certifiedShipping();
    const before = await certificateSha(id);
    const original = await t.ctx.blobs.read(before);
    const archiveDeps = {
      db: t.database.db,
      blobs: t.ctx.blobs,
      stamp: createTimestamper({ ...t.ctx.config, TSA_URL: longTsa.url }, quiet),
    };
    const { renewed } = await renewArchiveTimestamps(archiveDeps, 30);
    expect(renewed).toBeGreaterThanOrEqual(1);

    const after = await certificateSha(id);
    expect(after).not.toBe(before);
    const renewedPdf = await t.ctx.blobs.read(after);
    // An incremental update: the file before is kept whole at the start of the new one, and in the store.
    expect(renewedPdf.subarray(0, original.length).equals(original)).toBe(true);
    expect(await t.ctx.blobs.has(before)).toBe(true);
    const row = await t.database.db
      .selectFrom('document_timestamps')
      .selectAll()
      .where('sha256', '=', after)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ previous_sha256: before, previous_size: String(original.length) });
    expect(row.tsa_expires_at!.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);

    const ranges = signedRangesOf(renewedPdf);
    expect(ranges.map((range) => range.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.RFC3161', 'ETSI.RFC3161']);
    expect(await opensslVerify(ranges[1]!.cms, ranges[1]!.digest, shortTsa)).toContain('Verification: OK');
    expect(await opensslVerify(ranges[2]!.cms, ranges[2]!.digest, longTsa)).toContain('Verification: OK');
    expect(ranges[2]!.end).toBe(renewedPdf.length);
    const signatures = (await pdfsig(renewedPdf)).split(/^Signature #\d+:$/m).slice(1);
    expect(signatures).toHaveLength(3);
    expect(signatures[0]).toContain('Signature Validation: Signature is Valid.');
    // The archive increment holds the first time-stamp's validation data (its TSA chain and CRL).
    const dss = await dssOf(renewedPdf);
    expect(dss.crls.map((crl) => crl.toString('hex'))).toContain(shortTsa.crl.toString('hex'));
    expect((await verifyShipping({ db: t.database.db, blobs: t.ctx.blobs }, id)).valid).toBe(true);
    // The public verification knows both the file as issued and the file the archive time-stamp extended.
    for (const pdf of [original, renewedPdf]) {
      const checked = await t.app.inject({
        method: 'POST',
        url: '/rest/services/public/certificates/verify',
        payload: { content: pdf.toString('base64') },
      });
      expect(checked.json()).toMatchObject({ issued: true, certificate: { requestId: Number(id) } });
    }

    // Its new time-stamp lasts a year: the next run leaves it alone.
    await renewArchiveTimestamps(archiveDeps, 30);
    expect(await certificateSha(id)).toBe(after);
  });
});

describe('time-stamped chain heads', () => {
  it('stamps the head of a closed shipping: the imprint is the head hash and openssl verifies it', async () => {
    const id = await certifiedShipping();
    expect(await stampChainHeads({ db: t.database.db, stamp: deps.stamp })).toBeGreaterThanOrEqual(1);
    const head = await t.database.db
      .selectFrom('shippings')
      .select(['last_event_hash', 'event_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const stamped = await t.database.db
      .selectFrom('chain_head_timestamps')
      .selectAll()
      .where('shipping_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stamped).toMatchObject({ head_hash: head.last_event_hash, event_count: head.event_count });
    const file = path.join(shortTsa.directory, `head-${id}.der`);
    await writeFile(file, stamped.token);
    const imprint = execFileSync('openssl', ['ts', '-reply', '-token_in', '-in', file, '-token_out', '-text'], {
      encoding: 'utf8',
    });
    // The message imprint as OpenSSL prints it: rows of 16 hex bytes after an offset.
    const printed = [...imprint.matchAll(/^\s+[0-9a-f]{4} - ((?:[0-9a-f]{2}[ -]){15}[0-9a-f]{2})/gm)]
      .map((row) => row[1]!.replace(/[ -]/g, ''))
      .join('');
    expect(printed).toBe(head.last_event_hash);
    expect(await opensslVerify(stamped.token, head.last_event_hash!, shortTsa)).toContain('Verification: OK');
    expect(await checkChainHeadTimestamp(t.database.db, id)).toMatchObject({ valid: true, problem: null });
    // Stamped once: a second run leaves it.
    await stampChainHeads({ db: t.database.db, stamp: deps.stamp });
    const count = await t.database.db
      .selectFrom('chain_head_timestamps')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('shipping_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('a TSA that does not answer', () => {
  it('fails the time-stamp jobs with an error log and the trust_service metric, changing nothing; they catch up', async () => {
    const id = await certifiedShipping();
    const sha = await certificateSha(id);
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const ctx = { ...t.ctx, app: { log: logger } as unknown as TAppContext['app'] };
    const jobs = createEvidenceJobs(ctx);
    const job = (name: string) => jobs.find((candidate) => candidate.name === name)!;
    const metric = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const line = /^sello_dependency_errors_total\{dependency="trust_service"\} (\d+)$/m.exec(response.body);
      return Number(line![1]);
    };
    const errorsBefore = await metric();
    shortTsa.setDown(true);
    try {
      await expect(job(EVIDENCE_JOBS.chainHeadTimestamps.name).run!(undefined)).rejects.toThrow();
      await expect(job(EVIDENCE_JOBS.archiveTimestamps.name).run!(undefined)).rejects.toThrow();
      expect(await metric()).toBe(errorsBefore + 2);
      const errors = lines.filter((line) => line.level === 50).map((line) => line.msg);
      expect(errors.some((message) => message.includes('chain heads wait for their time-stamp'))).toBe(true);
      expect(errors.some((message) => message.includes('archive time-stamps wait'))).toBe(true);
      expect(await certificateSha(id)).toBe(sha);
      const stamped = await t.database.db
        .selectFrom('chain_head_timestamps')
        .select('id')
        .where('shipping_id', '=', id)
        .execute();
      expect(stamped).toEqual([]);
    } finally {
      shortTsa.setDown(false);
    }
    await job(EVIDENCE_JOBS.chainHeadTimestamps.name).run!(undefined);
    expect(await checkChainHeadTimestamp(t.database.db, id)).toMatchObject({ valid: true });
  });
});
