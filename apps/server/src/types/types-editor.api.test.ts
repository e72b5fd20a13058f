import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, postDownloadFile, readXlsx } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let domainAdmin: TestClient;
let companyAdmin: TestClient;
let acmeAdmin: TestClient;
let notaria: number;
let atlantico: number;

beforeAll(async () => {
  t = await createTestApp();
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  companyAdmin = await signedInClient(t.app, 'company.admin');
  acmeAdmin = await signedInClient(t.app, 'acme.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  atlantico = await companyIdOf(t.database.db, 'A76543214');
});
afterAll(() => t.close());

let counter = 0;
const acceptance = (overrides: Record<string, unknown> = {}) => ({
  companyId: notaria,
  name: `Editor acceptance ${++counter}`,
  service: 'acceptance',
  channels: ['email', 'sms'],
  signMethod: 'PIN_SMS',
  ...overrides,
});

async function refusal(body: Record<string, unknown>, client = domainAdmin) {
  const response = await client.post('shippings/types/new', body);
  expect(response.statusCode, response.body).toBe(400);
  return response.json().fields as Record<string, string>;
}

describe('shippings/types/new, detail and update', () => {
  it('creates a type with every setting, answers it from detail, and puts it last in the order', async () => {
    const before = (await domainAdmin.get('shippings/types/read')).json() as { order: number }[];
    const body = acceptance({
      description: 'Signed with a PIN',
      placement: { page: 'LAST', position: 'BOTTOM_RIGHT', elements: ['SIGNATURE', 'SIGN_DATE'] },
      pinSignatureText: 'summaryVal',
      font: 'courier',
      multiSignerOrder: 1,
      metaProperties: [{ name: 'policy', location: 'CERTIFICATE' }],
      customFields: [{ name: 'claim', label: 'Claim number', required: true }],
      requiresAuth: true,
      authDeadlineHours: 24,
    });
    const created = await domainAdmin.post('shippings/types/new', body);
    expect(created.statusCode, created.body).toBe(200);
    const type = created.json();
    expect(type).toMatchObject({
      ...body,
      serviceCode: 'PT0002_ACCEPTANCE',
      companyName: 'Notaría Central S.L.',
      custodyTime: null,
      identificationDocuments: [],
      otherDocumentsLimit: 0,
      formControls: [],
      wfUsers: [],
      wfGroups: [],
    });
    expect(type.order).toBe(Math.max(...before.map((row) => row.order)) + 1);
    const detail = await domainAdmin.get(`shippings/types/detail?typeSelected=${type.id}`);
    expect(detail.json()).toEqual(type);

    const updated = await domainAdmin.put('shippings/types/update', {
      ...body,
      id: type.id,
      name: `${body.name} renamed`,
      channels: ['whatsapp'],
      signMethod: 'PIN_WHATSAPP',
      placement: null,
      active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: `${body.name} renamed`,
      channels: ['whatsapp'],
      active: false,
      placement: null,
    });
  });

  it('stores custody, identification and meta property settings the service offers', async () => {
    const custody = await domainAdmin.post('shippings/types/new', {
      companyId: notaria,
      name: 'Editor custody',
      service: 'custody',
      channels: ['email'],
      custodyTime: 365,
    });
    expect(custody.json()).toMatchObject({ custodyTime: 365, signMethod: null });
    const nfc = await domainAdmin.post('shippings/types/new', {
      companyId: null,
      name: 'Editor NFC',
      service: 'nfc_identification',
      channels: ['sms'],
      identificationDocuments: ['DNI_NIE', 'OTHER'],
      otherDocumentsLimit: 7,
      metaProperties: [{ name: 'chipSerial', location: 'NFC_CHIP' }],
    });
    expect(nfc.statusCode, nfc.body).toBe(200);
    expect(nfc.json()).toMatchObject({
      companyId: null,
      otherDocumentsLimit: 7,
      identificationDocuments: ['DNI_NIE', 'OTHER'],
    });
  });

  it('refuses, field by field, what the service does not offer', async () => {
    expect(await refusal(acceptance({ channels: ['postal', 'email'] }))).toEqual({
      'channels.0': 'ERR_NOT_OFFERED_BY_SERVICE',
    });
    expect(await refusal(acceptance({ signMethod: 'CLICK' }))).toEqual({ signMethod: 'ERR_NOT_OFFERED_BY_SERVICE' });
    expect(await refusal(acceptance({ signMethod: null }))).toEqual({ signMethod: 'ERR_FIELD_REQUIRED' });
    expect(await refusal(acceptance({ signMethod: 'BIOHAND_GRAPH' }))).toEqual({
      'channels.0': 'ERR_NOT_OFFERED_BY_SERVICE',
      'channels.1': 'ERR_NOT_OFFERED_BY_SERVICE',
    });
    expect(await refusal(acceptance({ custodyTime: 30 }))).toEqual({ custodyTime: 'ERR_NOT_OFFERED_BY_SERVICE' });
    expect(await refusal(acceptance({ channels: ['email', 'email'] }))).toEqual({ 'channels.1': 'ERR_FIELD_INVALID' });
    const notification = {
      companyId: notaria,
      name: 'Refused notification',
      service: 'notification',
      channels: ['postal'],
      signMethod: 'PIN_SMS',
      placement: { page: 'FIRST', position: 'TOP_LEFT', elements: ['SIGNATURE'] },
      pinSignatureText: 'signatureVal',
      multiSignerOrder: 1,
      identificationDocuments: ['PASSPORT'],
      otherDocumentsLimit: 2,
      metaProperties: [{ name: 'front', location: 'IDCARD_FRONT' }],
    };
    expect(await refusal(notification)).toEqual({
      signMethod: 'ERR_NOT_OFFERED_BY_SERVICE',
      placement: 'ERR_NOT_OFFERED_BY_SERVICE',
      pinSignatureText: 'ERR_NOT_OFFERED_BY_SERVICE',
      multiSignerOrder: 'ERR_NOT_OFFERED_BY_SERVICE',
      identificationDocuments: 'ERR_NOT_OFFERED_BY_SERVICE',
      otherDocumentsLimit: 'ERR_NOT_OFFERED_BY_SERVICE',
      'metaProperties.0.location': 'ERR_NOT_OFFERED_BY_SERVICE',
    });
    const custody = { companyId: notaria, name: 'Refused custody', service: 'custody', channels: ['email'] };
    expect(await refusal(custody)).toEqual({ custodyTime: 'ERR_FIELD_REQUIRED' });
    expect(await refusal({ ...custody, custodyTime: 45 })).toEqual({ custodyTime: 'ERR_NOT_OFFERED_BY_SERVICE' });
    const card = { companyId: notaria, name: 'Refused card', service: 'card_identification', channels: ['email'] };
    expect(await refusal({ ...card, identificationDocuments: ['PASSPORT'], otherDocumentsLimit: 1 })).toEqual({
      otherDocumentsLimit: 'ERR_FIELD_INVALID',
    });
    expect(await refusal({ ...card, identificationDocuments: ['OTHER'], otherDocumentsLimit: 8 })).toEqual({
      otherDocumentsLimit: 'ERR_TOO_MANY_ITEMS',
    });
  });

  it('bounds meta properties (5) and custom fields (10) and refuses repeated names', async () => {
    const six = Array.from({ length: 6 }, (_, index) => ({ name: `meta${index}`, location: 'CERTIFICATE' }));
    expect(await refusal(acceptance({ metaProperties: six }))).toEqual({ metaProperties: 'ERR_TOO_MANY_ITEMS' });
    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `field${index}`, label: `Field ${index}` }));
    expect(await refusal(acceptance({ customFields: eleven }))).toEqual({ customFields: 'ERR_TOO_MANY_ITEMS' });
    const twice = [
      { name: 'claim', label: 'Claim' },
      { name: 'CLAIM', label: 'Claim again' },
    ];
    expect(await refusal(acceptance({ customFields: twice }))).toEqual({ 'customFields.1.name': 'ERR_FIELD_INVALID' });
    expect(await refusal(acceptance({ customFields: [{ name: '1bad', label: 'Bad' }] }))).toEqual({
      'customFields.0.name': 'ERR_FIELD_INVALID',
    });
    expect(await refusal(acceptance({ name: ' ' }))).toEqual({ name: 'ERR_FIELD_REQUIRED' });
  });

  it('keeps names unique per company among live types, ignoring case', async () => {
    const body = acceptance({ name: 'Unique per company' });
    expect((await domainAdmin.post('shippings/types/new', body)).statusCode).toBe(200);
    const twin = await domainAdmin.post('shippings/types/new', { ...body, name: 'UNIQUE PER COMPANY' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CONFLICT' } });
    const other = await domainAdmin.post('shippings/types/new', { ...body, companyId: atlantico });
    expect(other.statusCode).toBe(200);
    const renamed = await domainAdmin.put('shippings/types/update', {
      ...body,
      id: other.json().id,
      companyId: notaria,
    });
    expect(renamed.statusCode).toBe(409);
    const first = (await domainAdmin.get(`shippings/types/read?companySelected=${notaria}`)).json() as {
      id: number;
      name: string;
    }[];
    const original = first.find((row) => row.name === 'Unique per company')!;
    await domainAdmin.delete(`shippings/types/delete/${original.id}`);
    expect((await domainAdmin.post('shippings/types/new', body)).statusCode).toBe(200);
  });

  it('lets a company administrator manage only types of their companies', async () => {
    const own = await companyAdmin.post('shippings/types/new', acceptance());
    expect(own.statusCode, own.body).toBe(200);
    expect((await companyAdmin.post('shippings/types/new', acceptance({ companyId: atlantico }))).statusCode).toBe(403);
    expect(await refusal(acceptance({ companyId: null }), companyAdmin)).toEqual({ companyId: 'ERR_FIELD_REQUIRED' });
    const theirs = await domainAdmin.post('shippings/types/new', acceptance({ companyId: atlantico }));
    const id = theirs.json().id;
    expect((await companyAdmin.get(`shippings/types/detail?typeSelected=${id}`)).statusCode).toBe(404);
    expect((await companyAdmin.put('shippings/types/update', { ...acceptance(), id })).statusCode).toBe(404);
    expect((await companyAdmin.delete(`shippings/types/delete/${id}`)).statusCode).toBe(404);
    const list = (await companyAdmin.get('shippings/types/readList?pageSize=1000')).json().rows as {
      companyId: number;
    }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((row) => row.companyId === notaria)).toBe(true);
    expect((await acmeAdmin.post('shippings/types/new', acceptance())).json()).toEqual({
      key: 'ERR_VALIDATION',
      fields: { companyId: 'ERR_FIELD_INVALID' },
    });
  });
});

describe('shippings/types/updateTypeOrder', () => {
  it('stores the order that read, readList, shippingtypesforcombo and shippingListTypes follow', async () => {
    const read = async () =>
      ((await domainAdmin.get(`shippings/types/read?companySelected=${notaria}`)).json() as { id: number }[]).map(
        (row) => row.id,
      );
    const ids = await read();
    const reversed = [...ids].reverse();
    const saved = await domainAdmin.put('shippings/types/updateTypeOrder', { typesOrder: reversed });
    expect(saved.json()).toEqual({ ok: true });
    expect(await read()).toEqual(reversed);
    const page = (await domainAdmin.get(`shippings/types/readList?pageSize=1000&companySelected=${notaria}`)).json();
    const listed = (page.rows as { id: number }[]).map((row) => row.id).filter((id) => ids.includes(id));
    expect(listed).toEqual(reversed);
    const combo = (await domainAdmin.get(`shippings/types/shippingtypesforcombo?companies=${notaria}`)).json();
    expect((combo as { value: number }[]).map((row) => row.value).filter((id) => ids.includes(id))).toEqual(reversed);
    const form = (await domainAdmin.get(`shippings/shippingListTypes?companyId=${notaria}&complete=true`)).json();
    expect((form as { value: number }[]).map((row) => row.value).filter((id) => ids.includes(id))).toEqual(reversed);
  });

  it('refuses repeated, unknown and other-domain ids without changing the order', async () => {
    const ids = ((await domainAdmin.get('shippings/types/read')).json() as { id: number }[]).map((row) => row.id);
    const acme = ((await acmeAdmin.get('shippings/types/read')).json() as { id: number }[])[0]!.id;
    for (const typesOrder of [[ids[0], ids[0]], [999_999], [acme, ids[0]]]) {
      const response = await domainAdmin.put('shippings/types/updateTypeOrder', { typesOrder });
      expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { typesOrder: 'ERR_FIELD_INVALID' } });
    }
    expect(((await domainAdmin.get('shippings/types/read')).json() as { id: number }[]).map((row) => row.id)).toEqual(
      ids,
    );
  });
});

describe('shippings/types combos', () => {
  it('answers what each service offers', async () => {
    const values = async (path: string) =>
      ((await domainAdmin.get(`shippings/types/${path}`)).json() as { value: unknown }[]).map((row) => row.value);
    expect(await values('custodyTime?service=PT0005_CUSTODY')).toEqual([30, 90, 180, 365, 730, 1825, 3650]);
    expect(await values('custodyTime?service=PT0001_NOTIFICATION')).toEqual([]);
    expect(await values('signmethods?service=PT0003_EXPRESS_ACCEPTANCE')).toContain('CLICK');
    expect(await values('signmethods?service=PT0002_ACCEPTANCE')).not.toContain('CLICK');
    expect(await values('signmethods?service=PT0001_NOTIFICATION')).toEqual([]);
    expect(await values('step?service=PT0002_ACCEPTANCE')).toEqual(['AUTHORISE', 'SEND', 'SIGN', 'CERTIFY']);
    expect(await values('metapropLocations?idCardService=PT0012_NFC_IDENTIFICATION')).toContain('NFC_CHIP');
    expect(await values('metapropLocations?idCardService=PT0013_CARD_IDENTIFICATION')).not.toContain('NFC_CHIP');
    expect(await values('elements')).toContain('SIGNATURE');
    const placement = (await domainAdmin.get('shippings/types/placement')).json();
    expect(placement.pages.map((row: { value: string }) => row.value)).toEqual(['FIRST', 'LAST', 'ALL']);
    expect((await domainAdmin.get('shippings/types/custodyTime?service=NOPE')).statusCode).toBe(400);
  });
});

describe('shippings/types/export', () => {
  it('exports the filtered list in order through DownloadFile', async () => {
    const response = await postDownloadFile(
      t.app,
      'shippings/types/export',
      { filters: { name: 'certified' }, language: 'en-en' },
      domainAdmin.token!,
    );
    expect(response.statusCode).toBe(200);
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['Order', 'Id', 'Name']);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['Certified e-mail', 'Certified SMS']);
  });
});
