import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filtersParam } from '../../test/admin-fixtures.ts';
import { typeIdOf } from '../../test/shipping-fixtures.ts';
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

const deletedList = `shippings/types/readList?filters=${filtersParam({ deleted: true })}`;

describe('shippings/types/readList', () => {
  it('pages the live types of the caller domain by name', async () => {
    const response = await domainAdmin.get('shippings/types/readList?first=0&pageSize=100');
    expect(response.statusCode).toBe(200);
    const names = response.json().rows.map((row: { name: string }) => row.name);
    expect(names).toContain('Certified SMS');
    expect(names).not.toContain('Warehouse custody');
    expect(response.json().rows[0].deletedAt).toBeNull();
  });

  it('totals every type of the list on each page, a page past the end and a filtered list included', async () => {
    const { count } = await t.database.db
      .selectFrom('shipping_types as t')
      .innerJoin('domains as d', 'd.id', 't.domain_id')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('d.code', '=', 'DEMO')
      .where('t.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const live = Number(count);
    expect(live).toBeGreaterThan(3);
    const first = (await domainAdmin.get('shippings/types/readList?first=0&pageSize=2')).json();
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBe(live);
    // No row carries the total past the end: it is counted alone.
    const beyond = (await domainAdmin.get('shippings/types/readList?first=1000&pageSize=2')).json();
    expect(beyond).toEqual({ rows: [], total: live });
    const filtered = (
      await domainAdmin.get(`shippings/types/readList?pageSize=1&filters=${filtersParam({ name: 'certified' })}`)
    ).json();
    expect(filtered.rows).toHaveLength(1);
    expect(filtered.total).toBeGreaterThan(1);
    expect(filtered.total).toBeLessThan(live);
    expect(Object.keys(filtered.rows[0])).not.toContain('sello_list_total');
  });
});

describe('shippings/types delete and recover', () => {
  it('soft-deletes, lists the deleted type with who and when, and recovers it', async () => {
    const id = await typeIdOf(t.database.db, 'Certified SMS');
    expect((await domainAdmin.delete(`shippings/types/delete/${id}`)).json()).toEqual({ ok: true });
    const live = await domainAdmin.get('shippings/types/readList?pageSize=100');
    expect(live.json().rows.map((row: { id: number }) => row.id)).not.toContain(id);
    const bin = await domainAdmin.get(deletedList);
    expect(bin.statusCode).toBe(200);
    const row = bin.json().rows.find((entry: { id: number }) => entry.id === id);
    expect(row).toMatchObject({ name: 'Certified SMS', service: 'certified_sms', deletedBy: 'Daniel Ortega' });
    expect(Date.now() - Date.parse(row.deletedAt)).toBeLessThan(60_000);

    expect((await domainAdmin.put(`shippings/types/recover/${id}`)).json()).toEqual({ ok: true });
    expect((await domainAdmin.get(deletedList)).json().rows).toEqual([]);
    expect((await domainAdmin.put(`shippings/types/recover/${id}`)).statusCode).toBe(404);
  });

  it('refuses to recover a type whose name a live type of the domain took meanwhile', async () => {
    const id = await typeIdOf(t.database.db, 'Certified e-mail');
    await domainAdmin.delete(`shippings/types/delete/${id}`);
    const row = await t.database.db
      .selectFrom('shipping_types')
      .select(['domain_id', 'service_kind'])
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    const reused = await t.database.db
      .insertInto('shipping_types')
      .values({ domain_id: row.domain_id, name: 'CERTIFIED E-MAIL', service_kind: row.service_kind })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recover = await domainAdmin.put(`shippings/types/recover/${id}`);
    expect(recover.statusCode).toBe(409);
    expect(recover.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CONFLICT' } });
    await t.database.db.deleteFrom('shipping_types').where('id', '=', reused.id).execute();
    expect((await domainAdmin.put(`shippings/types/recover/${id}`)).statusCode).toBe(200);
  });

  it('keeps another domain out: 404 on delete and recover, nothing in its lists', async () => {
    const id = await typeIdOf(t.database.db, 'Certified SMS');
    await domainAdmin.delete(`shippings/types/delete/${id}`);
    expect((await acmeAdmin.get(deletedList)).json().rows).toEqual([]);
    expect((await acmeAdmin.put(`shippings/types/recover/${id}`)).statusCode).toBe(404);
    const acmeType = await typeIdOf(t.database.db, 'Warehouse custody');
    expect((await domainAdmin.delete(`shippings/types/delete/${acmeType}`)).statusCode).toBe(404);
    expect((await domainAdmin.put(`shippings/types/recover/${id}`)).statusCode).toBe(200);
  });

  it('needs typeBin to list and recover deleted types', async () => {
    await t.database.db
      .updateTable('users')
      .set({ permissions: ['administration', 'types'] })
      .where('username', '=', 'company.admin')
      .execute();
    const admin = await signedInClient(t.app, 'company.admin');
    expect((await admin.get('shippings/types/readList')).statusCode).toBe(200);
    expect((await admin.get(deletedList)).statusCode).toBe(403);
    expect((await admin.put('shippings/types/recover/1')).statusCode).toBe(403);
  });
});
