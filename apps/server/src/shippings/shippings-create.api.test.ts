import { createHash } from 'node:crypto';
import { SERVICE_KINDS, type ServiceKind } from '@sello/contracts/enums';
import { SERVICE_RULES } from '@sello/contracts/shipping-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, userIdOf } from '../../test/admin-fixtures.ts';
import { createShippingTestApp, dataUrl, pdfDataUrl, readChain, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { demoPdf } from '../demo/demo-pdf.ts';
import { verifyChain } from './event-chain.ts';

let t: TTestApp;
let user: TestClient;
let admin: TestClient;
let notaria: number;
let seguros: number;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  admin = await signedInClient(t.app, 'company.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  seguros = await companyIdOf(t.database.db, 'A76543214');
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const lucia = {
  name: 'Lucía Fernández',
  email: 'lucia@example.es',
  mobile: '612 345 678',
  documentType: 'DNI',
  documentNumber: '12345678Z',
};
const tiago = { name: 'Tiago Almeida', email: 'tiago@example.pt', mobile: '+351 912 345 678' };
const postal = {
  streetType: 'CALLE',
  street: 'Mayor',
  streetNumber: '5',
  postalCode: '28013',
  city: 'Madrid',
  country: 'ES',
};

async function send(client: TestClient, body: Record<string, unknown>) {
  return client.post('shippings/sendrequest', {
    companyId: notaria,
    channel: 'email',
    subject: 'Notice',
    receivers: [lucia],
    ...body,
  });
}

async function notification(body: Record<string, unknown> = {}) {
  return send(user, {
    typeId: await typeIdOf(t.database.db, 'Notarial notification'),
    documents: [{ name: 'notice.pdf', content: pdfDataUrl('Notice') }],
    ...body,
  });
}

async function tableCounts() {
  const count = async (table: 'shippings' | 'shipping_receivers' | 'shipping_documents' | 'shipping_events') =>
    Number((await t.database.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return {
    shippings: await count('shippings'),
    receivers: await count('shipping_receivers'),
    documents: await count('shipping_documents'),
    events: await count('shipping_events'),
  };
}

describe('shippings/sendrequest', () => {
  it('creates a shipping of every service kind on every channel its type offers', async () => {
    const types = await t.database.db
      .selectFrom('shipping_types as t')
      .innerJoin('domains as d', 'd.id', 't.domain_id')
      .select(['t.id', 't.name', 't.service_kind as kind', 't.channels', 't.company_id as companyId'])
      .where('d.code', '=', 'DEMO')
      .where('t.active', '=', true)
      .execute();
    expect(new Set(types.map((type) => type.kind))).toEqual(
      new Set(SERVICE_KINDS.filter((kind) => kind !== 'video_identification_attended')),
    );
    const channels = new Set<string>();
    const domainAdmin = await signedInClient(t.app, 'domain.admin');
    for (const type of types) {
      const rule = SERVICE_RULES[type.kind as ServiceKind];
      for (const channel of type.channels) {
        const receivers = Array.from({ length: rule.minReceivers }, (_, index) => ({
          ...(index === 0 ? lucia : tiago),
          ...(channel === 'postal' && { postal }),
        }));
        const companyId = type.companyId === null ? notaria : Number(type.companyId);
        const response = await send(companyId === notaria ? user : domainAdmin, {
          companyId,
          typeId: Number(type.id),
          channel,
          subject: `${type.name} by ${channel}`,
          receivers,
          ...(channel === 'sms' && { message: 'You have a certified notice.' }),
          ...(rule.documents === 'required' && { documents: [{ name: 'doc.pdf', content: pdfDataUrl(type.name) }] }),
          ...(type.name === 'Claim settlement acceptance' && { authorizers: [] }),
          ...(type.name === 'Policy renewal notice' && { customFields: { policy: 'P-1', date: '1 May 2027' } }),
        });
        expect(response.statusCode, `${type.name} by ${channel}: ${response.body}`).toBe(200);
        channels.add(channel);
      }
    }
    expect([...channels].sort()).toEqual(['email', 'onscreen', 'postal', 'sms', 'whatsapp']);
  });

  it('stores receivers, documents with their SHA-256, the first event and the initial state', async () => {
    const pdf = demoPdf('Deed of sale');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const response = await notification({
      reference: 'REF-77',
      receivers: [
        { ...lucia, postal },
        {
          receiverType: 2,
          name: 'Construcciones Levante S.L.',
          documentType: 'NIF',
          documentNumber: 'B12345674',
          email: 'a@levante.es',
        },
        {
          name: 'Jorge Martín',
          documentType: 'NIE',
          documentNumber: 'x-1234567-l',
          email: 'jorge@example.es',
          language: 'en-en',
        },
      ],
      documents: [
        { name: 'deed.pdf', content: dataUrl('application/pdf', pdf), category: 'DOCUMENT' },
        { name: 'plan.png', content: dataUrl('image/png', png), category: 'IMAGE' },
      ],
      customFields: { policy: 'P-1', branch: 'Madrid' },
      metaProperties: { dossier: 'D-9' },
      font: 'helvetica',
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = (await user.get(`shippings/shippingdetail?requestId=${response.json().requestId}`)).json();
    expect(detail).toMatchObject({
      reference: 'REF-77',
      service: 'notification',
      channel: 'email',
      state: 'pending_to_send',
      result: null,
      receiver: 'Lucía Fernández +2',
      isSandbox: false,
      deleted: false,
      requiresAuth: false,
      customFields: { policy: 'P-1', branch: 'Madrid' },
      metaProperties: { dossier: 'D-9' },
      font: 'helvetica',
      multiSignerOrder: 0,
      body: '<p>Notaría Central S.L. has sent you a notarial notification.</p>',
      allowedActions: [],
    });
    expect(detail.receivers).toEqual([
      expect.objectContaining({
        position: 1,
        receiverType: 1,
        documentNumber: '12345678Z',
        mobile: '+34612345678',
        postal: expect.objectContaining({ street: 'Mayor', postalCode: '28013', country: 'ES' }),
        status: 'pending',
      }),
      expect.objectContaining({ position: 2, receiverType: 2, documentType: 'NIF', documentNumber: 'B12345674' }),
      expect.objectContaining({ position: 3, documentType: 'NIE', documentNumber: 'X1234567L', language: 'en-en' }),
    ]);
    expect(detail.documents).toEqual([
      expect.objectContaining({
        fileRequest: 1,
        name: 'deed.pdf',
        kind: 'original',
        category: 'DOCUMENT',
        mimeType: 'application/pdf',
        sizeBytes: pdf.length,
        sha256: sha256(pdf),
      }),
      expect.objectContaining({ fileRequest: 2, name: 'plan.png', mimeType: 'image/png', sha256: sha256(png) }),
    ]);
    expect(detail.events).toHaveLength(1);
    expect(detail.events[0]).toMatchObject({
      seq: 1,
      action: 'create',
      actor: 'Javier Ruiz',
      fromState: null,
      toState: 'pending_to_send',
      prevHash: '0'.repeat(64),
    });
    const stored = await t.database.db
      .selectFrom('shipping_events')
      .select('details')
      .where('shipping_id', '=', String(detail.requestId))
      .executeTakeFirstOrThrow();
    expect(stored.details.documents).toEqual([sha256(pdf), sha256(png)]);
    expect(await t.database.db.selectFrom('shipping_documents').select('sha256').execute()).not.toHaveLength(0);
    const original = await user.get(`shippings/shippingreadoriginalfile?requestId=${detail.requestId}&fileRequest=1`);
    expect(sha256(original.rawPayload)).toBe(sha256(pdf));
  });

  it('takes the body from the chosen template (as the sender edited it), or from the type default, filling its placeholders', async () => {
    const template = await t.database.db
      .selectFrom('templates')
      .select('id')
      .where('name', '=', 'Renewal with documents')
      .executeTakeFirstOrThrow();
    const chosen = await notification({ templateId: Number(template.id), customFields: { reference: 'HOME-7' } });
    const detail = (await user.get(`shippings/shippingdetail?requestId=${chosen.json().requestId}`)).json();
    expect(detail.body).toMatch(/^<p>Your policy HOME-7 renews on \{\{deadline\}\}\. /);
    expect(detail.templateId).toBe(Number(template.id));
    const written = await notification({ message: 'Written by hand' });
    expect((await user.get(`shippings/shippingdetail?requestId=${written.json().requestId}`)).json().body).toBe(
      'Written by hand',
    );
    const edited = await notification({
      templateId: Number(template.id),
      message: '<p>{{company}} renews your policy {{policy}}.</p>',
      customFields: { policy: 'CAR-9' },
    });
    expect((await user.get(`shippings/shippingdetail?requestId=${edited.json().requestId}`)).json().body).toBe(
      '<p>Notaría Central S.L. renews your policy CAR-9.</p>',
    );
    const smsTemplate = await notification({ channel: 'sms', templateId: Number(template.id) });
    expect(smsTemplate.json().fields).toMatchObject({ templateId: 'ERR_FIELD_INVALID' });
  });

  it('refuses a subject or body that still holds a placeholder, naming it, and keeps nothing', async () => {
    const before = await tableCounts();
    // A custom field fills its placeholder; one no field and no template variable fills is refused.
    const body = await notification({
      message: '<p>Your policy {{policy}} renews on {{date}}.</p>',
      customFields: { policy: 'HOME-7' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      key: 'ERR_VALIDATION',
      fields: { message: 'ERR_PLACEHOLDER_UNFILLED' },
      params: { placeholder: '{{date}}' },
    });
    const subject = await notification({ subject: 'Renewal of {{ policy }}', message: 'Plain text' });
    expect(subject.json()).toMatchObject({
      fields: { subject: 'ERR_PLACEHOLDER_UNFILLED' },
      params: { placeholder: '{{ policy }}' },
    });
    expect(await tableCounts()).toEqual(before);
    // The shipping's own reference and the custom fields fill the subject too.
    const filled = await notification({
      reference: 'R-77',
      subject: 'Policy {{policy}} ({{reference}})',
      message: 'Plain text',
      customFields: { policy: 'CAR-1' },
    });
    const detail = (await user.get(`shippings/shippingdetail?requestId=${filled.json().requestId}`)).json();
    expect(detail.subject).toBe('Policy CAR-1 (R-77)');
  });

  it('flags the shippings of sandbox users', async () => {
    const sandbox = await signedInClient(t.app, 'sandbox.user');
    const response = await send(sandbox, { typeId: await typeIdOf(t.database.db, 'Certified e-mail') });
    const detail = (await sandbox.get(`shippings/shippingdetail?requestId=${response.json().requestId}`)).json();
    expect(detail.isSandbox).toBe(true);
  });

  it('waits for authorisation when the type asks for it or the sender adds authorisers', async () => {
    const byType = await send(user, {
      typeId: await typeIdOf(t.database.db, 'Deed acceptance'),
      documents: [{ name: 'deed.pdf', content: pdfDataUrl('Deed') }],
    });
    const typeDetail = (await user.get(`shippings/shippingdetail?requestId=${byType.json().requestId}`)).json();
    expect(typeDetail).toMatchObject({ state: 'pending_auth', requiresAuth: true, authRound: 1 });
    expect(typeDetail.authorisations).toEqual([
      expect.objectContaining({ round: 1, authoriserKind: 'user', authoriserName: 'Marta Lopes', decision: 'pending' }),
    ]);
    const hours = (Date.parse(typeDetail.authDeadlineAt) - Date.parse(typeDetail.createdAt)) / 3_600_000;
    expect(hours).toBe(48);
    const added = await notification({ authorizers: [await userIdOf(t.database.db, 'company.admin')] });
    const addedDetail = (await user.get(`shippings/shippingdetail?requestId=${added.json().requestId}`)).json();
    expect(addedDetail.state).toBe('pending_auth');
    expect(addedDetail.authorisations.map((row: { authoriserName: string }) => row.authoriserName)).toEqual([
      'Alba Núñez',
    ]);
  });

  it('refuses authorisers who are the sender, of another company or of another domain', async () => {
    const self = await notification({ authorizers: [await userIdOf(t.database.db, 'company.user')] });
    expect(self.json().fields).toEqual({ 'authorizers.0': 'ERR_FIELD_INVALID' });
    const acme = await notification({ authorizers: [await userIdOf(t.database.db, 'acme.admin')] });
    expect(acme.json().fields).toEqual({ 'authorizers.0': 'ERR_FIELD_INVALID' });
  });
});

describe('shippings/sendrequest validation', () => {
  const expectFields = async (
    response: Awaited<ReturnType<typeof send>>,
    fields: Record<string, string>,
    status = 400,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ key: 'ERR_VALIDATION', fields });
  };

  it('checks identity documents by their check letter, mobiles and e-mails', async () => {
    await expectFields(await notification({ receivers: [{ ...lucia, documentNumber: '12345678A' }] }), {
      'receivers.0.documentNumber': 'ERR_DOCUMENT_ID_INVALID',
    });
    await expectFields(
      await notification({
        receivers: [
          { receiverType: 2, name: 'Levante', email: 'a@b.es', documentType: 'NIF', documentNumber: 'B12345675' },
        ],
      }),
      { 'receivers.0.documentNumber': 'ERR_DOCUMENT_ID_INVALID' },
    );
    await expectFields(await notification({ receivers: [{ ...lucia, mobile: '5551234' }] }), {
      'receivers.0.mobile': 'ERR_MOBILE_INVALID',
    });
    await expectFields(await notification({ receivers: [{ ...lucia, email: 'lucia@' }] }), {
      'receivers.0.email': 'ERR_EMAIL_INVALID',
    });
    await expectFields(await notification({ channel: 'postal' }), { 'receivers.0.postal': 'ERR_FIELD_REQUIRED' });
  });

  it('names each pattern of spec §5 with its own key: postal code, e-mail list, SMS text', async () => {
    await expectFields(
      await notification({ channel: 'postal', receivers: [{ ...lucia, postal: { ...postal, postalCode: '2801' } }] }),
      { 'receivers.0.postal.postalCode': 'ERR_PATTERN_POSTAL_CODE' },
    );
    await expectFields(await notification({ receivers: [{ ...lucia, cc: 'a@b.es;;c@d.es' }] }), {
      'receivers.0.cc': 'ERR_PATTERN_EMAIL_LIST',
    });
    const typeId = await typeIdOf(t.database.db, 'Certified SMS');
    const refused = await send(user, { typeId, channel: 'sms', receivers: [tiago], message: 'Precio: 10 ¥' });
    expect(refused.json()).toMatchObject({
      fields: { message: 'ERR_PATTERN_SMS_TEXT' },
      fieldParams: { message: { illegal: '¥' } },
    });
  });

  it('limits custom fields, meta properties, documents and file names (spec §9)', async () => {
    const fields = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 'v']));
    expect((await notification({ customFields: fields(10), metaProperties: fields(5) })).statusCode).toBe(200);
    await expectFields(await notification({ customFields: fields(11) }), { customFields: 'ERR_TOO_MANY_ITEMS' });
    await expectFields(await notification({ metaProperties: fields(6) }), { metaProperties: 'ERR_TOO_MANY_ITEMS' });
    const tiny = pdfDataUrl('x');
    const documents = Array.from({ length: 101 }, (_, i) => ({ name: `d${i}.pdf`, content: tiny }));
    await expectFields(await notification({ documents }), { documents: 'ERR_TOO_MANY_ITEMS' });
    await expectFields(await notification({ documents: [{ name: `${'n'.repeat(197)}.pdf`, content: tiny }] }), {
      'documents.0.name': 'ERR_FILE_NAME_TOO_LONG',
    });
    const longest = await notification({ documents: [{ name: `${'n'.repeat(196)}.pdf`, content: tiny }] });
    expect(longest.statusCode).toBe(200);
  });

  it('checks documents by their content and size (FILE_UPLOAD_MAX_SIZE)', async () => {
    await expectFields(
      await notification({
        documents: [{ name: 'notice.pdf', content: dataUrl('application/pdf', Buffer.from('PK\u0003\u0004')) }],
      }),
      { 'documents.0.content': 'ERR_FILE_TYPE' },
    );
    await expectFields(await notification({ documents: [{ name: 'notice.exe', content: pdfDataUrl('x') }] }), {
      'documents.0.content': 'ERR_FILE_TYPE',
    });
    await expectFields(
      await notification({ documents: [{ name: 'empty.pdf', content: 'data:application/pdf;base64,' }] }),
      {
        'documents.0.content': 'ERR_FILE_EMPTY',
      },
    );
    await t.database.db
      .updateTable('preferences')
      .set({ value: '1' })
      .where('name', '=', 'FILE_UPLOAD_MAX_SIZE')
      .execute();
    expect((await admin.get('admin/clearpreferencecache')).statusCode).toBe(200);
    const big = Buffer.concat([demoPdf('big'), Buffer.alloc(2048, 0x20)]);
    const response = await notification({ documents: [{ name: 'big.pdf', content: dataUrl('application/pdf', big) }] });
    await expectFields(response, { 'documents.0.content': 'ERR_MAX_FILE_SIZE' });
    expect(response.json().params).toEqual({ size: 1 });
    await t.database.db
      .updateTable('preferences')
      .set({ value: '5120' })
      .where('name', '=', 'FILE_UPLOAD_MAX_SIZE')
      .execute();
    await admin.get('admin/clearpreferencecache');
  });

  it('holds each service kind to its channels, receivers, documents and options', async () => {
    const db = t.database.db;
    await expectFields(
      await send(user, {
        typeId: await typeIdOf(db, 'Certified e-mail'),
        channel: 'sms',
        receivers: [tiago],
        message: 'Hi',
      }),
      {
        channel: 'ERR_CHANNEL_NOT_ALLOWED',
      },
    );
    await expectFields(
      await send(user, {
        typeId: await typeIdOf(db, 'Joint deed acceptance'),
        documents: [{ name: 'd.pdf', content: pdfDataUrl('d') }],
      }),
      { receivers: 'ERR_RECEIVERS_COUNT' },
    );
    await expectFields(await notification({ documents: [] }), { documents: 'ERR_FIELD_REQUIRED' });
    await expectFields(
      await send(user, {
        typeId: await typeIdOf(db, 'Certified SMS'),
        channel: 'sms',
        message: 'Hello',
        receivers: [tiago],
        documents: [{ name: 'd.pdf', content: pdfDataUrl('d') }],
      }),
      { documents: 'ERR_FIELD_INVALID' },
    );
    await expectFields(await notification({ multiSignerOrder: 1, pinSignatureText: 'signatureVal', custodyDays: 30 }), {
      multiSignerOrder: 'ERR_FIELD_INVALID',
      pinSignatureText: 'ERR_FIELD_INVALID',
      custodyDays: 'ERR_FIELD_INVALID',
    });
  });

  it('checks SMS texts against the SMS alphabet and SMS_MAX_CHARACTERS', async () => {
    const typeId = await typeIdOf(t.database.db, 'Certified SMS');
    const sms = (message?: string) => send(user, { typeId, channel: 'sms', receivers: [tiago], message });
    await expectFields(await sms('Precio: 10 ¥'), { message: 'ERR_PATTERN_SMS_TEXT' });
    await expectFields(await sms('a'.repeat(161)), { message: 'ERR_FIELD_TOO_LONG' });
    expect((await sms('Su cita es mañana a las 10:00.')).statusCode).toBe(200);
  });

  it('refuses companies, types and templates the sender may not use, without saying whether they exist', async () => {
    const db = t.database.db;
    const acme = await companyIdOf(db, 'B87654323');
    await expectFields(await notification({ companyId: acme }), { companyId: 'ERR_FIELD_INVALID' });
    // company.user is not assigned to Seguros Atlántico.
    await expectFields(await notification({ companyId: seguros }), { companyId: 'ERR_FIELD_INVALID' });
    await expectFields(await notification({ typeId: await typeIdOf(db, 'Warehouse custody') }), {
      typeId: 'ERR_FIELD_INVALID',
    });
    // A type of another company of the same domain, and an inactive type.
    await expectFields(await notification({ typeId: await typeIdOf(db, 'NFC identity check') }), {
      typeId: 'ERR_FIELD_INVALID',
    });
    await expectFields(await notification({ typeId: await typeIdOf(db, 'Video identification') }), {
      typeId: 'ERR_FIELD_INVALID',
    });
    await expectFields(await notification({ typeId: 999_999 }), { typeId: 'ERR_FIELD_INVALID' });
  });

  it('saves nothing when any part of the shipping fails to save', async () => {
    const before = await tableCounts();
    await sql`CREATE FUNCTION fail_documents() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$`.execute(t.database.db);
    await sql`CREATE TRIGGER fail_documents BEFORE INSERT ON shipping_documents
      FOR EACH ROW EXECUTE FUNCTION fail_documents()`.execute(t.database.db);
    try {
      const response = await notification();
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ key: 'ERR_INTERNAL' });
    } finally {
      await sql`DROP TRIGGER fail_documents ON shipping_documents`.execute(t.database.db);
    }
    expect(await tableCounts()).toEqual(before);
    const bad = await notification({ receivers: [lucia, { ...tiago, documentType: 'DNI', documentNumber: '1' }] });
    expect(bad.statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('shippings: the event chain of a new shipping', () => {
  it('verifies from the stored rows', async () => {
    const response = await notification();
    const chain = await readChain(t.database.db, response.json().requestId);
    expect(chain).toHaveLength(1);
    expect(verifyChain(chain)).toBeNull();
  });
});

describe('shippings/shippingListTypes', () => {
  it('lists the types a user can use, with what creation needs when complete', async () => {
    const all = (await user.get('shippings/shippingListTypes')).json();
    const names = all.map((type: { text: string }) => type.text);
    expect(names).toContain('Document custody');
    expect(names).not.toContain('NFC identity check');
    expect(names).not.toContain('Warehouse custody');
    expect(all.find((type: { text: string }) => type.text === 'Video identification').blocked).toBe(true);
    const active = (await user.get('shippings/shippingListTypes?onlyactive=true')).json();
    expect(active.map((type: { text: string }) => type.text)).not.toContain('Video identification');
    const complete = (await user.get(`shippings/shippingListTypes?companyId=${notaria}&complete=true`)).json();
    expect(complete.find((type: { text: string }) => type.text === 'Joint deed acceptance')).toMatchObject({
      serviceKind: 'double_acceptance',
      channels: ['email', 'sms', 'onscreen'],
      requiresAuth: true,
      authDeadlineHours: 72,
      authorisers: [
        { kind: 'user', name: 'Marta Lopes', id: expect.any(Number) },
        { kind: 'group', name: 'Legal', id: expect.any(Number) },
      ],
    });
    expect(all[0].channels).toBeUndefined();
  });

  it('answers 404 for a company the user is not assigned to', async () => {
    expect((await user.get(`shippings/shippingListTypes?companyId=${seguros}`)).statusCode).toBe(404);
    const acme = await companyIdOf(t.database.db, 'B87654323');
    expect((await user.get(`shippings/shippingListTypes?companyId=${acme}`)).statusCode).toBe(404);
  });
});
