import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { dataUrl, pdfDataUrl, typeIdOf } from '../../test/shipping-fixtures.ts';
import { demoPdf } from '../demo/demo-pdf.ts';
import {
  admin,
  lucia,
  notification,
  postal,
  seguros,
  send,
  setUpShippingsCreateTestApp,
  t,
  tableCounts,
  tiago,
  user,
} from './shippings-create.test-setup.ts';

setUpShippingsCreateTestApp();

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
    const refused = await send(user, { typeId, channel: 'sms', receivers: [tiago], message: 'Precio:\t10 ¥' });
    expect(refused.json()).toMatchObject({
      fields: { message: 'ERR_PATTERN_SMS_TEXT' },
      fieldParams: { message: { illegal: '\t' } },
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
    await expectFields(await sms('Precio:\t10 ¥'), { message: 'ERR_PATTERN_SMS_TEXT' });
    expect((await sms('Precio: 10 ¥ {Ä Ö Ø Å ß}')).statusCode).toBe(200);
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
      BEGIN RAISE EXCEPTION 'disk full'; END $$`.execute(t.owner.db);
    await sql`CREATE TRIGGER fail_documents BEFORE INSERT ON shipping_documents
      FOR EACH ROW EXECUTE FUNCTION fail_documents()`.execute(t.owner.db);
    try {
      const response = await notification();
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ key: 'ERR_INTERNAL' });
    } finally {
      await sql`DROP TRIGGER fail_documents ON shipping_documents`.execute(t.owner.db);
    }
    expect(await tableCounts()).toEqual(before);
    const bad = await notification({ receivers: [lucia, { ...tiago, documentType: 'DNI', documentNumber: '1' }] });
    expect(bad.statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });
});
