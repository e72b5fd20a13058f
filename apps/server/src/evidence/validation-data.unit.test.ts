import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { readDss } from './pdf-increment.ts';
import { createSealLoader, demoSealCrlUrl } from './seal.ts';
import { addDss, crlUrlsOf } from './validation-data.ts';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'sello-crl-dp-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A self-signed certificate made by openssl, with `extensions` added. */
async function opensslCertificate(name: string, extensions: string[]): Promise<Buffer> {
  const file = path.join(folder, `${name}.pem`);
  const key = path.join(folder, `${name}.key`);
  const added = extensions.flatMap((extension) => ['-addext', extension]);
  execFileSync('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', file],
    ...['-subj', `/CN=${name}`, '-days', '2', ...added],
  ]);
  return new X509Certificate(await readFile(file)).raw;
}

describe('crlUrlsOf', () => {
  it('reads the URLs of the CRL distribution points of a certificate openssl made, and none without', async () => {
    const points = 'crlDistributionPoints=URI:http://crl.example.test/ca.crl,URI:https://b.example.test/c.crl';
    expect(crlUrlsOf(await opensslCertificate('with', [points]))).toEqual([
      'http://crl.example.test/ca.crl',
      'https://b.example.test/c.crl',
    ]);
    expect(crlUrlsOf(await opensslCertificate('without', []))).toEqual([]);
  });
});

describe('the demo seal', () => {
  it("names where the server publishes its CA's CRL (PUBLIC_URL's origin) as its CRL distribution point", async () => {
    const config = loadConfig({ DATA_DIR: folder, PUBLIC_URL: 'https://sello.example.test/console/' });
    const seal = await createSealLoader(config, { warn: () => {} })();
    expect(crlUrlsOf(seal.leaf.raw)).toEqual(['https://sello.example.test/rest/services/public/crl/demo-seal-ca']);
    // The CA itself, a trust anchor, names none.
    expect(crlUrlsOf(seal.chain.at(-1)!.raw)).toEqual([]);
    expect(demoSealCrlUrl(loadConfig({ PORT: '8123' }))).toBe(
      'http://localhost:8123/rest/services/public/crl/demo-seal-ca',
    );
  }, 30_000);
});

describe('addDss', () => {
  it('keeps what the DSS held: a later increment adds what is new and lists everything', async () => {
    const document = await PDFDocument.create();
    document.addPage();
    const pdf = Buffer.from(await document.save({ useObjectStreams: false }));
    const [first, second] = [await opensslCertificate('first', []), await opensslCertificate('second', [])];
    const crl = Buffer.from('a CRL');
    const once = addDss(pdf, { certificates: [first], crls: [crl], ocsps: [] });
    // The archive time-stamp's increment brings its own chain (the first certificate again) and no CRL.
    const twice = addDss(once, { certificates: [first, second], crls: [], ocsps: [Buffer.from('an OCSP answer')] });
    const dss = readDss(twice);
    expect(dss.Certs.map((entry) => entry.bytes)).toEqual([first, second]);
    expect(dss.CRLs.map((entry) => entry.bytes.toString())).toEqual(['a CRL']);
    expect(dss.OCSPs.map((entry) => entry.bytes.toString())).toEqual(['an OCSP answer']);
    // The first increment's bytes stay as they were: the second only appends.
    expect(twice.subarray(0, once.length).equals(once)).toBe(true);
  });
});
