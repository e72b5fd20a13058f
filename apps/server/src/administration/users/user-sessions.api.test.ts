import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';

/** Blocking, deactivating or deleting a user ends their sessions for good: undoing it does not bring them back. */

let t: TTestApp;
let domainAdmin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  domainAdmin = await signedInClient(t.app, 'domain.admin');
});
afterAll(() => t.close());

async function updateBody(username: string, changes: Record<string, unknown>) {
  const id = await userIdOf(t.database.db, username);
  const current = (await domainAdmin.get(`administration/users/detail?selected=${id}`)).json();
  return {
    id,
    userid: current.userid,
    name: current.name,
    email: current.email,
    language: current.language,
    roleId: current.roleId,
    companyIds: current.companyIds,
    groupIds: current.groupIds,
    active: current.active,
    ...changes,
  };
}

const sessionWorks = async (client: TestClient) => (await client.get('account/users/read')).statusCode === 200;

describe('sessions of a user an administrator stops', () => {
  it('end when the user is blocked, and stay ended after the unblock', async () => {
    const victim = await signedInClient(t.app, 'company.user');
    expect(await sessionWorks(victim)).toBe(true);
    const blocked = await domainAdmin.put(
      'administration/users/update',
      await updateBody('company.user', { blocked: true }),
    );
    expect(blocked.statusCode).toBe(200);
    const id = await userIdOf(t.database.db, 'company.user');
    expect((await domainAdmin.put(`administration/users/unblock/${id}`)).statusCode).toBe(200);
    expect(await sessionWorks(victim)).toBe(false);
    expect(await sessionWorks(await signedInClient(t.app, 'company.user'))).toBe(true);
  });

  it('end when the user is deactivated, and stay ended after the reactivation', async () => {
    const victim = await signedInClient(t.app, 'company.manager');
    const off = await domainAdmin.put(
      'administration/users/update',
      await updateBody('company.manager', { active: false }),
    );
    expect(off.statusCode).toBe(200);
    const on = await domainAdmin.put(
      'administration/users/update',
      await updateBody('company.manager', { active: true }),
    );
    expect(on.statusCode).toBe(200);
    expect(await sessionWorks(victim)).toBe(false);
  });

  it('end when the user is deleted, and stay ended after the recovery', async () => {
    const victim = await signedInClient(t.app, 'sandbox.user');
    const id = await userIdOf(t.database.db, 'sandbox.user');
    expect((await domainAdmin.delete(`administration/users/delete/${id}`)).statusCode).toBe(200);
    expect((await domainAdmin.put(`administration/users/recover/${id}`)).statusCode).toBe(200);
    expect(await sessionWorks(victim)).toBe(false);
  });
});
