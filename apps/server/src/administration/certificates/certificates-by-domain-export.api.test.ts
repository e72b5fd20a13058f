import { beforeAll, describe, expect, it } from 'vitest';
import { serialOf } from '../../../test/test-certificates.ts';
import {
  acmeAdmin,
  acmeId,
  createOk,
  domainAdmin,
  p12Upload,
  readXlsx,
  seal,
  setUpCertificatesTestApp,
  soon,
  t,
} from './certificates.test-setup.ts';

setUpCertificatesTestApp();

describe('administration/certificates/certificatesByDomain', () => {
  it('offers the live, active certificates valid now', async () => {
    const usable = await createOk(acmeAdmin, p12Upload('Combo usable'));
    const ending = await createOk(acmeAdmin, p12Upload('Combo ending', soon));
    const inactive = await createOk(acmeAdmin, p12Upload('Combo inactive', seal, { active: false }));
    const deleted = await createOk(acmeAdmin, p12Upload('Combo deleted'));
    await acmeAdmin.delete(`administration/certificates/delete/${deleted.id}`);
    const lapsed = await createOk(acmeAdmin, p12Upload('Combo lapsed'));
    await t.database.db
      .updateTable('certificates')
      .set({ valid_to: new Date(Date.now() - 1000) })
      .where('id', '=', String(lapsed.id))
      .execute();
    const response = await acmeAdmin.get(`administration/certificates/certificatesByDomain?domainid=${acmeId}`);
    expect(response.statusCode).toBe(200);
    const items = response.json() as Array<{ value: number; text: string; description: string; blocked: boolean }>;
    const combo = items.filter((item) => item.text.startsWith('Combo'));
    expect(combo.map((item) => item.value)).toEqual([ending.id, usable.id]);
    expect(combo[1]).toEqual({
      value: usable.id,
      text: 'Combo usable',
      description: `Sello Demo Seal · ${String(usable.validTo).slice(0, 10)}`,
      blocked: false,
    });
    expect(combo.map((item) => item.value)).not.toContain(inactive.id);
  });
});

describe('administration/certificates/export', () => {
  beforeAll(async () => {
    await createOk(domainAdmin, p12Upload('Export one'));
    await createOk(domainAdmin, p12Upload('Export two', soon));
  });

  it('streams the filtered list as an Excel file in the language asked', async () => {
    const response = await domainAdmin.get(
      `administration/certificates/export?language=en-en&sortField=name&sortOrder=-1&filters=${encodeURIComponent(
        JSON.stringify({ name: 'Export' }),
      )}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificates.xlsx"');
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Name', 'Subject', 'Issuer', 'Serial number', 'Valid to (UTC)', 'Status']),
    );
    expect(rows.slice(1).map((row) => [row[0], row[8]])).toEqual([
      ['Export two', 'Expiring soon'],
      ['Export one', 'Valid'],
    ]);
    expect(rows[1]![5]).toBe(serialOf(soon));
    expect(rows[1]![7]).toBeInstanceOf(Date);
    expect(response.rawPayload.toString('latin1')).not.toContain('PRIVATE KEY');
  });

  it('answers the same file to a DownloadFile form post, in Spanish by default', async () => {
    const form = new URLSearchParams({
      url: '/rest/services/administration/certificates/export',
      jsonData: JSON.stringify({ filters: JSON.stringify({ name: 'Export' }), sortField: 'name' }),
      authToken: domainAdmin.token!,
    });
    const response = await domainAdmin.call('POST', 'DownloadFile', form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificates.xlsx"');
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]![0]).toBe('Nombre');
    expect(rows.slice(1).map((row) => [row[0], row[8]])).toEqual([
      ['Export one', 'Válido'],
      ['Export two', 'Caduca pronto'],
    ]);
  });

  it('exports the deleted certificates with who deleted them', async () => {
    const gone = await createOk(domainAdmin, p12Upload('Export deleted'));
    await domainAdmin.delete(`administration/certificates/delete/${gone.id}`);
    const response = await domainAdmin.get(
      `administration/certificates/export?language=en-en&filters=${encodeURIComponent(
        JSON.stringify({ deleted: true, name: 'Export deleted' }),
      )}`,
    );
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]!.slice(-2)).toEqual(['Deleted (UTC)', 'Deleted by']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.at(-1)).toBe('Daniel Ortega');
  });
});
