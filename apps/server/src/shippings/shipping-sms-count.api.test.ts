import type { TCompany } from '@sello/contracts/catalogue/administration-companies';
import { sql } from 'kysely';
import splitSms from 'split-sms';
import { describe, expect, it } from 'vitest';
import { typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient } from '../../test/test-app.ts';
import { admin, notaria, send, setUpShippingsCreateTestApp, t, tiago, user } from './shippings-create.test-setup.ts';

setUpShippingsCreateTestApp();

const LINK = /portal\/#\/r\/[A-Za-z0-9_-]{43}/;

async function companyName(): Promise<string> {
  const row = await t.database.db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', String(notaria))
    .executeTakeFirstOrThrow();
  return row.name;
}

/** The administrator sets the company's SMS alphabet through the company form's call. */
async function setUcs2Allowed(allowed: boolean) {
  const current = (await admin.get(`administration/companies/detail?selected=${notaria}`)).json() as TCompany;
  const { id, name, taxId, vatNumber, email, ccEmails, active } = current;
  const response = await admin.post('administration/companies/update', {
    ...{ id, name, taxId, active, smsUcs2Allowed: allowed },
    ...(vatNumber && { vatNumber }),
    ...(email && { email }),
    ...(ccEmails && { ccEmails }),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().smsUcs2Allowed).toBe(allowed);
}

const count = async (body: Record<string, unknown>, client = user) =>
  client.post('shippings/smsCount', { companyId: notaria, ...body });

describe('shippings/smsCount: the SMS each receiver gets, counted', () => {
  it("counts the composed SMS: the company's real name, the link at its real length, each receiver's values", async () => {
    const typeId = await typeIdOf(t.database.db, 'Claim settlement acceptance');
    const response = await count({ typeId, subject: 'Aviso', receivers: [{ name: 'Ana' }, { name: 'Tiago Almeida' }] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    // The type's SMS template in the receivers' language (the sender's, Spanish): "{{company}}: tiene un aviso
    // certificado. Abra el enlace para leerlo." and the link.
    expect(answer.text).toContain(`${await companyName()}: tiene un aviso certificado.`);
    expect(answer.text).toMatch(LINK);
    const reference = splitSms.split(answer.text);
    expect(answer).toMatchObject({
      encoding: reference.characterSet === 'GSM' ? 'GSM7' : 'UCS2',
      segments: reference.parts.length,
      characters: [...answer.text].length,
      receivers: 2,
      ucs2Allowed: true,
      problem: null,
    });
  });

  it('answers the longest receiver: a name outside GSM-7 makes that SMS UCS-2', async () => {
    const typeId = await typeIdOf(t.database.db, 'Certified SMS');
    const response = await count({
      typeId,
      subject: 'Cita',
      message: 'Hola {{receiverName}}, su cita es el lunes a las 10:00 en la oficina principal. Traiga su documento.',
      receivers: [{ name: 'Ana' }, { name: 'Zoë Ñúñez Øster' }, { name: 'Bea' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.receiverName).toBe('Zoë Ñúñez Øster');
    expect(answer.text).toContain('Hola Zoë Ñúñez Øster, su cita');
    expect(answer.encoding).toBe('UCS2');
    expect(answer.segments).toBe(splitSms.split(answer.text).parts.length);
    // A certified SMS carries its content, no link.
    expect(answer.text).not.toMatch(LINK);
  });

  it('refuses a company or type the sender may not use, as sendrequest does', async () => {
    const typeId = await typeIdOf(t.database.db, 'Certified SMS');
    const acme = await signedInClient(t.app, 'acme.admin');
    const other = await count({ typeId, message: 'Hola' }, acme);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { companyId: 'ERR_FIELD_INVALID' } });
    const unknownType = await count({ typeId: 999999, message: 'Hola' });
    expect(unknownType.json()).toMatchObject({ fields: { typeId: 'ERR_FIELD_INVALID' } });
  });

  it('answers exactly those who may send SMS for the company (every seeded role)', async () => {
    const typeId = await typeIdOf(t.database.db, 'Certified SMS');
    for (const login of [
      'super.admin',
      'domain.admin',
      'company.admin',
      'company.manager',
      'company.user',
      'acme.admin',
    ]) {
      const client = await signedInClient(t.app, login);
      const counted = await count({ typeId, message: 'Hola', receivers: [{ name: 'Ana' }] }, client);
      const sent = await send(client, { typeId, channel: 'sms', receivers: [tiago], message: 'Hola' });
      expect(counted.statusCode === 200, `${login}: count ${counted.statusCode}, send ${sent.statusCode}`).toBe(
        sent.statusCode === 200,
      );
    }
    // Without a session (and its CSRF header) nothing is counted.
    const anonymous = await t.app.inject({ method: 'POST', url: '/rest/services/shippings/smsCount', payload: {} });
    expect([401, 403]).toContain(anonymous.statusCode);
  });
});

describe('company setting: SMS outside GSM-7 allowed (UCS-2) or refused', () => {
  it('refuses, when the company says so, every SMS with a character outside GSM-7, naming them; allows it again', async () => {
    const typeId = await typeIdOf(t.database.db, 'Certified SMS');
    const sms = (message: string) => send(user, { typeId, channel: 'sms', receivers: [tiago], message });
    const name = await companyName();
    const nameOutside = [...new Set([...name].filter((char) => splitSms.split(char).characterSet !== 'GSM'))];
    const auditBefore = await t.database.db
      .selectFrom('audit_records')
      .select(sql<string>`coalesce(max(id), 0)`.as('id'))
      .executeTakeFirstOrThrow();

    await setUcs2Allowed(false);
    const audit = await t.database.db
      .selectFrom('audit_records')
      .selectAll()
      .where('id', '>', auditBefore.id)
      .where('entity', '=', 'companies')
      .execute();
    expect(audit.map((row) => row.changes)).toContainEqual(
      expect.objectContaining({ smsUcs2Allowed: { before: true, after: false } }),
    );

    const refused = await sms('Está aquí: Ä Ö Ø Å ß € [ok]');
    expect(refused.statusCode, refused.body).toBe(400);
    // Each receiver's SMS as sent: the domain's certified SMS template may name the company too.
    const illegal = refused.json().fieldParams.message.illegal as string;
    expect(refused.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { message: 'ERR_SMS_NOT_GSM7' } });
    expect([...illegal].sort()).toEqual([...new Set([...nameOutside, 'á', 'í'])].sort());
    const counted = (await count({ typeId, message: 'Está aquí', receivers: [{ name: 'Tiago' }] })).json();
    expect(counted).toMatchObject({ ucs2Allowed: false, problem: { key: 'ERR_SMS_NOT_GSM7' } });
    const control = await sms('Tab\there');
    expect(control.json()).toMatchObject({ fields: { message: 'ERR_PATTERN_SMS_TEXT' } });

    await setUcs2Allowed(true);
    const allowed = await sms('Está aquí: Ä Ö Ø Å ß € [ok]');
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await count({ typeId, message: 'Está aquí' })).json()).toMatchObject({
      ucs2Allowed: true,
      encoding: 'UCS2',
      problem: null,
    });
  });
});
