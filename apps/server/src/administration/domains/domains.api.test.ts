import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf, filtersParam, isXlsx, postDownloadFile, readXlsx } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let superAdmin: TestClient;
let domainAdmin: TestClient;
let demo: number;
let acme: number;

// A 1×1 PNG and a JPEG header.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signedInClient(t.app, 'super.admin');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  demo = await domainIdOf(t.database.db, 'DEMO');
  acme = await domainIdOf(t.database.db, 'ACME');
});
afterAll(() => t.close());

const domain = (overrides: Record<string, unknown> = {}) => ({
  code: 'IBERIA',
  name: 'Iberia Seguros',
  description: 'Insurance group',
  domainType: 'ENTERPRISE',
  active: true,
  ...overrides,
});

async function typeId(name: string) {
  const row = await t.database.db
    .selectFrom('shipping_types')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function templateId(name: string) {
  const row = await t.database.db
    .selectFrom('templates')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('administration/domains read, detail, allDomains', () => {
  it('lists every domain for a super admin and only the own one for a domain admin', async () => {
    const all = await superAdmin.get('administration/domains/read');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({
      total: 2,
      rows: [
        { code: 'ACME', name: 'Acme Logistics', companies: 2, users: 1, twoFactorCoolDownHours: 4, active: true },
        { code: 'DEMO', name: 'Sello Demo', companies: 2, users: 6, domainType: 'ENTERPRISE' },
      ],
    });
    const own = await domainAdmin.get('administration/domains/read');
    expect(own.json().rows.map((row: { code: string }) => row.code)).toEqual(['DEMO']);
    expect((await domainAdmin.get(`administration/domains/read?domainid=${acme}`)).statusCode).toBe(404);
    const filtered = await superAdmin.get(`administration/domains/read?filters=${filtersParam({ code: 'acm' })}`);
    expect(filtered.json().total).toBe(1);
    const companyAdmin = await signedInClient(t.app, 'company.admin');
    expect((await companyAdmin.get('administration/domains/read')).statusCode).toBe(403);
  });

  it('details the own domain and answers 404 for another', async () => {
    const own = await domainAdmin.get(`administration/domains/detail?selected=${demo}`);
    expect(own.json()).toMatchObject({ id: demo, code: 'DEMO', customLogo: null });
    const other = await domainAdmin.get(`administration/domains/detail?selected=${acme}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ key: 'ERR_NOT_FOUND' });
    expect((await superAdmin.get(`administration/domains/detail?selected=${acme}`)).json().code).toBe('ACME');
  });

  it('answers the domain selector, domain types and template kinds', async () => {
    expect((await superAdmin.get('administration/domains/allDomains')).json()).toHaveLength(2);
    expect((await domainAdmin.get('administration/domains/allDomains')).json()).toEqual([
      { value: demo, text: 'Sello Demo', description: 'DEMO', blocked: false },
    ]);
    expect((await domainAdmin.get('administration/domains/domainTypes')).json()).toContainEqual({
      value: 'PUBLIC_ADMINISTRATION',
      text: 'DOMAIN_TYPE_PUBLIC_ADMINISTRATION',
    });
    expect((await domainAdmin.get('administration/domains/typeComTemplate')).json()).toContainEqual({
      value: 'ADVANCED_COMMUNICATION',
      text: 'TEMPLATE_KIND_ADVANCED_COMMUNICATION',
    });
  });
});

describe('administration/domains new and update', () => {
  it('lets a super admin create a domain with defaults and a logo', async () => {
    const response = await superAdmin.post(
      'administration/domains/new',
      domain({ code: 'iberia', customLogo: dataUrl('image/png', PNG) }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 'IBERIA',
      twoFactorCoolDownHours: 4,
      companies: 0,
      users: 0,
      customLogo: dataUrl('image/png', PNG),
    });
    expect(
      (await domainAdmin.post('administration/domains/new', domain({ code: 'OTHER', name: 'Other' }))).statusCode,
    ).toBe(403);
  });

  it('answers a field error for each invalid value', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ code: 'a' }, { code: 'ERR_FIELD_INVALID' }],
      [{ code: 'HAS SPACE' }, { code: 'ERR_FIELD_INVALID' }],
      [{ name: '' }, { name: 'ERR_FIELD_REQUIRED' }],
      [{ domainType: 'GALAXY' }, { domainType: 'ERR_FIELD_INVALID' }],
      [{ twoFactorCoolDownHours: 0 }, { twoFactorCoolDownHours: 'ERR_FIELD_INVALID' }],
      [{ twoFactorCoolDownHours: 49 }, { twoFactorCoolDownHours: 'ERR_FIELD_INVALID' }],
      [{ twoFactorCoolDownHours: 2.5 }, { twoFactorCoolDownHours: 'ERR_FIELD_INVALID' }],
      [{ customLogo: 'data:image/svg+xml;base64,PHN2Zz4=' }, { customLogo: 'ERR_FILE_TYPE' }],
      [{ customLogo: dataUrl('image/png', JPEG) }, { customLogo: 'ERR_FILE_TYPE' }],
      [{ customLogo: dataUrl('image/png', Buffer.from('not an image')) }, { customLogo: 'ERR_FILE_TYPE' }],
      [
        { customLogo: dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(201 * 1024)])) },
        { customLogo: 'ERR_MAX_FILE_SIZE' },
      ],
    ];
    for (const [overrides, fields] of cases) {
      const response = await superAdmin.post(
        'administration/domains/new',
        domain({ code: 'VALID', name: 'Valid', ...overrides }),
      );
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    expect(
      (await superAdmin.get(`administration/domains/read?filters=${filtersParam({ code: 'VALID' })}`)).json().total,
    ).toBe(0);
  });

  it('refuses a code or name already live with 409', async () => {
    const code = await superAdmin.post('administration/domains/new', domain({ code: 'demo', name: 'Another' }));
    expect(code.statusCode).toBe(409);
    expect(code.json()).toEqual({ key: 'ERR_CONFLICT', fields: { code: 'ERR_CONFLICT' } });
    const name = await superAdmin.post('administration/domains/new', domain({ code: 'NEWONE', name: 'sello demo' }));
    expect(name.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CONFLICT' } });
  });

  it('lets a domain admin set the description, cool-down and logo of the own domain, which sign-in shows', async () => {
    const response = await domainAdmin.put('administration/domains/update', {
      id: demo,
      ...domain({
        code: 'DEMO',
        name: 'Sello Demo',
        description: 'Updated',
        twoFactorCoolDownHours: 12,
        customLogo: dataUrl('image/jpeg', JPEG),
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ description: 'Updated', twoFactorCoolDownHours: 12 });
    const login = await new TestClient(t.app).login('company.user');
    expect(login.json().customLogo).toBe(dataUrl('image/jpeg', JPEG));
    const keep = await domainAdmin.put('administration/domains/update', {
      id: demo,
      ...domain({ code: 'DEMO', name: 'Sello Demo' }),
    });
    expect(keep.json().customLogo).toBe(dataUrl('image/jpeg', JPEG));
    const removed = await domainAdmin.put('administration/domains/update', {
      id: demo,
      ...domain({ code: 'DEMO', name: 'Sello Demo', customLogo: null }),
    });
    expect(removed.json().customLogo).toBeNull();
  });

  it('keeps code, kind and state of a domain to the super admin', async () => {
    const base = { id: demo, ...domain({ code: 'DEMO', name: 'Sello Demo' }) };
    const closed = await domainAdmin.put('administration/domains/update', {
      ...base,
      active: false,
      domainType: 'SANDBOX',
    });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({
      key: 'ERR_FORBIDDEN',
      fields: { domainType: 'ERR_FORBIDDEN', active: 'ERR_FORBIDDEN' },
    });
    expect((await domainAdmin.put('administration/domains/update', { ...base, id: acme })).statusCode).toBe(404);
    const renamed = await superAdmin.put('administration/domains/update', {
      id: acme,
      ...domain({ code: 'ACME', name: 'Acme Logistics Group', domainType: 'RESELLER' }),
    });
    expect(renamed.json()).toMatchObject({ name: 'Acme Logistics Group', domainType: 'RESELLER' });
  });

  it('closes sign-in for an inactive domain', async () => {
    const base = { id: acme, ...domain({ code: 'ACME', name: 'Acme Logistics Group', domainType: 'RESELLER' }) };
    await superAdmin.put('administration/domains/update', { ...base, active: false });
    const login = await new TestClient(t.app).post('security/login', {
      login: 'acme.admin',
      password: 'Sello-Demo-2026',
    });
    expect(login.statusCode).toBe(401);
    await superAdmin.put('administration/domains/update', { ...base, active: true });
    await new TestClient(t.app).login('acme.admin');
  });
});

describe('administration/domains delete and recover', () => {
  it('lets only a super admin delete and recover, never the own domain', async () => {
    const created = await superAdmin.post('administration/domains/new', domain({ code: 'TEMP', name: 'Temporary' }));
    const id: number = created.json().id;
    expect((await domainAdmin.delete(`administration/domains/delete/${id}`)).statusCode).toBe(403);
    expect((await superAdmin.delete(`administration/domains/delete/${demo}`)).json()).toEqual({
      key: 'ERR_SELF_ACTION',
    });
    expect((await superAdmin.delete(`administration/domains/delete/${id}`)).statusCode).toBe(200);
    const bin = await superAdmin.get(`administration/domains/read?filters=${filtersParam({ deleted: true })}`);
    expect(bin.json().rows).toEqual([expect.objectContaining({ id, code: 'TEMP', deletedBy: 'Sofía Prieto' })]);
    expect(
      (await domainAdmin.get(`administration/domains/read?filters=${filtersParam({ deleted: true })}`)).statusCode,
    ).toBe(403);
    expect((await superAdmin.put(`administration/domains/recover/${id}`)).statusCode).toBe(200);
    await superAdmin.delete(`administration/domains/delete/${id}`);
    await superAdmin.post('administration/domains/new', domain({ code: 'TEMP', name: 'Temporary again' }));
    const recover = await superAdmin.put(`administration/domains/recover/${id}`);
    expect(recover.statusCode).toBe(409);
    expect(recover.json()).toEqual({ key: 'ERR_CONFLICT', fields: { code: 'ERR_CONFLICT' } });
  });
});

describe('administration/domains document types and advanced templates', () => {
  it('answers both sides of the document-type picker, chosen ones in order, inactive ones blocked', async () => {
    const response = await domainAdmin.get(`administration/domains/typesdocument/${demo}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.selected.map((item: { text: string }) => item.text)).toEqual([
      'Notarial notification',
      'Deed acceptance',
    ]);
    expect(body.available.map((item: { text: string }) => item.text)).toEqual([
      'Certified e-mail',
      'Certified SMS',
      'Claim settlement acceptance',
      'Document custody',
      'ID card capture',
      'ID card verification',
      'Joint deed acceptance',
      'NFC identity check',
      'Policy renewal notice',
      'Power of attorney accreditation',
      'Premium direct debit acceptance',
      'Remote onboarding',
      'Video identification',
    ]);
    expect(body.available.find((item: { text: string }) => item.text === 'Video identification').blocked).toBe(true);
    expect((await domainAdmin.get(`administration/domains/typesdocument/${acme}`)).statusCode).toBe(404);
  });

  it('stores the chosen document types in order, and the choice reads back', async () => {
    const list = [await typeId('Certified SMS'), await typeId('Notarial notification')];
    const response = await domainAdmin.put(`administration/domains/updateTypesDocument/${demo}`, { listOfTypes: list });
    expect(response.json()).toEqual({ ok: true });
    const after = await domainAdmin.get(`administration/domains/typesdocument/${demo}`);
    expect(after.json().selected.map((item: { value: number }) => item.value)).toEqual(list);
    expect(after.json().available.map((item: { text: string }) => item.text)).toContain('Deed acceptance');
  });

  it('refuses unknown, repeated or foreign document types and changes nothing', async () => {
    const foreign = await typeId('Warehouse custody');
    const sms = await typeId('Certified SMS');
    for (const listOfTypes of [[foreign], [sms, sms], [999999]]) {
      const response = await domainAdmin.put(`administration/domains/updateTypesDocument/${demo}`, { listOfTypes });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ listOfTypes: 'ERR_FIELD_INVALID' });
    }
    const after = await domainAdmin.get(`administration/domains/typesdocument/${demo}`);
    expect(after.json().selected).toHaveLength(2);
    const other = await domainAdmin.put(`administration/domains/updateTypesDocument/${acme}`, { listOfTypes: [] });
    expect(other.statusCode).toBe(404);
    expect(
      (await superAdmin.put(`administration/domains/updateTypesDocument/${acme}`, { listOfTypes: [foreign] }))
        .statusCode,
    ).toBe(200);
  });

  it('answers and stores the advanced communication templates of a domain', async () => {
    const before = await domainAdmin.get(`administration/domains/advanceComTemplate?domain=${demo}`);
    // The demo offers its advanced template in each language it is written in.
    expect(before.json().selected.map((item: { text: string }) => item.text)).toEqual([
      'Renovación con documentos',
      'Renewal with documents',
      'Renovação com documentos',
    ]);
    expect(before.json().available).toEqual([
      { value: await templateId('Claim follow-up'), text: 'Claim follow-up', description: 'HTML', blocked: false },
      { value: await templateId('Payment reminder'), text: 'Payment reminder', description: 'HTML', blocked: true },
    ]);
    const list = [await templateId('Claim follow-up'), await templateId('Renewal with documents')];
    expect(
      (await domainAdmin.put(`administration/domains/updateAdvComTemplate/${demo}`, { advancedComTemplates: list }))
        .statusCode,
    ).toBe(200);
    const after = await domainAdmin.get(`administration/domains/advanceComTemplate?domain=${demo}`);
    expect(after.json().selected.map((item: { value: number }) => item.value)).toEqual(list);
    const plain = await templateId('Notarial notice');
    const refused = await domainAdmin.put(`administration/domains/updateAdvComTemplate/${demo}`, {
      advancedComTemplates: [plain],
    });
    expect(refused.json().fields).toEqual({ advancedComTemplates: 'ERR_FIELD_INVALID' });
    expect((await domainAdmin.get(`administration/domains/advanceComTemplate?domain=${acme}`)).statusCode).toBe(404);
  });
});

describe('administration/domains/export', () => {
  it('exports the domains as Excel, directly and through DownloadFile', async () => {
    const direct = await superAdmin.get('administration/domains/export?language=en-en&sortField=code');
    expect(isXlsx(direct)).toBe(true);
    const rows = await readXlsx(direct.rawPayload);
    expect(rows[0]?.slice(0, 4)).toEqual(['Id', 'Code', 'Name', 'Description']);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['ACME', 'DEMO', 'IBERIA', 'TEMP']);
    const form = await postDownloadFile(
      t.app,
      'administration/domains/export',
      { language: 'en-en' },
      domainAdmin.token!,
    );
    expect(form.statusCode).toBe(200);
    expect((await readXlsx(form.rawPayload)).slice(1).map((row) => row[1])).toEqual(['DEMO']);
  });
});
