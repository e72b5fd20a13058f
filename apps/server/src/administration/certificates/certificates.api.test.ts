import { createPublicKey } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';
import {
  certificatePem,
  dataUrl,
  encryptedPrivateKeyPem,
  makeCertificate,
  pkcs12DataUrl,
  privateKeyPem,
  serialOf,
  type TTestIdentity,
} from '../../../test/test-certificates.ts';
import { certificateKeyId } from '../../platform/certificate-key.ts';
import { createCertificatesService } from './certificates.service.ts';
import { openPrivateKey } from './private-key-box.ts';

const P12_PASSWORD = 'P12-Secret-Pass';

let t: TTestApp;
let demoId: string;
let acmeId: string;
let ca: TTestIdentity;
let seal: TTestIdentity;
let soon: TTestIdentity;
let expired: TTestIdentity;
let renewed: TTestIdentity;
let domainAdmin: TestClient;
let acmeAdmin: TestClient;
let superAdmin: TestClient;

function p12Upload(name: string, identity = seal, extra: Record<string, unknown> = {}) {
  return {
    name,
    content: pkcs12DataUrl(identity, [identity.certificate, ca.certificate], P12_PASSWORD, `${name} alias`),
    password: P12_PASSWORD,
    ...extra,
  };
}

async function create(client: TestClient, body: unknown, domainId?: string) {
  return client.post(`administration/certificates/new${domainId ? `?domainid=${domainId}` : ''}`, body);
}

async function createOk(client: TestClient, body: unknown, domainId?: string): Promise<Record<string, unknown>> {
  const response = await create(client, body, domainId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function listQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return `administration/certificates/read?${search}`;
}

async function readXlsx(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const domains = await t.database.db.selectFrom('domains').select(['id', 'code']).execute();
  demoId = domains.find((domain) => domain.code === 'DEMO')!.id;
  acmeId = domains.find((domain) => domain.code === 'ACME')!.id;
  ca = makeCertificate({ commonName: 'Sello Test CA', ca: true, validToDays: 3650 });
  seal = makeCertificate({ commonName: 'Sello Demo Seal', issuer: ca, validToDays: 400 });
  soon = makeCertificate({ commonName: 'Ending Seal', issuer: ca, validToDays: 10 });
  expired = makeCertificate({ commonName: 'Old Seal', issuer: ca, validFromDays: -400, validToDays: -2 });
  renewed = makeCertificate({ commonName: 'Sello Demo Seal', issuer: ca, validToDays: 800 });
  [domainAdmin, acmeAdmin, superAdmin] = await Promise.all([
    signedInClient(t.app, 'domain.admin'),
    signedInClient(t.app, 'acme.admin'),
    signedInClient(t.app, 'super.admin'),
  ]);
});
afterAll(() => t.close());

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

describe('administration/certificates/read and detail', () => {
  beforeAll(async () => {
    await createOk(domainAdmin, p12Upload('List alpha'));
    await createOk(domainAdmin, p12Upload('List beta', soon));
    const gamma = await createOk(domainAdmin, p12Upload('List gamma'));
    // Time passes: gamma has expired since it was uploaded.
    await t.database.db
      .updateTable('certificates')
      .set({ valid_from: new Date(Date.now() - 86_400_000 * 30), valid_to: new Date(Date.now() - 86_400_000) })
      .where('id', '=', String(gamma.id))
      .execute();
  });

  it('pages, sorts and filters by name, subject, issuer, validity and status', async () => {
    const page = await domainAdmin.get(listQuery({ first: 0, pageSize: 2, filters: { name: 'list ' } }));
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().rows.map((row: { name: string }) => row.name)).toEqual(['List alpha', 'List beta']);

    const byStatus = async (status: string) =>
      (await domainAdmin.get(listQuery({ filters: { name: 'list', status } })))
        .json()
        .rows.map((row: { name: string }) => row.name);
    expect(await byStatus('expired')).toEqual(['List gamma']);
    expect(await byStatus('expiringSoon')).toEqual(['List beta']);
    expect(await byStatus('valid')).toEqual(['List alpha']);

    const sorted = await domainAdmin.get(listQuery({ sortField: 'validTo', sortOrder: -1, filters: { name: 'list' } }));
    expect(sorted.json().rows.map((row: { name: string }) => row.name)).toEqual([
      'List alpha',
      'List beta',
      'List gamma',
    ]);
    const subject = await domainAdmin.get(listQuery({ filters: { name: 'list', subject: 'ending seal' } }));
    expect(subject.json().rows.map((row: { name: string }) => row.name)).toEqual(['List beta']);
    const issuer = await domainAdmin.get(listQuery({ filters: { name: 'list', issuer: 'Sello Test CA' } }));
    expect(issuer.json().total).toBe(3);
    const soonTo = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const range = await domainAdmin.get(listQuery({ filters: { name: 'list', validTo: [null, soonTo] } }));
    expect(
      range
        .json()
        .rows.map((row: { name: string }) => row.name)
        .sort(),
    ).toEqual(['List beta', 'List gamma']);
  });

  it('answers every row with its status badge and no private data', async () => {
    const response = await domainAdmin.get(listQuery({ pageSize: 100 }));
    const rows = response.json().rows as Array<Record<string, unknown>>;
    expect(rows.find((row) => row.name === 'List gamma')?.status).toBe('expired');
    expect(response.body).not.toContain('PRIVATE KEY');
    expect(response.body).not.toContain('BEGIN CERTIFICATE');
  });

  it('refuses filters and sort fields that are not in the list', async () => {
    const filter = await domainAdmin.get(listQuery({ filters: { private_key_sealed: 'x' } }));
    expect(filter.statusCode).toBe(400);
    expect(filter.json().fields).toEqual({ 'filters.private_key_sealed': 'ERR_FIELD_INVALID' });
    const sort = await domainAdmin.get(listQuery({ sortField: 'private_key_sealed' }));
    expect(sort.json().fields).toEqual({ sortField: 'ERR_FIELD_INVALID' });
    const deleted = await domainAdmin.get(listQuery({ filters: { deleted: 'yes' } }));
    expect(deleted.json().fields).toEqual({ 'filters.deleted': 'ERR_FIELD_INVALID' });
  });

  it('answers the detail with its chain, and 404 for an id that does not exist', async () => {
    const created = await createOk(domainAdmin, p12Upload('Detail one'));
    const response = await domainAdmin.get(`administration/certificates/detail?selected=${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, name: 'Detail one', chain: [{}, {}] });
    expect((await domainAdmin.get('administration/certificates/detail?selected=987654')).statusCode).toBe(404);
  });
});

describe('administration/certificates/update', () => {
  it('renames and deactivates without a file, and replaces the certificate when a new file comes', async () => {
    const created = await createOk(domainAdmin, p12Upload('To renew'));
    const renamed = await domainAdmin.put('administration/certificates/update', {
      id: created.id,
      name: 'Renewed seal',
      alias: 'seal-2026',
      active: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renewed seal',
      alias: 'seal-2026',
      active: false,
      serialNumber: serialOf(seal),
    });
    const replaced = await domainAdmin.put('administration/certificates/update', {
      id: created.id,
      name: 'Renewed seal',
      alias: 'seal-2027',
      content: pkcs12DataUrl(renewed, [renewed.certificate], 'new-pass'),
      password: 'new-pass',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ serialNumber: serialOf(renewed), active: true, chain: [{}] });
    const wrong = await domainAdmin.put('administration/certificates/update', {
      id: created.id,
      name: 'Renewed seal',
      content: pkcs12DataUrl(renewed, [renewed.certificate], 'new-pass'),
      password: 'bad',
    });
    expect(wrong.json()).toEqual({ key: 'ERR_VALIDATION', fields: { password: 'ERR_CERT_PASSWORD' } });
  });

  it('refuses a name another live certificate of the domain has', async () => {
    await createOk(domainAdmin, p12Upload('Taken name'));
    const other = await createOk(domainAdmin, p12Upload('Free name'));
    const response = await domainAdmin.put('administration/certificates/update', { id: other.id, name: 'taken name' });
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual({ name: 'ERR_CERT_NAME_IN_USE' });
  });
});

describe('delete, deleted items and recover', () => {
  it('soft-deletes, lists the certificate among the deleted with who and when, and recovers it', async () => {
    const created = await createOk(domainAdmin, p12Upload('Bin round trip'));
    const deleted = await domainAdmin.delete(`administration/certificates/delete/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await domainAdmin.get(`administration/certificates/detail?selected=${created.id}`)).statusCode).toBe(404);
    const live = await domainAdmin.get(listQuery({ filters: { name: 'Bin round trip' } }));
    expect(live.json().total).toBe(0);
    const bin = await domainAdmin.get(listQuery({ filters: { deleted: true, name: 'Bin round trip' } }));
    expect(bin.statusCode).toBe(200);
    expect(bin.json().rows).toEqual([
      expect.objectContaining({ id: created.id, deletedBy: 'Daniel Ortega', deletedAt: expect.any(String) }),
    ]);
    expect(Date.now() - Date.parse(bin.json().rows[0].deletedAt)).toBeLessThan(60_000);
    expect((await domainAdmin.delete(`administration/certificates/delete/${created.id}`)).statusCode).toBe(404);

    const recovered = await domainAdmin.put(`administration/certificates/recover/${created.id}`);
    expect(recovered.statusCode).toBe(200);
    const detail = await domainAdmin.get(`administration/certificates/detail?selected=${created.id}`);
    expect(detail.json()).toMatchObject({ name: 'Bin round trip', deletedAt: null, deletedBy: null });
    expect((await domainAdmin.put(`administration/certificates/recover/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 409 when the name was given to another certificate meanwhile', async () => {
    const first = await createOk(domainAdmin, p12Upload('Reused name'));
    await domainAdmin.delete(`administration/certificates/delete/${first.id}`);
    await createOk(domainAdmin, p12Upload('Reused name'));
    const response = await domainAdmin.put(`administration/certificates/recover/${first.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CERT_NAME_IN_USE' } });
  });

  it('needs certBin to list deleted certificates and to recover', async () => {
    await t.database.db
      .updateTable('users')
      .set({ permissions: ['administration', 'shippingList'] })
      .where('username', '=', 'company.admin')
      .execute();
    const admin = await signedInClient(t.app, 'company.admin');
    const created = await createOk(admin, p12Upload('No bin for me'));
    expect((await admin.delete(`administration/certificates/delete/${created.id}`)).statusCode).toBe(200);
    expect((await admin.get(listQuery({ filters: { deleted: true } }))).statusCode).toBe(403);
    expect((await admin.put(`administration/certificates/recover/${created.id}`)).statusCode).toBe(403);
    expect((await admin.get(listQuery({}))).statusCode).toBe(200);
  });
});

describe('tenancy and permissions', () => {
  let demoCertificate: Record<string, unknown>;

  beforeAll(async () => {
    demoCertificate = await createOk(domainAdmin, p12Upload('Demo only'));
  });

  it('never shows another domain to its administrators: 404 on every call', async () => {
    const id = demoCertificate.id;
    const calls = [
      acmeAdmin.get(`administration/certificates/detail?selected=${id}`),
      acmeAdmin.put('administration/certificates/update', { id, name: 'Hijacked' }),
      acmeAdmin.delete(`administration/certificates/delete/${id}`),
      acmeAdmin.put(`administration/certificates/recover/${id}`),
      acmeAdmin.get(listQuery({ domainid: demoId })),
      acmeAdmin.get(`administration/certificates/export?domainid=${demoId}`),
      acmeAdmin.get(`administration/certificates/certificatesByDomain?domainid=${demoId}`),
      create(acmeAdmin, p12Upload('Planted'), demoId),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Demo only');
    }
    const own = await acmeAdmin.get(listQuery({ pageSize: 100 }));
    expect(own.json().rows.map((row: { name: string }) => row.name)).not.toContain('Demo only');
    const untouched = await domainAdmin.get(`administration/certificates/detail?selected=${id}`);
    expect(untouched.json()).toMatchObject({ name: 'Demo only', deletedAt: null });
  });

  it('lets a super admin read and change any domain', async () => {
    const list = await superAdmin.get(listQuery({ domainid: demoId, filters: { name: 'Demo only' } }));
    expect(list.json().total).toBe(1);
    const detail = await superAdmin.get(`administration/certificates/detail?selected=${demoCertificate.id}`);
    expect(detail.statusCode).toBe(200);
  });

  it.each(['company.manager', 'company.user'])('refuses %s (no administration flag) with 403', async (username) => {
    const client = await signedInClient(t.app, username);
    const responses = await Promise.all([
      client.get(listQuery({})),
      client.get(`administration/certificates/detail?selected=${demoCertificate.id}`),
      create(client, p12Upload('Not allowed')),
      client.put('administration/certificates/update', { id: demoCertificate.id, name: 'x' }),
      client.delete(`administration/certificates/delete/${demoCertificate.id}`),
      client.get('administration/certificates/export'),
      client.get(`administration/certificates/certificatesByDomain?domainid=${demoId}`),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(7).fill(403));
  });
});

describe('administration/certificates/certificatesByDomain', () => {
  it('offers the live, active certificates valid now', async () => {
    const usable = await createOk(acmeAdmin, p12Upload('Combo usable'));
    const ending = await createOk(acmeAdmin, p12Upload('Combo ending', soon));
    const inactive = await createOk(acmeAdmin, p12Upload('Combo inactive', seal, { active: false }));
    const deleted = await createOk(acmeAdmin, p12Upload('Combo deleted'));
    await acmeAdmin.delete(`administration/certificates/delete/${deleted.id}`);
    const lapsed = await createOk(acmeAdmin, p12Upload('Combo lapsed'));
    await t.database.db
      .updateTable('certificates')
      .set({ valid_to: new Date(Date.now() - 1000) })
      .where('id', '=', String(lapsed.id))
      .execute();
    const response = await acmeAdmin.get(`administration/certificates/certificatesByDomain?domainid=${acmeId}`);
    expect(response.statusCode).toBe(200);
    const items = response.json() as Array<{ value: number; text: string; description: string; blocked: boolean }>;
    const combo = items.filter((item) => item.text.startsWith('Combo'));
    expect(combo.map((item) => item.value)).toEqual([ending.id, usable.id]);
    expect(combo[1]).toEqual({
      value: usable.id,
      text: 'Combo usable',
      description: `Sello Demo Seal · ${String(usable.validTo).slice(0, 10)}`,
      blocked: false,
    });
    expect(combo.map((item) => item.value)).not.toContain(inactive.id);
  });
});

describe('administration/certificates/export', () => {
  beforeAll(async () => {
    await createOk(domainAdmin, p12Upload('Export one'));
    await createOk(domainAdmin, p12Upload('Export two', soon));
  });

  it('streams the filtered list as an Excel file in the language asked', async () => {
    const response = await domainAdmin.get(
      `administration/certificates/export?language=en-en&sortField=name&sortOrder=-1&filters=${encodeURIComponent(
        JSON.stringify({ name: 'Export' }),
      )}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificates.xlsx"');
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Name', 'Subject', 'Issuer', 'Serial number', 'Valid to', 'Status']),
    );
    expect(rows.slice(1).map((row) => [row[0], row[8]])).toEqual([
      ['Export two', 'Expiring soon'],
      ['Export one', 'Valid'],
    ]);
    expect(rows[1]![5]).toBe(serialOf(soon));
    expect(rows[1]![7]).toBeInstanceOf(Date);
    expect(response.rawPayload.toString('latin1')).not.toContain('PRIVATE KEY');
  });

  it('answers the same file to a DownloadFile form post, in Spanish by default', async () => {
    const form = new URLSearchParams({
      url: '/rest/services/administration/certificates/export',
      jsonData: JSON.stringify({ filters: JSON.stringify({ name: 'Export' }), sortField: 'name' }),
      authToken: domainAdmin.token!,
    });
    const response = await domainAdmin.call('POST', 'DownloadFile', form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificates.xlsx"');
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]![0]).toBe('Nombre');
    expect(rows.slice(1).map((row) => [row[0], row[8]])).toEqual([
      ['Export one', 'Válido'],
      ['Export two', 'Caduca pronto'],
    ]);
  });

  it('exports the deleted certificates with who deleted them', async () => {
    const gone = await createOk(domainAdmin, p12Upload('Export deleted'));
    await domainAdmin.delete(`administration/certificates/delete/${gone.id}`);
    const response = await domainAdmin.get(
      `administration/certificates/export?language=en-en&filters=${encodeURIComponent(
        JSON.stringify({ deleted: true, name: 'Export deleted' }),
      )}`,
    );
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]!.slice(-2)).toEqual(['Deleted', 'Deleted by']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.at(-1)).toBe('Daniel Ortega');
  });
});
