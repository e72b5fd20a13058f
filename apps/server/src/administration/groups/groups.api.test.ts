import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainIdOf,
  filtersParam,
  groupIdOf,
  isXlsx,
  postDownloadFile,
  readXlsx,
  userIdOf,
} from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let admin: TestClient;
let superAdmin: TestClient;
let demo: number;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, 'company.admin');
  superAdmin = await signedInClient(t.app, 'super.admin');
  demo = await domainIdOf(t.database.db, 'DEMO');
  acme = await domainIdOf(t.database.db, 'ACME');
});
afterAll(() => t.close());

describe('administration/groups read and detail', () => {
  it('pages the groups of the caller domain with their member counts', async () => {
    const response = await admin.get('administration/groups/read');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total: 2,
      rows: [
        { name: 'Claims', users: 1, active: true, domainId: demo },
        { name: 'Legal', users: 2, active: true, domainId: demo },
      ],
    });
    const filtered = await admin.get(`administration/groups/read?filters=${filtersParam({ description: 'legal' })}`);
    expect(filtered.json().rows.map((row: { name: string }) => row.name)).toEqual(['Legal']);
    expect((await admin.get(`administration/groups/read?domainid=${acme}`)).statusCode).toBe(404);
    expect((await superAdmin.get(`administration/groups/read?domainid=${acme}`)).json().rows[0].name).toBe('Dispatch');
  });

  it('details a group with its members for the picker', async () => {
    const legal = await groupIdOf(t.database.db, 'Legal');
    const response = await admin.get(`administration/groups/detail?selected=${legal}`);
    expect(response.json().members).toEqual([
      {
        value: await userIdOf(t.database.db, 'company.admin'),
        text: 'Alba Núñez',
        description: 'company.admin',
        blocked: false,
      },
      {
        value: await userIdOf(t.database.db, 'company.user'),
        text: 'Javier Ruiz',
        description: 'company.user',
        blocked: false,
      },
    ]);
    const dispatch = await groupIdOf(t.database.db, 'Dispatch');
    expect((await admin.get(`administration/groups/detail?selected=${dispatch}`)).statusCode).toBe(404);
  });
});

describe('administration/groups new and update', () => {
  it('creates a group with members', async () => {
    const manager = await userIdOf(t.database.db, 'company.manager');
    const response = await admin.post('administration/groups/new', {
      name: 'Front office',
      description: 'Reception desk',
      userIds: [manager],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Front office', users: 1, members: [{ value: manager }] });
  });

  it('answers field errors: restricted text name, unknown or foreign members', async () => {
    const acmeAdmin = await userIdOf(t.database.db, 'acme.admin');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: '' }, { name: 'ERR_FIELD_REQUIRED' }],
      [{ name: 'Legal <script>' }, { name: 'ERR_PATTERN_RESTRICTED_TEXT' }],
      [{ name: 'Ventas & Co' }, { name: 'ERR_PATTERN_RESTRICTED_TEXT' }],
      [{ description: 'x'.repeat(501) }, { description: 'ERR_FIELD_TOO_LONG' }],
      [{ userIds: [acmeAdmin] }, { userIds: 'ERR_FIELD_INVALID' }],
      [{ userIds: ['1'] }, { 'userIds.0': 'ERR_FIELD_INVALID' }],
    ];
    for (const [overrides, fields] of cases) {
      const response = await admin.post('administration/groups/new', { name: 'Ventas, Año 2026', ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields });
    }
    expect((await admin.post('administration/groups/new', { name: 'Ventas, Año 2026' })).statusCode).toBe(200);
  });

  it('refuses a name live in the domain with 409 but allows it in another domain', async () => {
    const duplicate = await admin.post('administration/groups/new', { name: 'LEGAL' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CONFLICT' } });
    expect((await superAdmin.post(`administration/groups/new?domainid=${acme}`, { name: 'Legal' })).statusCode).toBe(
      200,
    );
    expect((await admin.post(`administration/groups/new?domainid=${acme}`, { name: 'Other' })).statusCode).toBe(404);
  });

  it('updates name and members, keeping nothing half-written on error', async () => {
    const claims = await groupIdOf(t.database.db, 'Claims');
    const user = await userIdOf(t.database.db, 'company.user');
    const updated = await admin.put('administration/groups/update', {
      id: claims,
      name: 'Claims and disputes',
      userIds: [user],
      active: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Claims and disputes', active: false, members: [{ value: user }] });
    const bad = await admin.put('administration/groups/update', {
      id: claims,
      name: 'Renamed',
      userIds: [user, 999999],
    });
    expect(bad.statusCode).toBe(400);
    const after = await admin.get(`administration/groups/detail?selected=${claims}`);
    expect(after.json()).toMatchObject({ name: 'Claims and disputes', users: 1 });
    const duplicate = await admin.put('administration/groups/update', { id: claims, name: 'Legal' });
    expect(duplicate.statusCode).toBe(409);
    const dispatch = await groupIdOf(t.database.db, 'Dispatch');
    expect((await admin.put('administration/groups/update', { id: dispatch, name: 'Mine' })).statusCode).toBe(404);
  });
});

describe('administration/groups delete and recover', () => {
  it('deletes, lists as deleted with who and when, recovers, and refuses a reused name', async () => {
    const created = await admin.post('administration/groups/new', { name: 'Temporary' });
    const id: number = created.json().id;
    expect((await admin.delete(`administration/groups/delete/${id}`)).json()).toEqual({ ok: true });
    const bin = await admin.get(`administration/groups/read?filters=${filtersParam({ deleted: true })}`);
    expect(bin.json().rows).toEqual([expect.objectContaining({ id, name: 'Temporary', deletedBy: 'Alba Núñez' })]);
    expect((await admin.put(`administration/groups/recover/${id}`)).statusCode).toBe(200);
    await admin.delete(`administration/groups/delete/${id}`);
    expect((await admin.post('administration/groups/new', { name: 'temporary' })).statusCode).toBe(200);
    const recover = await admin.put(`administration/groups/recover/${id}`);
    expect(recover.statusCode).toBe(409);
    expect(recover.json()).toEqual({ key: 'ERR_CONFLICT', fields: { name: 'ERR_CONFLICT' } });
    const dispatch = await groupIdOf(t.database.db, 'Dispatch');
    expect((await admin.delete(`administration/groups/delete/${dispatch}`)).statusCode).toBe(404);
  });
});

describe('administration/groups export and groupsByDomain', () => {
  it('exports the list as Excel, directly and through DownloadFile', async () => {
    const direct = await admin.get('administration/groups/export?language=en-en');
    expect(isXlsx(direct)).toBe(true);
    const rows = await readXlsx(direct.rawPayload);
    expect(rows[0]).toEqual([
      'Id',
      'Name',
      'Description',
      'Active',
      'Users',
      'Created (UTC)',
      'Deleted (UTC)',
      'Deleted by',
    ]);
    expect(rows.slice(1).map((row) => row[1])).toContain('Legal');
    const form = await postDownloadFile(
      t.app,
      'administration/groups/export',
      { filters: { name: 'legal' } },
      admin.token!,
    );
    const formRows = await readXlsx(form.rawPayload);
    expect(formRows[0]?.[1]).toBe('Nombre');
    expect(formRows.slice(1).map((row) => row[1])).toEqual(['Legal']);
  });

  it('answers the groups of a domain for a picker', async () => {
    const response = await admin.get(`administration/groups/groupsByDomain?domainid=${demo}&search=leg`);
    expect(response.json()).toEqual([
      {
        value: await groupIdOf(t.database.db, 'Legal'),
        text: 'Legal',
        description: 'Notarial and legal staff',
        blocked: false,
      },
    ]);
    expect((await admin.get(`administration/groups/groupsByDomain?domainid=${acme}`)).statusCode).toBe(404);
  });
});
