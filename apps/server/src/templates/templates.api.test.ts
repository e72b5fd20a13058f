import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, filtersParam } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let domainAdmin: TestClient;
let acmeAdmin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  acmeAdmin = await signedInClient(t.app, 'acme.admin');
});
afterAll(() => t.close());

async function templateIdOf(db: TTestApp['database']['db'], name: string): Promise<number> {
  const row = await db.selectFrom('templates').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.id);
}

const deletedList = `templates/readList?filters=${filtersParam({ deleted: true })}`;

describe('templates/readList', () => {
  it('pages the live templates of the caller domain by name', async () => {
    const response = await domainAdmin.get('templates/readList?first=0&pageSize=100');
    expect(response.statusCode).toBe(200);
    const names = response.json().rows.map((row: { name: string }) => row.name);
    expect(names).toContain('Claim follow-up');
    expect(names).not.toContain('Delivery update');
    expect(response.json().rows[0].deletedAt).toBeNull();
  });
});

describe('templates delete and recover', () => {
  it('soft-deletes, lists the deleted template with who and when, and recovers it', async () => {
    const id = await templateIdOf(t.database.db, 'Claim follow-up');
    expect((await domainAdmin.delete(`templates/delete/${id}`)).json()).toEqual({ ok: true });
    const live = await domainAdmin.get('templates/readList?pageSize=100');
    expect(live.json().rows.map((row: { id: number }) => row.id)).not.toContain(id);
    const bin = await domainAdmin.get(deletedList);
    expect(bin.statusCode).toBe(200);
    const row = bin.json().rows.find((entry: { id: number }) => entry.id === id);
    expect(row).toMatchObject({ name: 'Claim follow-up', contentType: 'HTML', deletedBy: 'Daniel Ortega' });
    expect(Date.now() - Date.parse(row.deletedAt)).toBeLessThan(60_000);

    expect((await domainAdmin.put(`templates/recover/${id}`)).json()).toEqual({ ok: true });
    expect((await domainAdmin.get(deletedList)).json().rows).toEqual([]);
    expect((await domainAdmin.put(`templates/recover/${id}`)).statusCode).toBe(404);
  });

  it('refuses to recover a template whose name a live template of the domain took meanwhile', async () => {
    const id = await templateIdOf(t.database.db, 'Payment reminder');
    await domainAdmin.delete(`templates/delete/${id}`);
    const row = await t.database.db
      .selectFrom('templates')
      .select(['domain_id'])
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    const reused = await t.database.db
      .insertInto('templates')
      .values({ domain_id: row.domain_id, name: 'PAYMENT REMINDER' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recover = await domainAdmin.put(`templates/recover/${id}`);
    expect(recover.statusCode).toBe(409);
    expect(recover.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CONFLICT' } });
    await t.database.db.deleteFrom('templates').where('id', '=', reused.id).execute();
    expect((await domainAdmin.put(`templates/recover/${id}`)).statusCode).toBe(200);
  });

  it('keeps another domain out: 404 on delete and recover, nothing in its lists', async () => {
    const id = await templateIdOf(t.database.db, 'Claim follow-up');
    await domainAdmin.delete(`templates/delete/${id}`);
    expect((await acmeAdmin.get(deletedList)).json().rows).toEqual([]);
    expect((await acmeAdmin.put(`templates/recover/${id}`)).statusCode).toBe(404);
    const acmeTemplate = await templateIdOf(t.database.db, 'Delivery update');
    expect((await domainAdmin.delete(`templates/delete/${acmeTemplate}`)).statusCode).toBe(404);
    expect((await domainAdmin.put(`templates/recover/${id}`)).statusCode).toBe(200);
  });

  it('needs templatesBin to list and recover deleted templates', async () => {
    await t.database.db
      .updateTable('users')
      .set({ permissions: ['administration', 'templates'] })
      .where('username', '=', 'company.admin')
      .execute();
    const admin = await signedInClient(t.app, 'company.admin');
    expect((await admin.get('templates/readList')).statusCode).toBe(200);
    expect((await admin.get(deletedList)).statusCode).toBe(403);
    expect((await admin.put('templates/recover/1')).statusCode).toBe(403);
  });
});

describe('templates for the new-shipping form', () => {
  const names = (response: { json: () => { text: string }[] }) => response.json().map((item) => item.text);

  it('offers a sender the live, active templates of a company by content type, with their subjects', async () => {
    const sender = await signedInClient(t.app, 'company.user');
    const notaria = await companyIdOf(t.database.db, 'B12345674');
    const html = await sender.get(`templates/readListReduced?companySelected=${notaria}`);
    expect(html.statusCode).toBe(200);
    expect(names(html)).toEqual(expect.arrayContaining(['Notarial notice', 'Acceptance request']));
    expect(names(html)).not.toContain('Short notice');
    expect(names(html)).not.toContain('Payment reminder');
    expect(names(html)).not.toContain('Delivery update');
    expect(html.json().find((item: { text: string }) => item.text === 'Notarial notice')).toMatchObject({
      description: 'Notarial notification',
      blocked: false,
    });
    const sms = await sender.get(`templates/readListReduced?companySelected=${notaria}&contentType=SMS`);
    expect(names(sms)).toContain('Short notice');
    expect(names(sms)).not.toContain('Notarial notice');
  });

  it('gives a sender the subject and body of a template, and nothing of an inactive one', async () => {
    const sender = await signedInClient(t.app, 'company.user');
    const id = await templateIdOf(t.database.db, 'Notarial notice');
    const response = await sender.get(`templates/detail?templateSelected=${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      name: 'Notarial notice',
      contentType: 'HTML',
      subject: 'Notarial notification',
      content: '<p>{{company}} has sent you a notarial notification.</p>',
      companyId: null,
    });
    const inactive = await templateIdOf(t.database.db, 'Payment reminder');
    expect((await sender.get(`templates/detail?templateSelected=${inactive}`)).statusCode).toBe(404);
    expect((await domainAdmin.get(`templates/detail?templateSelected=${inactive}`)).json().active).toBe(false);
  });

  it("keeps a company's own template to the senders of that company", async () => {
    const sender = await signedInClient(t.app, 'company.user');
    const notaria = await companyIdOf(t.database.db, 'B12345674');
    const seguros = await companyIdOf(t.database.db, 'A76543214');
    const demo = await t.database.db
      .selectFrom('companies')
      .select('domain_id')
      .where('id', '=', String(seguros))
      .executeTakeFirstOrThrow();
    const own = await t.database.db
      .insertInto('templates')
      .values({
        domain_id: demo.domain_id,
        company_id: String(seguros),
        name: 'Seguros claim letter',
        body: '<p>x</p>',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(names(await sender.get(`templates/readListReduced?companySelected=${notaria}`))).not.toContain(
        'Seguros claim letter',
      );
      expect(names(await sender.get('templates/readListReduced'))).not.toContain('Seguros claim letter');
      expect((await sender.get(`templates/readListReduced?companySelected=${seguros}`)).statusCode).toBe(404);
      expect((await sender.get(`templates/detail?templateSelected=${own.id}`)).statusCode).toBe(404);
      expect(names(await domainAdmin.get(`templates/readListReduced?companySelected=${seguros}`))).toContain(
        'Seguros claim letter',
      );
      expect((await domainAdmin.get(`templates/detail?templateSelected=${own.id}`)).json().companyId).toBe(seguros);
    } finally {
      await t.database.db.deleteFrom('templates').where('id', '=', own.id).execute();
    }
  });

  it('answers a clear error key for a bad content type or template id', async () => {
    const sender = await signedInClient(t.app, 'company.user');
    const badType = await sender.get('templates/readListReduced?contentType=PDF');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields).toHaveProperty('contentType');
    const badId = await sender.get('templates/detail?templateSelected=abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toHaveProperty('templateSelected');
    const missing = await sender.get('templates/detail');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('templateSelected');
  });

  it('keeps another domain out of the combo and the detail', async () => {
    const notaria = await companyIdOf(t.database.db, 'B12345674');
    expect((await acmeAdmin.get(`templates/readListReduced?companySelected=${notaria}`)).statusCode).toBe(404);
    // ACME chose no advanced templates: its combo holds its communication templates only.
    const acme = await acmeAdmin.get('templates/readListReduced?contentType=SMS');
    expect(names(acme)).toContain('Carrier notice');
    expect(names(acme)).not.toContain('Short notice');
    const id = await templateIdOf(t.database.db, 'Notarial notice');
    expect((await acmeAdmin.get(`templates/detail?templateSelected=${id}`)).statusCode).toBe(404);
  });
});
