import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { readDemo } from './seal.ts';
import { readTstInfo } from './timestamp-authority.ts';
import { createTimestamper } from './timestamps.ts';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'sello-demo-tsa-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the demo TSA', () => {
  it('warns, is made once with the timeStamping key purpose, and its tokens verify with openssl', async () => {
    const config = loadConfig({ DATA_DIR: folder });
    const warnings: string[] = [];
    const stamp = createTimestamper(config, { warn: (message) => warnings.push(message) });
    expect(warnings.join()).toContain('TSA_URL is not set');
    const digest = createHash('sha256').update('a signature value').digest();
    const token = await stamp(digest);
    const info = readTstInfo(token);
    expect(info.digest.equals(digest)).toBe(true);
    expect(Math.abs(info.genTime.getTime() - Date.now())).toBeLessThan(60_000);

    const secret = path.join(folder, 'secrets', 'demo-tsa.json');
    const tsa = readDemo(await readFile(secret, 'utf8'));
    const certificate = new X509Certificate(tsa.leaf.raw);
    expect(certificate.toLegacyObject().ext_key_usage).toEqual(['1.3.6.1.5.5.7.3.8']);
    // Made once: a second timestamper of the same data folder signs with the same certificate.
    await createTimestamper(config, { warn: () => {} })(digest);
    expect(readDemo(await readFile(secret, 'utf8')).leaf.fingerprint256).toBe(tsa.leaf.fingerprint256);

    // Issued by its own demo CA, whose CRL goes into the DSS of every file it time-stamps.
    expect(tsa.chain).toHaveLength(2);
    expect(tsa.demoCaKey).toBeDefined();
    const ca = new X509Certificate(tsa.chain[1]!.raw);
    expect(certificate.checkIssued(ca)).toBe(true);
    await writeFile(path.join(folder, 'tsa.pem'), certificate.toString());
    await writeFile(path.join(folder, 'tsa-ca.pem'), ca.toString());
    await writeFile(path.join(folder, 'token.der'), token);
    const verified = execFileSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-digest',
        digest.toString('hex'),
        '-token_in',
        '-in',
        path.join(folder, 'token.der'),
        '-CAfile',
        path.join(folder, 'tsa-ca.pem'),
        '-untrusted',
        path.join(folder, 'tsa.pem'),
      ],
      { encoding: 'utf8' },
    );
    expect(verified).toContain('Verification: OK');
    // Two RSA keys (the TSA and its CA) made here: seconds on a busy machine.
  }, 30_000);
});
