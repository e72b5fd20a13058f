import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';
import {
  certificatePem,
  dataUrl,
  makeCertificate,
  privateKeyPem,
  serialOf,
  type TTestIdentity,
} from '../../../test/test-certificates.ts';
import { createSamlCertificatesService } from './saml-certificates.service.ts';

const IDP = 'https://idp.sello-demo.example/saml/metadata';

let t: TTestApp;
let demoId: string;
let acmeId: string;
let idp: TTestIdentity;
let idpNext: TTestIdentity;
let soon: TTestIdentity;
let expired: TTestIdentity;
let domainAdmin: TestClient;
let acmeAdmin: TestClient;
let superAdmin: TestClient;

const samlBody = (name: string, identity = idp, extra: Record<string, unknown> = {}) => ({
  name,
  entityId: IDP,
  content: certificatePem(identity),
  ...extra,
});

function create(client: TestClient, body: unknown, domainId?: string) {
  return client.post(`administration/samlcertificates/new${domainId ? `?domainid=${domainId}` : ''}`, body);
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
  return `administration/samlcertificates/read?${search}`;
}

async function readXlsx(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const domains = await t.database.db.selectFrom('domains').select(['id', 'code']).execute();
  demoId = domains.find((domain) => domain.code === 'DEMO')!.id;
  acmeId = domains.find((domain) => domain.code === 'ACME')!.id;
  idp = makeCertificate({ commonName: 'Demo IdP signing', organization: 'Demo IdP', validToDays: 700 });
  idpNext = makeCertificate({ commonName: 'Demo IdP signing 2', organization: 'Demo IdP', validToDays: 1000 });
  soon = makeCertificate({ commonName: 'Demo IdP ending', validToDays: 10 });
  expired = makeCertificate({ commonName: 'Demo IdP old', validFromDays: -500, validToDays: -3 });
  // The second domain's administrator may administer SAML in these tests.
  await t.database.db
    .updateTable('users')
    .set({ permissions: ['administration', 'administrationSaml', 'certBin'] })
    .where('username', '=', 'acme.admin')
    .execute();
  [domainAdmin, acmeAdmin, superAdmin] = await Promise.all([
    signedInClient(t.app, 'domain.admin'),
    signedInClient(t.app, 'acme.admin'),
    signedInClient(t.app, 'super.admin'),
  ]);
});
afterAll(() => t.close());

describe('administration/samlcertificates/new', () => {
  it('stores an IdP certificate given as PEM and answers what it read', async () => {
    const response = await create(domainAdmin, samlBody('Demo IdP'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      domainId: Number(demoId),
      name: 'Demo IdP',
      entityId: IDP,
      active: true,
      subject: 'CN=Demo IdP signing, O=Demo IdP, C=ES',
      commonName: 'Demo IdP signing',
      issuer: 'CN=Demo IdP signing, O=Demo IdP, C=ES',
      serialNumber: serialOf(idp),
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      keyAlgorithm: 'RSA 1024',
      status: 'valid',
      deletedAt: null,
      deletedBy: null,
    });
    expect(Date.parse(body.validTo)).toBe(Math.floor(idp.certificate.validity.notAfter.getTime() / 1000) * 1000);
    expect(body.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(body.certificatePem.replace(/\r/g, '')).toBe(certificatePem(idp).replace(/\r/g, ''));
  });

  it('reads the bare base64 of IdP metadata and a certificate file as a data URL', async () => {
    const bare = certificatePem(idpNext)
      .replace(/-----[A-Z ]+-----/g, '')
      .replace(/\s+/g, '');
    const fromMetadata = await createOk(domainAdmin, samlBody('From metadata', idpNext, { content: bare }));
    expect(fromMetadata.serialNumber).toBe(serialOf(idpNext));
    const fromFile = await createOk(
      domainAdmin,
      samlBody('From file', idpNext, { content: dataUrl(Buffer.from(bare, 'base64'), 'application/pkix-cert') }),
    );
    expect(fromFile.fingerprintSha256).toBe(fromMetadata.fingerprintSha256);
  });

  it.each([
    [
      'a private key pasted with the certificate',
      () => samlBody('x', idp, { content: certificatePem(idp) + privateKeyPem(idp) }),
      { content: 'ERR_CERT_UNEXPECTED_KEY' },
    ],
    [
      'text that is no certificate',
      () => samlBody('x', idp, { content: 'not a certificate' }),
      { content: 'ERR_CERT_UNREADABLE' },
    ],
    ['an expired certificate', () => samlBody('x', expired), { content: 'ERR_CERT_EXPIRED' }],
    ['a missing entity id', () => samlBody('x', idp, { entityId: ' ' }), { entityId: 'ERR_FIELD_REQUIRED' }],
    ['a missing certificate', () => samlBody('x', idp, { content: '' }), { content: 'ERR_FIELD_REQUIRED' }],
  ])('answers a field error for %s', async (_label, body, fields) => {
    const response = await create(domainAdmin, body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields });
    expect(response.body).not.toContain('PRIVATE KEY');
  });

  it('never stores a private key', async () => {
    const rows = await t.database.db.selectFrom('saml_certificates').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('PRIVATE KEY');
  });

  it('marks a certificate ending within 30 days as expiringSoon', async () => {
    expect((await createOk(domainAdmin, samlBody('Ending IdP', soon))).status).toBe('expiringSoon');
  });

  it('refuses a duplicate name in the domain with 409', async () => {
    await createOk(domainAdmin, samlBody('Same IdP name'));
    const response = await create(domainAdmin, samlBody('same idp NAME'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CERT_NAME_IN_USE' } });
  });
});

describe('read, detail and update', () => {
  it('pages and filters by name, entity id, issuer, validity and status', async () => {
    await createOk(domainAdmin, samlBody('Filter one', idp, { entityId: 'urn:filter:one' }));
    await createOk(domainAdmin, samlBody('Filter two', soon, { entityId: 'urn:filter:two' }));
    const all = await domainAdmin.get(listQuery({ filters: { entityId: 'urn:filter' }, sortField: 'validTo' }));
    expect(all.statusCode).toBe(200);
    expect(all.json().rows.map((row: { name: string }) => row.name)).toEqual(['Filter two', 'Filter one']);
    const soonOnly = await domainAdmin.get(listQuery({ filters: { entityId: 'urn:filter', status: 'expiringSoon' } }));
    expect(soonOnly.json().rows.map((row: { name: string }) => row.name)).toEqual(['Filter two']);
    const issuer = await domainAdmin.get(listQuery({ filters: { issuer: 'Demo IdP ending' } }));
    expect(issuer.json().total).toBeGreaterThanOrEqual(1);
    const page = await domainAdmin.get(listQuery({ pageSize: 1, filters: { entityId: 'urn:filter' } }));
    expect(page.json()).toMatchObject({ total: 2, rows: [{ name: 'Filter one' }] });
    expect(page.body).not.toContain('BEGIN CERTIFICATE');
    const bad = await domainAdmin.get(listQuery({ filters: { certificate_pem: 'x' } }));
    expect(bad.statusCode).toBe(400);
  });

  it('updates the name and entity id, and replaces the certificate at a key rollover', async () => {
    const created = await createOk(domainAdmin, samlBody('Rollover IdP'));
    const updated = await domainAdmin.put('administration/samlcertificates/update', {
      id: created.id,
      name: 'Rollover IdP (new key)',
      entityId: 'urn:rollover',
      content: certificatePem(idpNext),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Rollover IdP (new key)',
      entityId: 'urn:rollover',
      serialNumber: serialOf(idpNext),
    });
    const kept = await domainAdmin.put('administration/samlcertificates/update', {
      id: created.id,
      name: 'Rollover IdP (new key)',
      entityId: 'urn:rollover',
      active: false,
    });
    expect(kept.json()).toMatchObject({ serialNumber: serialOf(idpNext), active: false });
    const detail = await domainAdmin.get(`administration/samlcertificates/detail?selected=${created.id}`);
    expect(detail.json()).toMatchObject({ id: created.id, active: false, certificatePem: expect.any(String) });
  });

  it('tells SAML sign-in which live, active, valid certificates an identity provider signs with', async () => {
    const entityId = 'urn:trusted:idp';
    const current = await createOk(domainAdmin, samlBody('Trusted current', idp, { entityId }));
    const next = await createOk(domainAdmin, samlBody('Trusted next', idpNext, { entityId }));
    const inactive = await createOk(domainAdmin, samlBody('Trusted inactive', idp, { entityId, active: false }));
    const gone = await createOk(domainAdmin, samlBody('Trusted deleted', idp, { entityId }));
    await domainAdmin.delete(`administration/samlcertificates/delete/${gone.id}`);
    const service = createSamlCertificatesService({ db: t.database.db });
    const trusted = await service.trustedCertificates(demoId, entityId);
    expect(trusted.map((row) => Number(row.id))).toEqual([next.id, current.id]);
    expect(trusted.map((row) => Number(row.id))).not.toContain(inactive.id);
    expect(await service.trustedCertificates(acmeId, entityId)).toEqual([]);
  });
});

describe('delete, deleted items and recover', () => {
  it('soft-deletes, lists among the deleted with who and when, recovers, and refuses a reused name', async () => {
    const created = await createOk(domainAdmin, samlBody('SAML bin'));
    expect((await domainAdmin.delete(`administration/samlcertificates/delete/${created.id}`)).json()).toEqual({
      ok: true,
    });
    expect((await domainAdmin.get(`administration/samlcertificates/detail?selected=${created.id}`)).statusCode).toBe(
      404,
    );
    const bin = await domainAdmin.get(listQuery({ filters: { deleted: true, name: 'SAML bin' } }));
    expect(bin.json().rows).toEqual([
      expect.objectContaining({ id: created.id, deletedBy: 'Daniel Ortega', deletedAt: expect.any(String) }),
    ]);
    expect((await domainAdmin.put(`administration/samlcertificates/recover/${created.id}`)).statusCode).toBe(200);
    expect((await domainAdmin.get(listQuery({ filters: { name: 'SAML bin' } }))).json().total).toBe(1);

    await domainAdmin.delete(`administration/samlcertificates/delete/${created.id}`);
    await createOk(domainAdmin, samlBody('SAML bin'));
    const conflict = await domainAdmin.put(`administration/samlcertificates/recover/${created.id}`);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CERT_NAME_IN_USE' } });
  });

  it('needs certBin besides administrationSaml for the deleted items', async () => {
    await t.database.db
      .updateTable('users')
      .set({ permissions: ['administration', 'administrationSaml'] })
      .where('username', '=', 'company.admin')
      .execute();
    const admin = await signedInClient(t.app, 'company.admin');
    expect((await admin.get(listQuery({}))).statusCode).toBe(200);
    expect((await admin.get(listQuery({ filters: { deleted: true } }))).statusCode).toBe(403);
    const created = await createOk(admin, samlBody('Binless'));
    await admin.delete(`administration/samlcertificates/delete/${created.id}`);
    expect((await admin.put(`administration/samlcertificates/recover/${created.id}`)).statusCode).toBe(403);
  });
});

describe('tenancy and permissions', () => {
  let demoIdp: Record<string, unknown>;

  beforeAll(async () => {
    demoIdp = await createOk(domainAdmin, samlBody('Demo IdP only'));
  });

  it('never shows another domain: 404 on every call', async () => {
    const id = demoIdp.id;
    const responses = await Promise.all([
      acmeAdmin.get(`administration/samlcertificates/detail?selected=${id}`),
      acmeAdmin.put('administration/samlcertificates/update', { id, name: 'Hijacked', entityId: 'urn:evil' }),
      acmeAdmin.delete(`administration/samlcertificates/delete/${id}`),
      acmeAdmin.put(`administration/samlcertificates/recover/${id}`),
      acmeAdmin.get(listQuery({ domainid: demoId })),
      acmeAdmin.get(`administration/samlcertificates/export?domainid=${demoId}`),
      create(acmeAdmin, samlBody('Planted IdP'), demoId),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Demo IdP only');
    }
    const untouched = await domainAdmin.get(`administration/samlcertificates/detail?selected=${id}`);
    expect(untouched.json()).toMatchObject({ name: 'Demo IdP only', entityId: IDP, deletedAt: null });
  });

  it('lets a super admin work in any domain with domainid', async () => {
    const created = await createOk(superAdmin, samlBody('Acme IdP'), acmeId);
    expect(created.domainId).toBe(Number(acmeId));
    const acmeList = await acmeAdmin.get(listQuery({ filters: { name: 'Acme IdP' } }));
    expect(acmeList.json().total).toBe(1);
    const demoList = await superAdmin.get(listQuery({ domainid: demoId, filters: { name: 'Acme IdP' } }));
    expect(demoList.json().total).toBe(0);
  });

  it.each(['company.user', 'company.manager'])('refuses %s with 403', async (username) => {
    const client = await signedInClient(t.app, username);
    const responses = await Promise.all([
      client.get(listQuery({})),
      client.get(`administration/samlcertificates/detail?selected=${demoIdp.id}`),
      create(client, samlBody('Nope')),
      client.delete(`administration/samlcertificates/delete/${demoIdp.id}`),
      client.get('administration/samlcertificates/export'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(403));
  });

  it('refuses an administrator without administrationSaml with 403', async () => {
    await t.database.db
      .updateTable('users')
      .set({ permissions: ['administration', 'certBin'] })
      .where('username', '=', 'company.admin')
      .execute();
    const admin = await signedInClient(t.app, 'company.admin');
    expect((await admin.get(listQuery({}))).statusCode).toBe(403);
    expect((await create(admin, samlBody('Nope'))).statusCode).toBe(403);
    // The signing certificates stay open to them.
    expect((await admin.get('administration/certificates/read')).statusCode).toBe(200);
  });
});

describe('administration/samlcertificates/export', () => {
  it('streams the list as Excel, directly and through a DownloadFile form post', async () => {
    await createOk(domainAdmin, samlBody('Export IdP', idp, { entityId: 'urn:export' }));
    const direct = await domainAdmin.get(
      `administration/samlcertificates/export?language=pt-pt&filters=${encodeURIComponent(
        JSON.stringify({ entityId: 'urn:export' }),
      )}`,
    );
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-disposition']).toBe('attachment; filename="saml-certificates.xlsx"');
    const rows = await readXlsx(direct.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['Nome', 'ID da entidade', 'Nome comum (CN)']);
    expect(rows.slice(1)).toEqual([expect.arrayContaining(['Export IdP', 'urn:export', 'Válido', serialOf(idp)])]);

    const form = new URLSearchParams({
      url: 'administration/samlcertificates/export',
      jsonData: JSON.stringify({ language: 'en-en', filters: JSON.stringify({ entityId: 'urn:export' }) }),
      authToken: domainAdmin.token!,
    });
    const posted = await domainAdmin.call('POST', 'DownloadFile', form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(posted.statusCode).toBe(200);
    const postedRows = await readXlsx(posted.rawPayload);
    expect(postedRows[0]![0]).toBe('Name');
    expect(postedRows.slice(1).map((row) => row[0])).toEqual(['Export IdP']);
  });
});
