import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  certificatePem,
  dataUrl,
  encryptedPrivateKeyPem,
  pkcs12DataUrl,
  privateKeyPem,
  serialOf,
} from '../../../test/test-certificates.ts';
import { certificateKeyId } from '../../platform/certificate-key.ts';
import { createCertificatesService } from './certificates.service.ts';
import {
  acmeAdmin,
  acmeId,
  ca,
  create,
  createOk,
  demoId,
  domainAdmin,
  expired,
  P12_PASSWORD,
  p12Upload,
  seal,
  setUpCertificatesTestApp,
  soon,
  superAdmin,
  t,
} from './certificates.test-setup.ts';
import { openPrivateKey } from './private-key-box.ts';

setUpCertificatesTestApp();

describe('administration/certificates/new', () => {
  it('stores a PKCS#12 upload and answers what it read, never the key or the password', async () => {
    const response = await create(domainAdmin, p12Upload('Demo seal'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      domainId: Number(demoId),
      name: 'Demo seal',
      alias: 'Demo seal alias',
      active: true,
      subject: 'CN=Sello Demo Seal, O=Sello Demo, C=ES',
      commonName: 'Sello Demo Seal',
      issuer: 'CN=Sello Test CA, O=Sello Demo, C=ES',
      issuerCommonName: 'Sello Test CA',
      serialNumber: serialOf(seal),
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      extendedKeyUsage: ['emailProtection', 'documentSigning'],
      keyAlgorithm: 'RSA 1024',
      status: 'valid',
      deletedAt: null,
      deletedBy: null,
    });
    expect(Date.parse(body.validTo)).toBe(Math.floor(seal.certificate.validity.notAfter.getTime() / 1000) * 1000);
    expect(Date.parse(body.validFrom)).toBe(Math.floor(seal.certificate.validity.notBefore.getTime() / 1000) * 1000);
    expect(body.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(body.chain.map((entry: { subject: string }) => entry.subject)).toEqual([
      'CN=Sello Demo Seal, O=Sello Demo, C=ES',
      'CN=Sello Test CA, O=Sello Demo, C=ES',
    ]);
    expect(body.chainPem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    expect(response.body).not.toContain('PRIVATE KEY');
    expect(response.body).not.toContain(P12_PASSWORD);
    expect(Object.keys(body)).not.toContain('password');
  });

  it('keeps the private key encrypted with the configured key, bound to its certificate', async () => {
    const created = await createOk(domainAdmin, p12Upload('Sealed key check'));
    const row = await t.database.db
      .selectFrom('certificates')
      .selectAll()
      .where('id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    const keyPem = privateKeyPem(seal);
    const keyBody = keyPem.split('\n')[1]!;
    const stored = row.private_key_sealed.toString('latin1');
    expect(stored).not.toContain('PRIVATE KEY');
    expect(stored).not.toContain(keyBody);
    expect(JSON.stringify(row)).not.toContain(P12_PASSWORD);
    const configured = t.config.CERTIFICATE_ENCRYPTION_KEY!;
    const certificateKey = { key: configured, id: certificateKeyId(configured), source: 'configuration' as const };
    expect(row.private_key_key_id).toBe(certificateKey.id);
    const opened = openPrivateKey(row.private_key_sealed, certificateKey, row.fingerprint_sha256);
    expect(opened).toContain('-----BEGIN PRIVATE KEY-----');
    expect(createPublicKey(opened).export({ type: 'spki', format: 'pem' })).toBe(
      createPublicKey(certificatePem(seal)).export({ type: 'spki', format: 'pem' }),
    );
    // Another key, or the sealed key of another certificate's row, does not open.
    const otherKey = { key: Buffer.alloc(32, 7), id: 'other', source: 'configuration' as const };
    expect(() => openPrivateKey(row.private_key_sealed, otherKey, row.fingerprint_sha256)).toThrow();
    expect(() => openPrivateKey(row.private_key_sealed, certificateKey, 'AA:BB')).toThrow();
    // The signing services get the key back through the service.
    const service = createCertificatesService({ db: t.database.db, certificateKey });
    const material = await service.openSigningMaterial(demoId, Number(created.id));
    expect(material.privateKeyPem).toBe(opened);
    await expect(service.openSigningMaterial(acmeId, Number(created.id))).rejects.toMatchObject({ status: 404 });
  });

  it('stores a PEM certificate with its key in a second file, and a PEM with an encrypted key', async () => {
    const pair = await createOk(domainAdmin, {
      name: 'PEM pair',
      content: dataUrl(certificatePem(seal) + certificatePem(ca)),
      privateKey: dataUrl(privateKeyPem(seal)),
    });
    expect(pair).toMatchObject({ serialNumber: serialOf(seal), alias: null });
    const encrypted = await createOk(domainAdmin, {
      name: 'PEM encrypted key',
      content: dataUrl(certificatePem(soon)),
      privateKey: dataUrl(encryptedPrivateKeyPem(soon, 'Key-Pass-1')),
      password: 'Key-Pass-1',
    });
    expect(encrypted.commonName).toBe('Ending Seal');
  });

  it.each([
    ['a wrong PKCS#12 password', () => p12Upload('x', seal, { password: 'wrong' }), { password: 'ERR_CERT_PASSWORD' }],
    [
      'a missing PKCS#12 password',
      () => p12Upload('x', seal, { password: undefined }),
      { password: 'ERR_CERT_PASSWORD' },
    ],
    [
      'a wrong password of an encrypted PEM key',
      () => ({
        name: 'x',
        content: dataUrl(certificatePem(seal)),
        privateKey: dataUrl(encryptedPrivateKeyPem(seal, 'right')),
        password: 'wrong',
      }),
      { password: 'ERR_CERT_PASSWORD' },
    ],
    [
      'a file that is not a certificate',
      () => ({ name: 'x', content: dataUrl('This is not a certificate.', 'text/plain') }),
      { content: 'ERR_CERT_UNREADABLE' },
    ],
    [
      'a PKCS#12 file without a private key',
      () => ({ name: 'x', content: pkcs12DataUrl(null, [seal.certificate], P12_PASSWORD), password: P12_PASSWORD }),
      { content: 'ERR_CERT_NO_KEY' },
    ],
    [
      'a PEM certificate without its key',
      () => ({ name: 'x', content: dataUrl(certificatePem(seal)) }),
      { content: 'ERR_CERT_NO_KEY' },
    ],
    [
      'a key of another certificate',
      () => ({ name: 'x', content: dataUrl(certificatePem(seal)), privateKey: dataUrl(privateKeyPem(soon)) }),
      { privateKey: 'ERR_CERT_KEY_MISMATCH' },
    ],
    ['an expired certificate', () => p12Upload('x', expired), { content: 'ERR_CERT_EXPIRED' }],
    ['content that is no data URL', () => ({ name: 'x', content: 'hello' }), { content: 'ERR_FIELD_INVALID' }],
    ['an empty name', () => p12Upload(''), { name: 'ERR_FIELD_REQUIRED' }],
  ])('answers a field error for %s', async (_label, body, fields) => {
    const response = await create(domainAdmin, body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields });
    expect(response.body).not.toContain('wrong');
  });

  it('marks a certificate ending within 30 days as expiringSoon', async () => {
    const created = await createOk(domainAdmin, p12Upload('Ending soon', soon));
    expect(created.status).toBe('expiringSoon');
  });

  it('refuses a second live certificate with the same name in the domain, in any case', async () => {
    await createOk(domainAdmin, p12Upload('Unique name'));
    const response = await create(domainAdmin, p12Upload('UNIQUE NAME'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CERT_NAME_IN_USE' } });
    // Another domain may use it.
    await createOk(acmeAdmin, p12Upload('Unique name'));
  });

  it('lets a super admin upload to any domain with domainid, and nobody to a domain that does not exist', async () => {
    const created = await createOk(superAdmin, p12Upload('Acme by super'), acmeId);
    expect(created.domainId).toBe(Number(acmeId));
    expect((await create(superAdmin, p12Upload('Nowhere'), '999999')).statusCode).toBe(404);
  });
});
