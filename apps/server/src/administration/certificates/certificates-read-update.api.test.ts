import { beforeAll, describe, expect, it } from 'vitest';
import { pkcs12DataUrl, serialOf } from '../../../test/test-certificates.ts';
import {
  createOk,
  domainAdmin,
  listQuery,
  p12Upload,
  renewed,
  seal,
  setUpCertificatesTestApp,
  soon,
  t,
} from './certificates.test-setup.ts';

setUpCertificatesTestApp();

describe('administration/certificates/read and detail', () => {
  beforeAll(async () => {
    await createOk(domainAdmin, p12Upload('List alpha'));
    await createOk(domainAdmin, p12Upload('List beta', soon));
    const gamma = await createOk(domainAdmin, p12Upload('List gamma'));
    // Time passes: gamma has expired since it was uploaded.
    await t.database.db
      .updateTable('certificates')
      .set({ valid_from: new Date(Date.now() - 86_400_000 * 30), valid_to: new Date(Date.now() - 86_400_000) })
      .where('id', '=', String(gamma.id))
      .execute();
  });

  it('pages, sorts and filters by name, subject, issuer, validity and status', async () => {
    const page = await domainAdmin.get(listQuery({ first: 0, pageSize: 2, filters: { name: 'list ' } }));
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().rows.map((row: { name: string }) => row.name)).toEqual(['List alpha', 'List beta']);

    const byStatus = async (status: string) =>
      (await domainAdmin.get(listQuery({ filters: { name: 'list', status } })))
        .json()
        .rows.map((row: { name: string }) => row.name);
    expect(await byStatus('expired')).toEqual(['List gamma']);
    expect(await byStatus('expiringSoon')).toEqual(['List beta']);
    expect(await byStatus('valid')).toEqual(['List alpha']);

    const sorted = await domainAdmin.get(listQuery({ sortField: 'validTo', sortOrder: -1, filters: { name: 'list' } }));
    expect(sorted.json().rows.map((row: { name: string }) => row.name)).toEqual([
      'List alpha',
      'List beta',
      'List gamma',
    ]);
    const subject = await domainAdmin.get(listQuery({ filters: { name: 'list', subject: 'ending seal' } }));
    expect(subject.json().rows.map((row: { name: string }) => row.name)).toEqual(['List beta']);
    const issuer = await domainAdmin.get(listQuery({ filters: { name: 'list', issuer: 'Sello Test CA' } }));
    expect(issuer.json().total).toBe(3);
    const soonTo = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const range = await domainAdmin.get(listQuery({ filters: { name: 'list', validTo: [null, soonTo] } }));
    expect(
      range
        .json()
        .rows.map((row: { name: string }) => row.name)
        .sort(),
    ).toEqual(['List beta', 'List gamma']);
  });

  it('answers every row with its status badge and no private data', async () => {
    const response = await domainAdmin.get(listQuery({ pageSize: 100 }));
    const rows = response.json().rows as Array<Record<string, unknown>>;
    expect(rows.find((row) => row.name === 'List gamma')?.status).toBe('expired');
    expect(response.body).not.toContain('PRIVATE KEY');
    expect(response.body).not.toContain('BEGIN CERTIFICATE');
  });

  it('refuses filters and sort fields that are not in the list', async () => {
    const filter = await domainAdmin.get(listQuery({ filters: { private_key_sealed: 'x' } }));
    expect(filter.statusCode).toBe(400);
    expect(filter.json().fields).toEqual({ 'filters.private_key_sealed': 'ERR_FIELD_INVALID' });
    const sort = await domainAdmin.get(listQuery({ sortField: 'private_key_sealed' }));
    expect(sort.json().fields).toEqual({ sortField: 'ERR_FIELD_INVALID' });
    const deleted = await domainAdmin.get(listQuery({ filters: { deleted: 'yes' } }));
    expect(deleted.json().fields).toEqual({ 'filters.deleted': 'ERR_FIELD_INVALID' });
  });

  it('answers the detail with its chain, and 404 for an id that does not exist', async () => {
    const created = await createOk(domainAdmin, p12Upload('Detail one'));
    const response = await domainAdmin.get(`administration/certificates/detail?selected=${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, name: 'Detail one', chain: [{}, {}] });
    expect((await domainAdmin.get('administration/certificates/detail?selected=987654')).statusCode).toBe(404);
  });
});

describe('administration/certificates/update', () => {
  it('renames and deactivates without a file, and replaces the certificate when a new file comes', async () => {
    const created = await createOk(domainAdmin, p12Upload('To renew'));
    const renamed = await domainAdmin.put('administration/certificates/update', {
      id: created.id,
      name: 'Renewed seal',
      alias: 'seal-2026',
      active: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renewed seal',
      alias: 'seal-2026',
      active: false,
      serialNumber: serialOf(seal),
    });
    const replaced = await domainAdmin.put('administration/certificates/update', {
      id: created.id,
      name: 'Renewed seal',
      alias: 'seal-2027',
      content: pkcs12DataUrl(renewed, [renewed.certificate], 'new-pass'),
      password: 'new-pass',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ serialNumber: serialOf(renewed), active: true, chain: [{}] });
    const wrong = await domainAdmin.put('administration/certificates/update', {
      id: created.id,
      name: 'Renewed seal',
      content: pkcs12DataUrl(renewed, [renewed.certificate], 'new-pass'),
      password: 'bad',
    });
    expect(wrong.json()).toEqual({ key: 'ERR_VALIDATION', fields: { password: 'ERR_CERT_PASSWORD' } });
  });

  it('refuses a name another live certificate of the domain has', async () => {
    await createOk(domainAdmin, p12Upload('Taken name'));
    const other = await createOk(domainAdmin, p12Upload('Free name'));
    const response = await domainAdmin.put('administration/certificates/update', { id: other.id, name: 'taken name' });
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual({ name: 'ERR_CERT_NAME_IN_USE' });
  });
});
