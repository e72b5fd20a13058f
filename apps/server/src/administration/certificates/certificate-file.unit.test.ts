import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  certificatePem,
  dataUrl,
  encryptedPrivateKeyPem,
  generateKeys,
  makeCertificate,
  pkcs12DataUrl,
  privateKeyPem,
  serialOf,
  type TTestIdentity,
} from '../../../test/test-certificates.ts';
import {
  CertificateFileError,
  MAX_KEY_DERIVATION_ITERATIONS,
  readPublicCertificate,
  readSigningCertificate,
} from './certificate-file.ts';
import { inspectCertificate } from './x509-inspect.ts';

/** Test-only EC P-256 seal made with OpenSSL 3 (AES-256 PKCS#12, password "secret"), valid until 2126. */
const EC_CERTIFICATE_PEM = `-----BEGIN CERTIFICATE-----
MIIB+zCCAaKgAwIBAgIUDNXEDkz5j0lbpKdL066uNOAmMQ0wCgYIKoZIzj0EAwIw
QDELMAkGA1UEBhMCUFQxGTAXBgNVBAoMEFNlbGxvIFRlc3QsIExkYS4xFjAUBgNV
BAMMDVNlbGxvIEVDIFNlYWwwIBcNMjYxMTIyMDIxOTA1WhgPMjEyNjEwMjkwMjE5
MDVaMEAxCzAJBgNVBAYTAlBUMRkwFwYDVQQKDBBTZWxsbyBUZXN0LCBMZGEuMRYw
FAYDVQQDDA1TZWxsbyBFQyBTZWFsMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE
28SIQOWOX1QzUEDrkSnHwL/2Z9n3MDAwTt0e6id4fKM1zbSwwE/pHFEeEDPAFhti
sGJpmjiE+Hk7wtJmgFnlEaN4MHYwHQYDVR0OBBYEFFX804iKBH/pf2rysVYeeivg
Bp+AMB8GA1UdIwQYMBaAFFX804iKBH/pf2rysVYeeivgBp+AMA8GA1UdEwEB/wQF
MAMBAf8wDgYDVR0PAQH/BAQDAgbAMBMGA1UdJQQMMAoGCCsGAQUFBwMkMAoGCCqG
SM49BAMCA0cAMEQCIDciFUO/PlK8W4IknYgmgUBbxeQL/HwGwNiWKk1Lm9bYAiBp
WgAevrmEz8+O9PG6URrcL+Q6D6Tmwc2fyDDqWaRzNw==
-----END CERTIFICATE-----
`;
const EC_PRIVATE_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgfbSGet0pkIirY6If
rrYvMaAIohVFztzFFN/auc3Lo+ShRANCAATbxIhA5Y5fVDNQQOuRKcfAv/Zn2fcw
MDBO3R7qJ3h8ozXNtLDAT+kcUR4QM8AWG2KwYmmaOIT4eTvC0maAWeUR
-----END PRIVATE KEY-----
`;
const EC_PKCS12_BASE64 =
  'MIIEywIBAzCCBIEGCSqGSIb3DQEHAaCCBHIEggRuMIIEajCCAwIGCSqGSIb3DQEHBqCCAvMwggLvAgEAMIIC6AYJKoZIhvcNAQcBMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAgxP6p+GTu8mgICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEB2sBGxABh4I9TtULn52eoaAggKAtdzBXBBcvi6Os2MjAbOS4XQx5gpmcswaUuCPvg4zSjmBtXFSUq+SL8dr7E6NqLJcPm8UaNXhVtN4YqZBwFTJjR6fVRuB3r/jf3k4b0ixfdXTOG3lgalij517SezW2bbaHtegDBN8NxWU3A4bP2ryh+WMaM3yfNU48aMIG+yrOaomaoJoayA0YMe6yU90449oehgmD8teJYrbGpsySeYmA8lwrpJW2ZeYtDHQVe2LtpiXBcClQ7fGytMbV15FaoJasoA+ir6/C8pka8dTJt41EtdJ6mNhhVJYtjQbA40JqvRCo21+F/GRDxBMirKA1JxPj8qZ+Tb4DnE7L20KUU17SR2OKU8YiGkzObBNbA/tpWjvyNRtLpn8KYmjBgc7ddLvcOwC/VsZ/0ZIfMRHIRTdu+/YAZtOisAS+rHx/+ROL21U+ITf8JPXa9amLO8AsqtueHmoiC1vMWORW/qfy6grWXT2YNUMaodzLpWIwIyu4nGHYHIpUNt3EVXtVoe1aFV973+XRTXROmnhNn4pG/YFC+LpYKw9oVnGHbj40pLdg7iCIT4eNoqw+v7fUvA0uss8TZV8pJiljoDuCNxfZpSzBXaRv1piJLtoBoTQyjZIDv8thwLpq6aFSD00sI3HmBkv2dXbviSZ6BmLr1LQ0aa13BVDPknNTZeKw3B8Mp5EdNbNlB77TaMy23C7o6hjFVqIsg+tFYJXX+xZZawmIgEOs7Wraz7W7lmvwMpBxX6UcnEz1y2dxbjohydhBsdzTpWte+59bSiRdjostXbZUYV0e1nI65zeE53soEMlFSXH5vD6AHUq4XfgYoRD25+tfvPj/X5hbi0gGqOfdEWsv5mk4jCCAWAGCSqGSIb3DQEHAaCCAVEEggFNMIIBSTCCAUUGCyqGSIb3DQEMCgECoIHvMIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAj/B3kIoVmskAICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEOPGcCu4WRT2HaCYMuFoVAgEgZDPJKHTp0coJYX7OfYiFBeYfm17GiNj/9kpXy7J+QquE//DU9bLLs2qgNDduf2vVMEjTQjcJWOrRVLjUZsyPVUgX+BI823mq5t0gP4VT4GtNfwj8Edh9Fw4Wk/t1jTFxGB7KKbm1aj7tz+MfS1SCHY/YxIxtEP2J00kpj61doZYLmjDpw9i3R/kwKmLw0zNwOYxRDAdBgkqhkiG9w0BCRQxEB4OAGUAYwAgAHMAZQBhAGwwIwYJKoZIhvcNAQkVMRYEFHNqBILiRwSQIRGSe+YHEbzHRityMEEwMTANBglghkgBZQMEAgEFAAQgrlmi+GlAQPqrHvJLqxartKPjCa0/H5fkK2IgrFHW+fwECAy6LOxz4/zuAgIIAA==';

function errorOf(run: () => unknown): { key: string; field: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof CertificateFileError) return { key: error.key, field: error.field };
    throw error;
  }
}

let ca: TTestIdentity;
let seal: TTestIdentity;
let other: TTestIdentity;

beforeAll(() => {
  ca = makeCertificate({ commonName: 'Sello Test CA', ca: true, validToDays: 3650 });
  seal = makeCertificate({ commonName: 'Sello Seal', issuer: ca, validToDays: 200 });
  other = makeCertificate({ commonName: 'Other', keys: generateKeys() });
});

describe('readSigningCertificate', () => {
  it('opens a PKCS#12 file with its password, picks the leaf by its key and orders the chain', () => {
    const content = pkcs12DataUrl(seal, [ca.certificate, seal.certificate], 'Secret-1', 'seal alias');
    const bundle = readSigningCertificate({ content, password: 'Secret-1' });
    expect(bundle.privateKey?.asymmetricKeyType).toBe('rsa');
    expect(bundle.friendlyName).toBe('seal alias');
    expect(bundle.chain.map((certificate) => inspectCertificate(certificate).commonName)).toEqual([
      'Sello Seal',
      'Sello Test CA',
    ]);
    const info = inspectCertificate(bundle.leaf);
    expect(info).toMatchObject({
      subject: 'CN=Sello Seal, O=Sello Demo, C=ES',
      commonName: 'Sello Seal',
      issuer: 'CN=Sello Test CA, O=Sello Demo, C=ES',
      issuerCommonName: 'Sello Test CA',
      serialNumber: serialOf(seal),
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      extendedKeyUsage: ['emailProtection', 'documentSigning'],
      keyAlgorithm: 'RSA 1024',
    });
    expect(info.validTo.getTime()).toBe(
      seal.certificate.validity.notAfter.getTime() - (seal.certificate.validity.notAfter.getTime() % 1000),
    );
    expect(info.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('answers ERR_CERT_PASSWORD on the password field for a wrong or missing password', () => {
    const content = pkcs12DataUrl(seal, [seal.certificate], 'Secret-1');
    expect(errorOf(() => readSigningCertificate({ content, password: 'wrong' }))).toEqual({
      key: 'ERR_CERT_PASSWORD',
      field: 'password',
    });
    expect(errorOf(() => readSigningCertificate({ content }))?.key).toBe('ERR_CERT_PASSWORD');
  });

  it('opens a PKCS#12 file made without a password', () => {
    const content = pkcs12DataUrl(seal, [seal.certificate], '');
    expect(inspectCertificate(readSigningCertificate({ content }).leaf).commonName).toBe('Sello Seal');
  });

  it('answers ERR_CERT_NO_KEY for a PKCS#12 file or PEM without a private key', () => {
    const content = pkcs12DataUrl(null, [seal.certificate], 'Secret-1');
    expect(errorOf(() => readSigningCertificate({ content, password: 'Secret-1' }))?.key).toBe('ERR_CERT_NO_KEY');
    expect(errorOf(() => readSigningCertificate({ content: dataUrl(certificatePem(seal)) }))?.key).toBe(
      'ERR_CERT_NO_KEY',
    );
  });

  it('reads a PEM certificate with its key in the same file or in a second file', () => {
    const together = readSigningCertificate({ content: dataUrl(certificatePem(seal) + privateKeyPem(seal)) });
    expect(inspectCertificate(together.leaf).serialNumber).toBe(serialOf(seal));
    const apart = readSigningCertificate({
      content: dataUrl(certificatePem(seal) + certificatePem(ca)),
      privateKey: dataUrl(privateKeyPem(seal)),
    });
    expect(apart.chain).toHaveLength(2);
    expect(apart.privateKey).not.toBeNull();
  });

  it('reads an encrypted PEM key with its password and refuses a wrong or missing one', () => {
    const privateKey = dataUrl(encryptedPrivateKeyPem(seal, 'Key-Pass'));
    const content = dataUrl(certificatePem(seal));
    expect(readSigningCertificate({ content, privateKey, password: 'Key-Pass' }).privateKey).not.toBeNull();
    expect(errorOf(() => readSigningCertificate({ content, privateKey, password: 'nope' }))).toEqual({
      key: 'ERR_CERT_PASSWORD',
      field: 'password',
    });
    expect(errorOf(() => readSigningCertificate({ content, privateKey }))?.key).toBe('ERR_CERT_PASSWORD');
  });

  it('answers ERR_CERT_KEY_MISMATCH when the key belongs to another certificate', () => {
    expect(
      errorOf(() =>
        readSigningCertificate({ content: dataUrl(certificatePem(seal)), privateKey: dataUrl(privateKeyPem(other)) }),
      ),
    ).toEqual({ key: 'ERR_CERT_KEY_MISMATCH', field: 'privateKey' });
  });

  it('answers ERR_CERT_EXPIRED for an expired certificate', () => {
    const expired = makeCertificate({ commonName: 'Old', keys: seal.keys, validFromDays: -400, validToDays: -1 });
    const content = pkcs12DataUrl(expired, [expired.certificate], 'x');
    expect(errorOf(() => readSigningCertificate({ content, password: 'x' }))?.key).toBe('ERR_CERT_EXPIRED');
  });

  it('answers ERR_CERT_UNREADABLE for files that are not certificates', () => {
    for (const content of [
      dataUrl('just some text'),
      dataUrl(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01])),
      dataUrl('-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n'),
      dataUrl(Buffer.from('%PDF-1.7 binary')),
    ]) {
      expect(errorOf(() => readSigningCertificate({ content, password: 'x' }))?.key).toBe('ERR_CERT_UNREADABLE');
    }
  });

  it('refuses at once a PKCS#12 file asking for an absurd key derivation count', () => {
    const content = pkcs12DataUrl(seal, [seal.certificate], 'Secret-1');
    const pfx = forge.asn1.fromDer(Buffer.from(content.split(',')[1]!, 'base64').toString('binary'));
    const macData = (pfx.value as forge.asn1.Asn1[])[2]!;
    const iterations = (macData.value as forge.asn1.Asn1[])[2]!;
    iterations.value = forge.asn1.integerToDer(50_000_000).getBytes();
    const tampered = dataUrl(Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary'));
    const started = Date.now();
    expect(errorOf(() => readSigningCertificate({ content: tampered, password: 'Secret-1' }))?.key).toBe(
      'ERR_CERT_UNREADABLE',
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(MAX_KEY_DERIVATION_ITERATIONS).toBeGreaterThanOrEqual(10_000);
  });

  it('reads EC certificates and keys made by OpenSSL 3 (AES-256 PKCS#12)', () => {
    const fromPkcs12 = readSigningCertificate({
      content: `data:application/x-pkcs12;base64,${EC_PKCS12_BASE64}`,
      password: 'secret',
    });
    const fromPem = readSigningCertificate({ content: dataUrl(EC_CERTIFICATE_PEM + EC_PRIVATE_KEY_PEM) });
    expect(fromPkcs12.friendlyName).toBe('ec seal');
    expect(fromPkcs12.privateKey?.asymmetricKeyType).toBe('ec');
    const info = inspectCertificate(fromPkcs12.leaf);
    expect(info).toMatchObject({
      subject: 'CN=Sello EC Seal, O=Sello Test\\, Lda., C=PT',
      commonName: 'Sello EC Seal',
      serialNumber: '0CD5C40E4CF98F495BA4A74BD3AEAE34E026310D',
      fingerprintSha256:
        '6A:19:9F:B9:C0:C0:46:A0:D3:83:6E:C4:EC:C3:10:A3:5D:1A:5D:81:2A:6D:3E:B4:26:D3:A1:40:C7:8E:44:8E',
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      extendedKeyUsage: ['documentSigning'],
      keyAlgorithm: 'EC P-256',
    });
    expect(inspectCertificate(fromPem.leaf)).toEqual(info);
  });
});

describe('readPublicCertificate', () => {
  it('reads PEM text, bare base64 from IdP metadata and a data URL alike', () => {
    const pem = certificatePem(seal);
    const bare = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const serials = [pem, bare, dataUrl(pem), dataUrl(Buffer.from(bare, 'base64'))].map(
      (content) => inspectCertificate(readPublicCertificate(content).leaf).serialNumber,
    );
    expect(serials).toEqual(Array(4).fill(serialOf(seal)));
  });

  it('refuses a private key, an expired certificate and text that is no certificate', () => {
    expect(errorOf(() => readPublicCertificate(certificatePem(seal) + privateKeyPem(seal)))?.key).toBe(
      'ERR_CERT_UNEXPECTED_KEY',
    );
    const expired = makeCertificate({ commonName: 'Old IdP', keys: seal.keys, validToDays: -1, validFromDays: -30 });
    expect(errorOf(() => readPublicCertificate(certificatePem(expired)))?.key).toBe('ERR_CERT_EXPIRED');
    for (const content of ['hello world!', 'QUJD', 'data:text/plain;base64,@@']) {
      expect(errorOf(() => readPublicCertificate(content))?.key).toBe('ERR_CERT_UNREADABLE');
    }
  });
});
