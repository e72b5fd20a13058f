import { beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/test-app.ts';
import {
  acmeAdmin,
  create,
  createOk,
  demoId,
  domainAdmin,
  listQuery,
  p12Upload,
  setUpCertificatesTestApp,
  superAdmin,
  t,
} from './certificates.test-setup.ts';

setUpCertificatesTestApp();

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
