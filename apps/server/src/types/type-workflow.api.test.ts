import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, groupIdOf, userIdOf } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let admin: TestClient;
let notaria: number;
let atlantico: number;
const users = {} as Record<'manager' | 'companyAdmin' | 'user' | 'acme', number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, 'domain.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  atlantico = await companyIdOf(t.database.db, 'A76543214');
  users.manager = await userIdOf(t.database.db, 'company.manager');
  users.companyAdmin = await userIdOf(t.database.db, 'company.admin');
  users.user = await userIdOf(t.database.db, 'company.user');
  users.acme = await userIdOf(t.database.db, 'acme.admin');
  // A second authoriser of Notaría Central.
  await t.database.db
    .updateTable('users')
    .set((eb) => ({ permissions: eb.fn('array_append', ['permissions', eb.val('shippingListOnlyAuth')]) }))
    .where('username', '=', 'company.admin')
    .execute();
});
afterAll(() => t.close());

async function newType(companyId: number, name: string, extra: Record<string, unknown> = {}) {
  const response = await admin.post('shippings/types/new', {
    companyId,
    name,
    service: 'communication',
    channels: ['email'],
    requiresAuth: true,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

const ids = (items: { value: number }[]) => items.map((item) => item.value);

describe('shippings/types/wfUsers and saveWfUsers', () => {
  it('offers only users holding the authoriser permission in the type company, and keeps the chosen order', async () => {
    const typeId = await newType(notaria, 'Workflow offer');
    const before = (await admin.get(`shippings/types/wfUsers?typeId=${typeId}`)).json();
    expect(before.selected).toEqual([]);
    expect(ids(before.available)).toEqual(expect.arrayContaining([users.manager, users.companyAdmin]));
    expect(ids(before.available)).not.toContain(users.user);
    expect(ids(before.available)).not.toContain(users.acme);

    const saved = await admin.put('shippings/types/saveWfUsers', {
      typeId,
      wfUsers: [users.companyAdmin, users.manager],
    });
    expect(saved.json()).toEqual({ ok: true });
    const after = (await admin.get(`shippings/types/wfUsers?typeId=${typeId}`)).json();
    expect(ids(after.selected)).toEqual([users.companyAdmin, users.manager]);
    expect(ids(after.available)).not.toContain(users.manager);
    expect(ids((await admin.get(`shippings/types/detail?typeSelected=${typeId}`)).json().wfUsers)).toEqual([
      users.companyAdmin,
      users.manager,
    ]);
  });

  it('refuses users without the permission, of another company or domain, and repeated ones', async () => {
    const typeId = await newType(atlantico, 'Workflow refusals');
    for (const [wfUsers, field, key] of [
      [[users.user], 'wfUsers.0', 'ERR_WF_USER_NOT_ALLOWED'],
      [[users.manager], 'wfUsers.0', 'ERR_WF_USER_NOT_ALLOWED'],
      [[users.acme], 'wfUsers.0', 'ERR_WF_USER_NOT_ALLOWED'],
    ] as const) {
      const response = await admin.put('shippings/types/saveWfUsers', { typeId, wfUsers });
      expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { [field]: key } });
    }
    const notariaType = await newType(notaria, 'Workflow repeated');
    const repeated = await admin.put('shippings/types/saveWfUsers', {
      typeId: notariaType,
      wfUsers: [users.manager, users.manager],
    });
    expect(repeated.json()).toEqual({ key: 'ERR_VALIDATION', fields: { 'wfUsers.1': 'ERR_FIELD_INVALID' } });
    expect((await admin.get(`shippings/types/wfUsers?typeId=${notariaType}`)).json().selected).toEqual([]);
  });

  it('keeps groups of the domain only', async () => {
    const legal = await groupIdOf(t.database.db, 'Legal');
    const typeId = await newType(notaria, 'Workflow groups', { wfGroups: [legal] });
    expect(ids((await admin.get(`shippings/types/detail?typeSelected=${typeId}`)).json().wfGroups)).toEqual([legal]);
    const refused = await admin.post('shippings/types/new', {
      companyId: notaria,
      name: 'Workflow bad group',
      service: 'communication',
      channels: ['email'],
      wfGroups: [999_999],
    });
    expect(refused.json()).toEqual({ key: 'ERR_VALIDATION', fields: { 'wfGroups.0': 'ERR_FIELD_INVALID' } });
  });
});

describe('shippings/types/wfGroups', () => {
  it("offers the live groups of the type's domain, the chosen ones apart, and update saves a new choice", async () => {
    const legal = await groupIdOf(t.database.db, 'Legal');
    const claims = await groupIdOf(t.database.db, 'Claims');
    const dispatch = await groupIdOf(t.database.db, 'Dispatch');
    const typeId = await newType(notaria, 'Workflow group picker', { wfGroups: [legal] });
    const before = (await admin.get(`shippings/types/wfGroups?typeId=${typeId}`)).json();
    expect(ids(before.selected)).toEqual([legal]);
    expect(ids(before.available)).toContain(claims);
    expect(ids(before.available)).not.toContain(legal);
    expect(ids(before.available)).not.toContain(dispatch);

    const saved = await admin.put('shippings/types/update', {
      id: typeId,
      companyId: notaria,
      name: 'Workflow group picker',
      service: 'communication',
      channels: ['email'],
      requiresAuth: true,
      wfGroups: [claims, legal],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await admin.get(`shippings/types/wfGroups?typeId=${typeId}`)).json();
    expect(ids(after.selected)).toEqual([claims, legal]);
    expect(ids(after.available)).not.toContain(claims);
    expect((await admin.get('shippings/types/wfGroups?typeId=999999')).statusCode).toBe(404);
  });
});

describe('a shipping of a type with two authorisers', () => {
  it('waits for both before it can be sent', async () => {
    const typeId = await newType(notaria, 'Two authorisers');
    await admin.put('shippings/types/saveWfUsers', { typeId, wfUsers: [users.manager, users.companyAdmin] });
    const sender = await signedInClient(t.app, 'company.user');
    const types = (
      await sender.get(`shippings/shippingListTypes?companyId=${notaria}&complete=true&onlyactive=true`)
    ).json();
    const offered = types.find((type: { value: number }) => type.value === typeId);
    expect(offered.authorisers.map((entry: { id: number }) => entry.id)).toEqual([users.manager, users.companyAdmin]);
    const sent = await sender.post('shippings/sendrequest', {
      companyId: notaria,
      typeId,
      channel: 'email',
      subject: 'Needs two',
      message: 'Hello',
      receivers: [{ name: 'Lucía Fernández', email: 'lucia@example.es' }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const requestId = sent.json().requestId;
    const state = async () => (await sender.get(`shippings/shippingdetail?requestId=${requestId}`)).json().state;
    expect(await state()).toBe('pending_auth');
    for (const [login, expected] of [
      ['company.manager', 'auths_pending_user'],
      ['company.admin', 'pending_to_send'],
    ] as const) {
      const authoriser = await signedInClient(t.app, login);
      const answer = await authoriser.put('shippings/shippingauthorize', { authorizeShippingList: [requestId] });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await state()).toBe(expected);
    }
  });
});
