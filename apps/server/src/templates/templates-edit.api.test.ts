import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, isXlsx, readXlsx } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let domainAdmin: TestClient;
let manager: TestClient;
let acmeAdmin: TestClient;
let notaria: number;
let seguros: number;
let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

beforeAll(async () => {
  t = await createTestApp();
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  manager = await signedInClient(t.app, 'company.manager');
  acmeAdmin = await signedInClient(t.app, 'acme.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  seguros = await companyIdOf(t.database.db, 'A76543214');
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

async function createHtml(client: TestClient, fields: Record<string, unknown> = {}) {
  return client.post('templates/new', {
    companyId: notaria,
    name: unique('Welcome'),
    subject: 'Hello {{receiverName}}',
    content: '<p>Dear {{receiverName}}, {{company}} wrote to you.</p>',
    ...fields,
  });
}

describe('templates/new and update', () => {
  it('creates an HTML template of a company, sanitised on the server, and locks it for its author', async () => {
    const response = await createHtml(domainAdmin, {
      content:
        '<p onclick="alert(1)">Hi {{receiverName}}<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({ companyId: notaria, contentType: 'HTML', kind: 'COMMUNICATION', lockedByMe: true });
    expect(created.lockedBy).toBe('Daniel Ortega');
    expect(created.content).toBe('<p>Hi {{receiverName}}<a>x</a></p>');
    const detail = await domainAdmin.get(`templates/detail?templateSelected=${created.id}`);
    expect(detail.json().content).toBe(created.content);
  });

  it('refuses an unknown variable and names it', async () => {
    const response = await createHtml(domainAdmin, { content: '<p>{{receiverName}} owes {{amount}}</p>' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      key: 'ERR_VALIDATION',
      fields: { content: 'ERR_TEMPLATE_VARIABLE_UNKNOWN' },
      params: { variable: 'amount' },
      fieldParams: { content: { variable: 'amount' } },
    });
    const subject = await createHtml(domainAdmin, { subject: 'For {{ who }}' });
    expect(subject.json()).toMatchObject({
      fields: { subject: 'ERR_TEMPLATE_VARIABLE_UNKNOWN' },
      params: { variable: 'who' },
    });
  });

  it('takes SMS variables but names the characters an SMS cannot carry', async () => {
    const ok = await domainAdmin.post('templates/new', {
      companyId: notaria,
      contentType: 'SMS',
      name: unique('Code'),
      content: 'Hola {{receiverName}}: abra {{accessLink}}',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().subject).toBeNull();
    const bad = await domainAdmin.post('templates/new', {
      companyId: notaria,
      contentType: 'SMS',
      name: unique('Code'),
      content: 'Hola\t😀 ~ {{receiverName}}\u0007',
    });
    expect(bad.json()).toEqual({
      key: 'ERR_VALIDATION',
      fields: { content: 'ERR_PATTERN_SMS_TEXT' },
      params: { illegal: '\t\u0007' },
      fieldParams: { content: { illegal: '\t\u0007' } },
    });
  });

  it('keeps names unique per owner among live templates', async () => {
    const name = unique('Same');
    expect((await createHtml(domainAdmin, { name })).statusCode).toBe(200);
    const again = await createHtml(domainAdmin, { name: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CONFLICT' } });
    expect((await createHtml(domainAdmin, { name, companyId: seguros })).statusCode).toBe(200);
    expect((await createHtml(domainAdmin, { name, companyId: null })).statusCode).toBe(200);
  });

  it('lets only administrators write domain templates, and others only for their companies', async () => {
    const domainWide = await createHtml(manager, { companyId: null });
    expect(domainWide.json()).toMatchObject({ fields: { companyId: 'ERR_FIELD_REQUIRED' } });
    const otherCompany = await createHtml(manager, { companyId: seguros });
    expect(otherCompany.json()).toMatchObject({ fields: { companyId: 'ERR_FIELD_INVALID' } });
    expect((await createHtml(acmeAdmin, { companyId: notaria })).json()).toMatchObject({
      fields: { companyId: 'ERR_FIELD_INVALID' },
    });
    const own = await createHtml(manager);
    expect(own.statusCode).toBe(200);
    const segurosTemplate = (await createHtml(domainAdmin, { companyId: seguros })).json();
    await domainAdmin.put(`templates/unlock/${segurosTemplate.id}`);
    expect((await manager.get(`templates/detail?templateSelected=${segurosTemplate.id}`)).statusCode).toBe(404);
    expect((await manager.put(`templates/lock/${segurosTemplate.id}`)).statusCode).toBe(404);
    expect((await manager.delete(`templates/delete/${segurosTemplate.id}`)).statusCode).toBe(404);
    expect((await acmeAdmin.put(`templates/lock/${own.json().id}`)).statusCode).toBe(404);
    expect(
      (await acmeAdmin.put('templates/update', { ...(own.json() as object), name: 'Taken over' })).statusCode,
    ).toBe(404);
  });
});

describe('the edit lock', () => {
  it('shows others who holds it, refuses their save, and an administrator unlocks it', async () => {
    const created = (await createHtml(domainAdmin)).json() as Record<string, unknown> & { id: number; name: string };
    const seen = await manager.put(`templates/lock/${created.id}`);
    expect(seen.json()).toMatchObject({ locked: true, lockedBy: 'Daniel Ortega', lockedByMe: false });
    const save = await manager.put('templates/update', { ...created, name: `${created.name} edited` });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toEqual({ key: 'ERR_TEMPLATE_LOCKED', params: { lockedBy: 'Daniel Ortega' } });
    expect((await manager.put(`templates/unlock/${created.id}`)).statusCode).toBe(403);
    const list = await manager.get(`templates/readList?pageSize=200`);
    expect(list.json().rows.find((row: { id: number }) => row.id === created.id).lockedBy).toBe('Daniel Ortega');

    // The holder's own save keeps the lock; the administrator then releases it for the manager.
    expect((await domainAdmin.put('templates/update', { ...created, subject: 'New {{subject}}' })).statusCode).toBe(
      200,
    );
    expect((await domainAdmin.put(`templates/unlock/${created.id}`)).json()).toEqual({ ok: true });
    const taken = await manager.put(`templates/lock/${created.id}`);
    expect(taken.json()).toMatchObject({ lockedBy: 'Marta Lopes', lockedByMe: true });
    const saved = await manager.put('templates/update', { ...created, name: `${created.name} edited` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: `${created.name} edited`, subject: 'Hello {{receiverName}}' });
    expect((await domainAdmin.put('templates/update', created)).json().key).toBe('ERR_TEMPLATE_LOCKED');
  });

  it('lets a lock expire', async () => {
    const created = (await createHtml(domainAdmin)).json() as Record<string, unknown> & { id: number; name: string };
    await t.database.db
      .updateTable('templates')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', String(created.id))
      .execute();
    expect((await manager.get(`templates/detail?templateSelected=${created.id}`)).json()).toMatchObject({
      locked: false,
      lockedBy: null,
    });
    expect((await manager.put('templates/update', { ...created, name: `${created.name} late` })).statusCode).toBe(200);
  });
});

describe('images', () => {
  it('stores a PNG checked by content and serves it without a session', async () => {
    const response = await domainAdmin.put('templates/uploadImage', {
      name: 'logo.png',
      content: dataUrl('image/png', PNG),
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/^\/rest\/services\/templates\/image\/[A-Za-z0-9_-]{32}$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `${url.slice(0, -4)}AAAA` })).statusCode).toBe(404);
  });

  it('refuses what is not an image whatever its name, SVG, and images over the limit', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const fake = await domainAdmin.put('templates/uploadImage', { name: 'x.png', content: dataUrl('image/png', html) });
    expect(fake.json()).toEqual({ key: 'ERR_VALIDATION', fields: { content: 'ERR_FILE_TYPE' } });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const svgUpload = await domainAdmin.put('templates/uploadImage', {
      name: 'x.svg',
      content: dataUrl('image/svg+xml', svg),
    });
    expect(svgUpload.json().fields.content).toBe('ERR_FILE_TYPE');
    const big = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
    const tooBig = await domainAdmin.put('templates/uploadImage', {
      name: 'big.png',
      content: dataUrl('image/png', big),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields.content).toBe('ERR_MAX_FILE_SIZE');
    expect(
      (await manager.put('templates/uploadImage', { name: 'x.png', content: dataUrl('image/png', PNG) })).statusCode,
    ).toBe(200);
    const sender = await signedInClient(t.app, 'company.user');
    expect(
      (await sender.put('templates/uploadImage', { name: 'x.png', content: dataUrl('image/png', PNG) })).statusCode,
    ).toBe(403);
  });

  it('keeps Sello images in a template and drops images from elsewhere', async () => {
    const { url } = (
      await domainAdmin.put('templates/uploadImage', { name: 'logo.png', content: dataUrl('image/png', PNG) })
    ).json();
    const created = await createHtml(domainAdmin, {
      content:
        `<p><img src="${url}" alt="logo"><img src="https://tracker.example/p.gif"><img src="data:image/png;base64,AAAA">` +
        // Sello's path shape on another host is another host's image.
        `<img src="https://tracker.example${url}"><img src="http://localhost:8080${url}" alt="own"></p>`,
    });
    expect(created.json().content).toBe(
      `<p><img src="${url}" alt="logo" /><img src="http://localhost:8080${url}" alt="own" /></p>`,
    );
    const preview = await domainAdmin.post('templates/preview', { content: created.json().content });
    expect(preview.json().body).toContain(`<img src="http://localhost:8080${url}" alt="logo" />`);
    const foreign = await domainAdmin.post('templates/preview', {
      content: `<p><img src="https://tracker.example${url}"></p>`,
    });
    expect(foreign.json().body).not.toContain('tracker.example');
  });
});

describe('templates/preview', () => {
  it('renders HTML with sample or given values, escaping them, and appends the link when not placed', async () => {
    const sample = await domainAdmin.post('templates/preview', {
      subject: 'For {{receiverName}}',
      content: '<p>{{company}}: <a href="{{accessLink}}">open</a></p>',
    });
    expect(sample.json()).toEqual({
      subject: 'For Lucía Fernández',
      body: '<p>Acme Servicios S.L.: <a href="https://sello.example/portal/#/r/SAMPLE">open</a></p>',
      sms: null,
    });
    const given = await domainAdmin.post('templates/preview', {
      content: '<p>Dear {{receiverName}}</p>',
      values: { receiverName: '<img src=x onerror=alert(1)>', accessLink: 'javascript:alert(1)' },
    });
    expect(given.json().body).toBe('<p>Dear &lt;img src=x onerror=alert(1)&gt;</p><p>javascript:alert(1)</p>');
  });

  it('counts an SMS as providers do', async () => {
    const plain = await domainAdmin.post('templates/preview', {
      contentType: 'SMS',
      content: 'Hola {{receiverName}}',
      values: { receiverName: 'Pepe', accessLink: '' },
    });
    expect(plain.json()).toMatchObject({
      subject: null,
      body: 'Hola Pepe',
      sms: { encoding: 'GSM7', segments: 1, units: 9 },
    });
    const accented = await domainAdmin.post('templates/preview', {
      contentType: 'SMS',
      content: 'Código {{receiverName}}',
      values: { receiverName: 'Pepe', accessLink: '' },
    });
    expect(accented.json().sms).toMatchObject({ encoding: 'UCS2', firstUcs2Character: 'ó', perSegment: 70 });
  });
});

describe('templates/read, export and readList', () => {
  it('reads the templates of a company with the domain ones, and exports the list', async () => {
    const created = (await createHtml(domainAdmin)).json() as Record<string, unknown> & { id: number; name: string };
    const read = await manager.get(`templates/read?companySelected=${notaria}`);
    expect(read.statusCode).toBe(200);
    const names = read.json().map((row: { name: string }) => row.name);
    expect(names).toContain(created.name);
    expect(names).toContain('Notarial notice');
    expect((await manager.get(`templates/read?companySelected=${seguros}`)).statusCode).toBe(404);
    const exported = await domainAdmin.get('templates/export?contentType=HTML');
    expect(isXlsx(exported)).toBe(true);
    const rows = (await readXlsx(exported.rawPayload)).flat().map(String);
    expect(rows).toContain(created.name);
    expect(rows).not.toContain('Delivery update');
    const sms = await domainAdmin.get('templates/readList?contentType=SMS&pageSize=200');
    expect(sms.json().rows.every((row: { contentType: string }) => row.contentType === 'SMS')).toBe(true);
  });
});

describe('what the new-shipping form offers', () => {
  it('offers communication templates and the advanced ones the domain chose, never the certified ones', async () => {
    const sender = await signedInClient(t.app, 'company.user');
    const names = async () =>
      (await sender.get(`templates/readListReduced?companySelected=${notaria}`))
        .json()
        .map((item: { text: string }) => item.text);
    const advanced = (
      await createHtml(domainAdmin, { kind: 'ADVANCED_COMMUNICATION', name: unique('Advanced') })
    ).json();
    const certified = (await createHtml(domainAdmin, { kind: 'EMAIL_CERT', name: unique('Certified') })).json();
    expect(await names()).not.toContain(advanced.name);
    expect(await names()).not.toContain(certified.name);
    const domain = await t.database.db
      .selectFrom('domains')
      .select('id')
      .where('code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    const chosen = await domainAdmin.put(`administration/domains/updateAdvComTemplate/${domain.id}`, {
      advancedComTemplates: [advanced.id],
    });
    expect(chosen.statusCode).toBe(200);
    expect(await names()).toContain(advanced.name);
    expect(await names()).not.toContain(certified.name);
  });
});
