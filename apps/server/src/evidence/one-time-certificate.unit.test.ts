import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createSigningCaLoader, issueOneTimeCertificate } from './one-time-certificate.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-signing-ca-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A CA made by openssl, as PEM files in the test's folder. */
function opensslCa(name: string) {
  const key = path.join(dir, `${name}.key`);
  const certificate = path.join(dir, `${name}.pem`);
  execFileSync('openssl', ['genrsa', '-traditional', '-out', key, '2048'], { stdio: 'ignore' });
  execFileSync(
    'openssl',
    ['req', '-x509', '-new', '-key', key, '-out', certificate, '-days', '30', '-subj', `/CN=${name}/O=Test signing CA`],
    { stdio: 'ignore' },
  );
  return { key, certificate };
}

const quiet = { warn: () => {} };

describe('the signing CA configuration', () => {
  it('takes certificate and key together, from files or from PEM variables but not both', () => {
    expect(() => loadConfig({ SIGNING_CA_CERT_PATH: '/ca.pem' })).toThrow(/SIGNING_CA_KEY_PATH/);
    expect(() => loadConfig({ SIGNING_CA_KEY_PEM: '-----BEGIN PRIVATE KEY-----' })).toThrow(/SIGNING_CA_KEY_PEM/);
    expect(() => loadConfig({ SIGNING_CA_CERT_PEM: 'not a certificate' })).toThrow(/SIGNING_CA_CERT_PEM/);
    expect(() =>
      loadConfig({
        SIGNING_CA_CERT_PATH: '/ca.pem',
        SIGNING_CA_KEY_PATH: '/ca.key',
        SIGNING_CA_CERT_PEM: '-----BEGIN CERTIFICATE-----',
        SIGNING_CA_KEY_PEM: '-----BEGIN PRIVATE KEY-----',
      }),
    ).toThrow(/not both/);
    expect(() => loadConfig({ ONE_TIME_CERTIFICATE_MINUTES: '0' })).toThrow(/ONE_TIME_CERTIFICATE_MINUTES/);
    expect(loadConfig({}).ONE_TIME_CERTIFICATE_MINUTES).toBe(15);
  });
});

describe('one-time certificates', () => {
  it('are issued by the configured CA to the receiver, valid for the configured minutes; openssl verifies them', async () => {
    const ca = opensslCa('Configured CA');
    const config = loadConfig({
      DATA_DIR: dir,
      SIGNING_CA_CERT_PEM: readFileSync(ca.certificate, 'utf8'),
      SIGNING_CA_KEY_PEM: readFileSync(ca.key, 'utf8'),
    });
    const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 400);
    const issued = await issueOneTimeCertificate(
      await createSigningCaLoader(config, quiet)(),
      { name: 'Tiago Almeida', documentNumber: '123 456-78z' },
      { now, minutes: 15, organization: 'Sello' },
    );
    expect(issued.notBefore.getTime()).toBe(now.getTime() - 400);
    expect(issued.notAfter.getTime() - issued.notBefore.getTime()).toBe(15 * 60_000);
    expect(issued.subject).toMatch(/CN=Tiago Almeida, serialNumber=IDCES-12345678Z/);
    expect(issued.leaf.issuer).toContain('CN=Configured CA');
    expect(issued.leaf.checkPrivateKey(issued.privateKey)).toBe(true);
    const leaf = path.join(dir, 'leaf.pem');
    writeFileSync(leaf, issued.leaf.toString());
    const verified = execFileSync(
      'openssl',
      ['verify', '-attime', String(Math.floor(now.getTime() / 1000) + 60), '-CAfile', ca.certificate, leaf],
      { encoding: 'utf8' },
    );
    expect(verified).toContain('OK');
    const later = String(Math.floor(now.getTime() / 1000) + 16 * 60);
    expect(() =>
      execFileSync('openssl', ['verify', '-attime', later, '-CAfile', ca.certificate, leaf], { stdio: 'pipe' }),
    ).toThrow(/expired/);
  });

  it('refuses a CA key that is not its certificate', async () => {
    const one = opensslCa('One');
    const other = opensslCa('Other');
    const config = loadConfig({ DATA_DIR: dir, SIGNING_CA_CERT_PATH: one.certificate, SIGNING_CA_KEY_PATH: other.key });
    await expect(createSigningCaLoader(config, quiet)()).rejects.toThrow(/does not match/);
  });

  it('without a configured CA, makes the demo one once (with a warning) and every copy uses it', async () => {
    const config = loadConfig({ DATA_DIR: path.join(dir, 'demo') });
    const warnings: string[] = [];
    const loadFirst = createSigningCaLoader(config, { warn: (message) => warnings.push(message) });
    // Warned at once (the server's start), before anything is made.
    expect(warnings.join()).toMatch(/demo signing CA .*demo-signing-ca\.json/);
    const first = await loadFirst();
    const second = await createSigningCaLoader(config, quiet)();
    expect(first.der.equals(second.der)).toBe(true);
  });
});
