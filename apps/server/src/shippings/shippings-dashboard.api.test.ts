import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, domainIdOf, filtersParam, userIdOf } from '../../test/admin-fixtures.ts';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

const DAY = 24 * 3_600_000;

type TDashboard = {
  from: string;
  to: string;
  scope: string;
  timeZone: string;
  total: number;
  byState: { state: string; count: number }[];
  byResult: { result: string; count: number }[];
  byDay: { day: string; count: number }[];
  pendingAuthorisations: number;
  recentErrors: {
    requestId: number;
    reference: string | null;
    subject: string;
    state: string;
    result: string | null;
  }[];
};

let t: TTestApp;
let user: TestClient;
let admin: TestClient;
let manager: TestClient;
let acme: TestClient;
const ids = { notice: 0, failed: 0, deed: 0, byAdmin: 0, old: 0, acme: 0, acmeFailed: 0 };

const stateCount = (body: TDashboard, state: string) => body.byState.find((entry) => entry.state === state)?.count;
const resultCount = (body: TDashboard, result: string) => body.byResult.find((entry) => entry.result === result)?.count;
const nonZero = (entries: { count: number }[]) => entries.filter((entry) => entry.count > 0);

async function dashboard(client: TestClient, query = ''): Promise<TDashboard> {
  const response = await client.get(`shippings/dashboard?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TDashboard;
}

async function listTotal(client: TestClient, query: string): Promise<number> {
  const response = await client.get(`shippings/shippingslist?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { total: number }).total;
}

async function markFailed(id: number) {
  await t.database.db
    .updateTable('shippings')
    .set({ state: 'not_send_error', result: 'error' })
    .where('id', '=', String(id))
    .execute();
}

async function moveCreation(id: number, at: Date) {
  await t.database.db.updateTable('shippings').set({ created_at: at }).where('id', '=', String(id)).execute();
}

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  admin = await signedInClient(t.app, 'company.admin');
  manager = await signedInClient(t.app, 'company.manager');
  acme = await signedInClient(t.app, 'acme.admin');
  const db = t.database.db;
  ids.notice = await sendShipping(user, db, 'Notarial notification', { reference: 'DASH-1' });
  ids.failed = await sendShipping(user, db, 'Notarial notification', { reference: 'DASH-2', subject: 'Bounced' });
  await markFailed(ids.failed);
  ids.deed = await sendShipping(user, db, 'Deed acceptance', { reference: 'DASH-3' });
  ids.byAdmin = await sendShipping(admin, db, 'Certified e-mail', { reference: 'DASH-4', documents: [] });
  // Older than the default 30 days.
  ids.old = await sendShipping(user, db, 'Notarial notification', { reference: 'DASH-OLD' });
  await moveCreation(ids.old, new Date(Date.now() - 40 * DAY));
  // Another domain's shippings, one of them in error.
  const acmeCompany = await companyIdOf(db, 'B87654323');
  ids.acme = await sendShipping(acme, db, 'Delivery note acceptance', { companyId: acmeCompany, reference: 'ACME-1' });
  ids.acmeFailed = await sendShipping(acme, db, 'Delivery note acceptance', {
    companyId: acmeCompany,
    reference: 'ACME-2',
  });
  await markFailed(ids.acmeFailed);
});
afterAll(() => t.close());

describe('shippings/dashboard', () => {
  it('counts the shippings of the last 30 days per state, result and day, by default every one the user sees', async () => {
    const body = await dashboard(user);
    expect(body.scope).toBe('all');
    expect(body.timeZone).toBe('UTC');
    expect(body.total).toBe(4);
    expect(nonZero(body.byState)).toEqual([
      { state: 'pending_to_send', count: 2 },
      { state: 'not_send_error', count: 1 },
      { state: 'pending_auth', count: 1 },
    ]);
    expect(body.byState).toHaveLength(14);
    expect(nonZero(body.byResult)).toEqual([{ result: 'error', count: 1 }]);
    // Every day from 30 days ago to today, none missing, today holding the four.
    expect(body.byDay).toHaveLength(31);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.byDay.at(-1)).toEqual({ day: today, count: 4 });
    expect(body.byDay[0]!.day).toBe(new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10));
    expect(body.byDay.slice(0, -1).every((entry) => entry.count === 0)).toBe(true);
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(30 * DAY);
  });

  it('counts exactly what the list shows for the same period, scope and state', async () => {
    const from = Date.now() - 50 * DAY;
    const to = Date.now() + 60_000;
    const body = await dashboard(user, `filterFrom=${from}&filterTo=${to}&scope=all`);
    expect(body.total).toBe(5);
    expect(body.total).toBe(await listTotal(user, `scope=all&filterFrom=${from}&filterTo=${to}`));
    for (const { state, count } of body.byState) {
      const filters = filtersParam({ state });
      expect(count, state).toBe(
        await listTotal(user, `scope=all&filterFrom=${from}&filterTo=${to}&filters=${filters}`),
      );
    }
    const oldDay = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10);
    expect(body.byDay.find((entry) => entry.day === oldDay)?.count).toBe(1);
    expect(body.byDay).toHaveLength(51);
  });

  it('counts only the shippings the user sent with scope own', async () => {
    const own = await dashboard(user, 'scope=own');
    expect(own.scope).toBe('own');
    expect(own.total).toBe(3);
    expect(stateCount(own, 'pending_to_send')).toBe(1);
    const adminOwn = await dashboard(admin, 'scope=own');
    expect(adminOwn.total).toBe(1);
    expect(stateCount(adminOwn, 'pending_to_send')).toBe(1);
    expect(adminOwn.recentErrors).toEqual([]);
  });

  it('lists the latest shippings in error, newest first, at most ten', async () => {
    const body = await dashboard(user);
    expect(body.recentErrors).toEqual([
      {
        requestId: ids.failed,
        reference: 'DASH-2',
        subject: 'Bounced',
        state: 'not_send_error',
        result: 'error',
        createdAt: expect.any(String),
      },
    ]);
    const extra: number[] = [];
    for (let index = 0; index < 11; index++) {
      const id = await sendShipping(admin, t.database.db, 'Certified e-mail', {
        reference: `DASH-ERR-${index}`,
        documents: [],
      });
      await markFailed(id);
      extra.push(id);
    }
    const many = await dashboard(user);
    expect(many.recentErrors.map((row) => row.requestId)).toEqual(extra.slice(-10).reverse());
    expect(many.total).toBe(15);
    expect(resultCount(many, 'error')).toBe(12);
    // Deleted shippings are counted nowhere.
    await t.database.db
      .updateTable('shippings')
      .set({ deleted_at: new Date() })
      .where('id', 'in', extra.map(String))
      .execute();
    const afterDelete = await dashboard(user);
    expect(afterDelete.total).toBe(4);
    expect(afterDelete.recentErrors.map((row) => row.requestId)).toEqual([ids.failed]);
  });

  it('counts the days in the time zone asked for', async () => {
    const late = Date.parse('2026-03-10T23:30:00Z');
    await moveCreation(ids.byAdmin, new Date(late));
    try {
      const range = `filterFrom=${Date.parse('2026-03-09T00:00:00Z')}&filterTo=${Date.parse('2026-03-12T00:00:00Z')}`;
      const utc = await dashboard(admin, range);
      expect(nonZero(utc.byDay)).toEqual([{ day: '2026-03-10', count: 1 }]);
      expect(utc.byDay.map((entry) => entry.day)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']);
      const madrid = await dashboard(admin, `${range}&timeZone=Europe/Madrid`);
      expect(madrid.timeZone).toBe('Europe/Madrid');
      expect(nonZero(madrid.byDay)).toEqual([{ day: '2026-03-11', count: 1 }]);
      const bogota = await dashboard(admin, `${range}&timeZone=America/Bogota`);
      expect(bogota.byDay[0]!.day).toBe('2026-03-08');
      expect(nonZero(bogota.byDay)).toEqual([{ day: '2026-03-10', count: 1 }]);
    } finally {
      await moveCreation(ids.byAdmin, new Date());
    }
  });

  it('answers the pending authorisations of the user, whatever the period', async () => {
    expect((await dashboard(manager)).pendingAuthorisations).toBe(1);
    const elsewhere = Date.now() - 200 * DAY;
    expect(
      (await dashboard(manager, `filterFrom=${elsewhere}&filterTo=${elsewhere + DAY}`)).pendingAuthorisations,
    ).toBe(1);
    expect(await listTotal(manager, 'scope=auth')).toBe(1);
    // The sender is not an authoriser of their own shipping.
    expect((await dashboard(user)).pendingAuthorisations).toBe(0);
    expect((await dashboard(admin)).pendingAuthorisations).toBe(0);
  });

  it('never counts another domain: each domain sees its own shippings only', async () => {
    const acmeBody = await dashboard(acme);
    expect(acmeBody.total).toBe(2);
    expect(acmeBody.recentErrors.map((row) => row.requestId)).toEqual([ids.acmeFailed]);
    expect(acmeBody.pendingAuthorisations).toBe(0);
    const demoBody = await dashboard(user);
    expect(demoBody.recentErrors.map((row) => row.requestId)).not.toContain(ids.acmeFailed);
    expect(demoBody.total).toBe(4);
    const domainAdmin = await signedInClient(t.app, 'domain.admin');
    const demoWhole = await dashboard(domainAdmin);
    expect(demoWhole.total).toBe(4);
    expect(demoWhole.recentErrors.map((row) => row.requestId)).toEqual([ids.failed]);
    // Naming another domain: 404 for a domain user, allowed to a super admin.
    const acmeDomain = await domainIdOf(t.database.db, 'ACME');
    expect((await user.get(`shippings/dashboard?domainid=${acmeDomain}`)).json()).toEqual({ key: 'ERR_NOT_FOUND' });
    const superAdmin = await signedInClient(t.app, 'super.admin');
    expect((await dashboard(superAdmin, `domainid=${acmeDomain}`)).total).toBe(2);
  });

  it('refuses a bad period, scope or time zone with the field and its key', async () => {
    const now = Date.now();
    const year = 365 * DAY;
    const fields = async (query: string) => {
      const response = await user.get(`shippings/dashboard?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json() as { key: string; fields: Record<string, string> };
      expect(body.key).toBe('ERR_VALIDATION');
      return body.fields;
    };
    expect(await fields(`filterFrom=${now - 6 * year}&filterTo=${now}`)).toEqual({ filterFrom: 'ERR_DATE_RANGE' });
    expect(await fields(`filterFrom=${now}&filterTo=${now - DAY}`)).toEqual({ filterFrom: 'ERR_DATE_RANGE' });
    expect(await fields('filterFrom=yesterday')).toEqual({ filterFrom: 'ERR_FIELD_INVALID' });
    expect(await fields('scope=auth')).toEqual({ scope: 'ERR_FIELD_INVALID' });
    expect(await fields('timeZone=%2B05%3A00')).toEqual({ timeZone: 'ERR_FIELD_INVALID' });
    expect(await fields('timeZone=Mars%2FOlympus')).toEqual({ timeZone: 'ERR_FIELD_INVALID' });
    // Five years is the longest period allowed, as in the list.
    expect((await dashboard(user, `filterFrom=${now - 4 * year}&filterTo=${now}`)).total).toBe(5);
  });
});

describe('who may read the dashboard', () => {
  it('gives users holding only the authorisations list what waits for them, and nobody else anything', async () => {
    await t.database.db
      .updateTable('users')
      .set({ permissions: ['shippingListOnlyAuth'] })
      .where('username', '=', 'company.manager')
      .execute();
    const onlyAuth = await signedInClient(t.app, 'company.manager');
    const body = await dashboard(onlyAuth, 'scope=all');
    expect(body.scope).toBe('auth');
    expect(body.total).toBe(1);
    expect(nonZero(body.byState)).toEqual([{ state: 'pending_auth', count: 1 }]);
    expect(body.pendingAuthorisations).toBe(1);
    expect(body.recentErrors).toEqual([]);

    await t.database.db
      .updateTable('users')
      .set({ permissions: ['newSend', 'editMode'] })
      .where('username', '=', 'sandbox.user')
      .execute();
    const noList = await signedInClient(t.app, 'sandbox.user');
    expect((await noList.get('shippings/dashboard')).statusCode).toBe(403);
  });
});

describe('what the home page counts as waiting for the user', () => {
  it('counts only the authorisations the user can still act on: once decided, a shipping waiting for others drops out', async () => {
    const db = t.database.db;
    const manager = await signedInClient(t.app, 'company.manager');
    const adminId = await userIdOf(db, 'company.admin');
    const before = (await dashboard(manager)).pendingAuthorisations;
    const beforeAdmin = (await dashboard(admin)).pendingAuthorisations;
    // The type names the manager; the sender adds the admin: the shipping waits for both.
    const deed = await sendShipping(user, db, 'Deed acceptance', { reference: 'DASH-BOTH', authorizers: [adminId] });
    expect((await dashboard(manager)).pendingAuthorisations).toBe(before + 1);
    expect((await dashboard(admin)).pendingAuthorisations).toBe(beforeAdmin + 1);

    const decided = await manager.put('shippings/shippingauthorize', { authorizeShippingList: [deed] });
    expect(decided.statusCode, decided.body).toBe(200);
    // Still waiting for the admin, so still pending; the manager has nothing left to do on it.
    const state = await db
      .selectFrom('shippings')
      .select('state')
      .where('id', '=', String(deed))
      .executeTakeFirstOrThrow();
    expect(['pending_auth', 'auths_pending_user']).toContain(state.state);
    expect((await dashboard(manager)).pendingAuthorisations).toBe(before);
    expect((await dashboard(admin)).pendingAuthorisations).toBe(beforeAdmin + 1);
  });
});
