import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, readChain, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { verifyChain } from './event-chain.ts';
import { createShippingActions } from './shipping-actions.service.ts';

let t: TTestApp;
let user: TestClient;
let admin: TestClient;
let manager: TestClient;
let domainAdmin: TestClient;
let acmeAdmin: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  admin = await signedInClient(t.app, 'company.admin');
  manager = await signedInClient(t.app, 'company.manager');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  acmeAdmin = await signedInClient(t.app, 'acme.admin');
});
afterAll(() => t.close());

const deny = { stateCom: 'no_auth', resultCom: 'authorizer_reject' };
const send = (typeName: string, body: Record<string, unknown> = {}, client = user) =>
  sendShipping(client, t.database.db, typeName, body);
const detailOf = async (id: number, client = user) =>
  (await client.get(`shippings/shippingdetail?requestId=${id}`)).json();

/** State, result, deletion and number of events: what a refused action must leave untouched. */
async function snapshot(id: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['state', 'result', 'deleted_at', 'event_count', 'last_event_hash', 'auth_round', 'updated_at'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

async function expectRefused(
  id: number,
  call: () => Promise<{ statusCode: number; json: () => { key: string } }>,
  key = 'ERR_TRANSITION_NOT_ALLOWED',
) {
  const before = await snapshot(id);
  const response = await call();
  expect(response.statusCode).toBe(key === 'ERR_NOT_FOUND' ? 404 : 409);
  expect(response.json().key).toBe(key);
  expect(await snapshot(id)).toEqual(before);
}

async function expectChainOf(id: number, actions: string[]) {
  const chain = await readChain(t.database.db, id);
  expect(chain.map((event) => event.action)).toEqual(actions);
  expect(verifyChain(chain)).toBeNull();
}

describe('shippings/shippingauthorize', () => {
  it('sends a shipping once its authoriser approves, and records who and when', async () => {
    const id = await send('Deed acceptance');
    expect((await detailOf(id, manager)).allowedActions).toEqual(['authorize', 'deny', 'delete']);
    expect((await detailOf(id)).allowedActions).toEqual(['delete']);
    const response = await manager.put('shippings/shippingauthorize', { authorizeShippingList: [id], comment: 'OK' });
    expect(response.json()).toEqual({ succeeded: [id], failed: [] });
    const detail = await detailOf(id, manager);
    expect(detail).toMatchObject({ state: 'pending_to_send', result: null });
    expect(detail.authorisations).toEqual([
      expect.objectContaining({
        decision: 'authorized',
        decidedBy: 'Marta Lopes',
        comment: 'OK',
        decidedAt: expect.any(String),
      }),
    ]);
    expect(detail.events.at(-1)).toMatchObject({
      action: 'authorize',
      actor: 'Marta Lopes',
      fromState: 'pending_auth',
      toState: 'pending_to_send',
      reason: 'OK',
    });
    await expectChainOf(id, ['create', 'authorize']);
  });

  it('waits in auths_pending_user until every authoriser has approved; a user decides once, never on their own shipping', async () => {
    const id = await send('Joint deed acceptance', { multiSignerOrder: 1, pinSignatureText: 'summaryVal' });
    expect(
      (await manager.put('shippings/shippingauthorize', { authorizeShippingList: [id] })).json().succeeded,
    ).toEqual([id]);
    expect((await detailOf(id)).state).toBe('auths_pending_user');
    const again = await manager.put('shippings/shippingauthorize', { authorizeShippingList: [id] });
    expect(again.json()).toEqual({ succeeded: [], failed: [{ requestId: id, key: 'ERR_NOT_AUTHORISER' }] });
    // company.user sent it and belongs to the Legal group that must authorise.
    const own = await user.put('shippings/shippingauthorize', { authorizeShippingList: [id] });
    expect(own.json().failed).toEqual([{ requestId: id, key: 'ERR_NOT_AUTHORISER' }]);
    expect((await admin.put('shippings/shippingauthorize', { authorizeShippingList: [id] })).json().succeeded).toEqual([
      id,
    ]);
    const detail = await detailOf(id);
    expect(detail.state).toBe('pending_to_send');
    expect(
      detail.authorisations.map((row: { authoriserKind: string; decision: string; decidedBy: string }) => [
        row.authoriserKind,
        row.decision,
        row.decidedBy,
      ]),
    ).toEqual([
      ['user', 'authorized', 'Marta Lopes'],
      ['group', 'authorized', 'Alba Núñez'],
    ]);
    await expectChainOf(id, ['create', 'authorize', 'authorize']);
  });

  it('refuses users who are not authorisers of the shipping and changes nothing', async () => {
    const id = await send('Deed acceptance');
    await expectRefused(id, () => admin.put(`shippings/deny/${id}`, deny), 'ERR_NOT_AUTHORISER');
    const batch = await admin.put('shippings/shippingauthorize', { authorizeShippingList: [id] });
    expect(batch.json().failed).toEqual([{ requestId: id, key: 'ERR_NOT_AUTHORISER' }]);
  });
});

describe('shippings/deny', () => {
  it('denies with the outcome of the table and the authoriser comment', async () => {
    const id = await send('Deed acceptance');
    const response = await manager.put(`shippings/deny/${id}`, { ...deny, comment: 'Wrong buyer' });
    expect(response.json()).toEqual({ ok: true });
    const detail = await detailOf(id);
    expect(detail).toMatchObject({ state: 'no_auth', result: 'authorizer_reject', allowedActions: ['delete'] });
    expect(detail.authorisations[0]).toMatchObject({ decision: 'denied', comment: 'Wrong buyer' });
    await expectChainOf(id, ['create', 'deny']);
  });

  it('refuses a stateCom or resultCom other than the outcome of a denial', async () => {
    const id = await send('Deed acceptance');
    const before = await snapshot(id);
    const response = await manager.put(`shippings/deny/${id}`, { stateCom: 'sent', resultCom: 'deny' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      key: 'ERR_VALIDATION',
      fields: { stateCom: 'ERR_FIELD_INVALID', resultCom: 'ERR_FIELD_INVALID' },
    });
    // Each is an outcome of some denial, but not together.
    const mixed = await manager.put(`shippings/deny/${id}`, { stateCom: 'closed', resultCom: 'authorizer_reject' });
    expect(mixed.json()).toEqual({ key: 'ERR_VALIDATION', fields: { resultCom: 'ERR_FIELD_INVALID' } });
    // A supervisor's rejection names a shipping under review: this one awaits authorisation.
    const supervisor = await manager.put(`shippings/deny/${id}`, {
      stateCom: 'closed',
      resultCom: 'supervisor_reject',
      comment: 'No',
    });
    expect(supervisor.statusCode).toBe(409);
    expect(supervisor.json().key).toBe('ERR_TRANSITION_NOT_ALLOWED');
    const list = await manager.put('shippings/shippingDenyList', {
      denyShippingList: [id],
      stateCom: 'no_auth',
      resultCom: 'deny',
    });
    expect(list.statusCode).toBe(400);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('refused transitions', () => {
  it('answers 409 ERR_TRANSITION_NOT_ALLOWED and changes nothing', async () => {
    const queued = await send('Notarial notification');
    await expectRefused(queued, () => manager.put(`shippings/deny/${queued}`, deny));
    await expectRefused(queued, () => user.put('shippings/shippingretry', { requestId: queued }));
    await expectRefused(queued, () => user.delete(`shippings/delete/${queued}`));
    await expectRefused(queued, () => admin.put(`shippings/recover/${queued}`));
    const refused = await user.put('shippings/shippingretry', { requestId: queued });
    expect(refused.json()).toEqual({
      key: 'ERR_TRANSITION_NOT_ALLOWED',
      params: { action: 'retry', state: 'pending_to_send' },
    });
    const waiting = await send('Deed acceptance');
    await expectRefused(waiting, () => user.put('shippings/shippingretry', { requestId: waiting }));
    await manager.put(`shippings/deny/${waiting}`, deny);
    await expectRefused(waiting, () => manager.put(`shippings/deny/${waiting}`, deny));
    await expectRefused(waiting, () => user.put('shippings/shippingretry', { requestId: waiting }));
    const batch = await manager.put('shippings/shippingauthorize', { authorizeShippingList: [waiting] });
    expect(batch.json().failed).toEqual([{ requestId: waiting, key: 'ERR_TRANSITION_NOT_ALLOWED' }]);
  });

  it('accepts nothing but recover on a deleted shipping', async () => {
    const id = await send('Deed acceptance');
    expect((await user.delete(`shippings/delete/${id}`)).json()).toEqual({ ok: true });
    await expectRefused(id, () => manager.put(`shippings/deny/${id}`, deny));
    await expectRefused(id, () => admin.delete(`shippings/delete/${id}`));
    const batch = await manager.put('shippings/shippingauthorize', { authorizeShippingList: [id] });
    expect(batch.json().failed).toEqual([{ requestId: id, key: 'ERR_TRANSITION_NOT_ALLOWED' }]);
  });
});

describe('soft delete and recover', () => {
  it('hides a deleted shipping outside the deleted-items area and brings it back unchanged', async () => {
    const id = await send('Deed acceptance');
    await manager.put(`shippings/deny/${id}`, deny);
    expect((await user.delete(`shippings/delete/${id}`)).json()).toEqual({ ok: true });
    const listed = (await user.get('shippings/shippingslist?scope=all&pageSize=1000')).json();
    expect(listed.rows.map((row: { requestId: number }) => row.requestId)).not.toContain(id);
    // company.user holds no shpBin: the deleted shipping is gone for them.
    expect((await user.get(`shippings/shippingdetail?requestId=${id}`)).statusCode).toBe(404);
    expect((await user.put(`shippings/recover/${id}`)).statusCode).toBe(403);
    const bin = (
      await admin.get(
        `shippings/shippingslist?scope=all&sortField=deletedAt&sortOrder=-1&filters=${encodeURIComponent('{"deleted":true}')}`,
      )
    ).json();
    const binRow = bin.rows.find((row: { requestId: number }) => row.requestId === id);
    expect(binRow).toMatchObject({ deleted: true, state: 'no_auth', deletedBy: 'Javier Ruiz' });
    expect(Date.now() - Date.parse(binRow.deletedAt)).toBeLessThan(60_000);
    // Another domain's bin does not show it, nor can it bring it back.
    const acmeBin = (
      await acmeAdmin.get(`shippings/shippingslist?scope=all&filters=${encodeURIComponent('{"deleted":true}')}`)
    ).json();
    expect(acmeBin.rows.map((row: { requestId: number }) => row.requestId)).not.toContain(id);
    expect((await acmeAdmin.put(`shippings/recover/${id}`)).statusCode).toBe(404);
    expect(
      (await user.get(`shippings/shippingslist?filters=${encodeURIComponent('{"deleted":true}')}`)).statusCode,
    ).toBe(403);
    const deleted = await detailOf(id, admin);
    expect(deleted).toMatchObject({ deleted: true, deletedAt: expect.any(String), allowedActions: ['recover'] });
    expect((await admin.put(`shippings/recover/${id}`)).json()).toEqual({ ok: true });
    expect(await detailOf(id)).toMatchObject({
      deleted: false,
      deletedAt: null,
      state: 'no_auth',
      result: 'authorizer_reject',
    });
    await expectChainOf(id, ['create', 'deny', 'delete', 'recover']);
    const events = (await detailOf(id)).events;
    expect(events.map((event: { deleted: boolean }) => event.deleted)).toEqual([false, false, true, false]);
  });
});

describe('authorisation expiry and retry', () => {
  it('expires authorisations past their deadline (called by the job queue) and retries with a new round', async () => {
    const id = await send('Deed acceptance');
    const actions = createShippingActions(t.database.db, t.ctx.jobs);
    expect(await actions.expireAuthorisations(new Date(Date.now() + 47 * 3_600_000))).not.toContain(id);
    const expired = await actions.expireAuthorisations(new Date(Date.now() + 49 * 3_600_000));
    expect(expired).toContain(id);
    const detail = await detailOf(id);
    expect(detail).toMatchObject({ state: 'auths_expired', result: 'not_send', allowedActions: ['retry', 'delete'] });
    expect(detail.authorisations[0]).toMatchObject({ decision: 'expired' });
    expect(detail.events.at(-1)).toMatchObject({ action: 'authExpire', actor: 'system', actorUserId: null });
    await expectRefused(id, () => manager.put(`shippings/deny/${id}`, deny));

    expect((await user.put('shippings/shippingretry', { requestId: id })).json()).toEqual({ ok: true });
    const retried = await detailOf(id, manager);
    expect(retried).toMatchObject({
      state: 'pending_auth',
      result: null,
      authRound: 2,
      allowedActions: ['authorize', 'deny', 'delete'],
    });
    expect(retried.authorisations.map((row: { round: number; decision: string }) => [row.round, row.decision])).toEqual(
      [
        [1, 'expired'],
        [2, 'pending'],
      ],
    );
    expect(Date.parse(retried.authDeadlineAt)).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    await manager.put('shippings/shippingauthorize', { authorizeShippingList: [id] });
    expect((await detailOf(id)).state).toBe('pending_to_send');
    await expectChainOf(id, ['create', 'authExpire', 'retry', 'authorize']);
  });
});

describe('batch calls', () => {
  it('act on the visible shippings that allow it and say why the others did not change', async () => {
    const waiting = await send('Deed acceptance');
    const queued = await send('Notarial notification');
    const acmeId = await sendShipping(acmeAdmin, t.database.db, 'Delivery note acceptance', {
      companyId: Number(
        (
          await t.database.db
            .selectFrom('companies')
            .select('id')
            .where('tax_id', '=', 'B87654323')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    });
    const authorize = await manager.put('shippings/shippingauthorize', {
      authorizeShippingList: [waiting, queued, acmeId, 999_999, waiting],
    });
    expect(authorize.json()).toEqual({
      succeeded: [waiting],
      failed: [
        { requestId: queued, key: 'ERR_TRANSITION_NOT_ALLOWED' },
        { requestId: acmeId, key: 'ERR_NOT_FOUND' },
        { requestId: 999_999, key: 'ERR_NOT_FOUND' },
      ],
    });
    const [a, b] = [await send('Deed acceptance'), await send('Deed acceptance')];
    const denied = await manager.put('shippings/shippingDenyList', { ...deny, denyShippingList: [a, queued, acmeId] });
    expect(denied.json()).toEqual({
      succeeded: [a],
      failed: [
        { requestId: queued, key: 'ERR_TRANSITION_NOT_ALLOWED' },
        { requestId: acmeId, key: 'ERR_NOT_FOUND' },
      ],
    });
    const deleted = await user.put('shippings/shippingDeleteList', { deleteShippingList: [a, b, queued, acmeId] });
    expect(deleted.json()).toEqual({
      succeeded: [a, b],
      failed: [
        { requestId: queued, key: 'ERR_TRANSITION_NOT_ALLOWED' },
        { requestId: acmeId, key: 'ERR_NOT_FOUND' },
      ],
    });
    const retried = await user.put('shippings/shippingRetryList', { retryShippingList: [queued, acmeId] });
    expect(retried.json().succeeded).toEqual([]);
    expect(retried.json().failed.map((row: { key: string }) => row.key)).toEqual([
      'ERR_TRANSITION_NOT_ALLOWED',
      'ERR_NOT_FOUND',
    ]);
    expect((await detailOf(acmeId, acmeAdmin)).state).toBe('pending_to_send');
    expect((await user.put('shippings/shippingDeleteList', { deleteShippingList: [] })).statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  it('answers 404 to another domain and to users of another company, and lists nothing of theirs', async () => {
    const demoId = await send('Deed acceptance');
    const segurosId = await send('ID card capture', { documents: [] }, domainAdmin);
    // The Legal group (company.user is a member) authorises this type: its authorisers see it, whatever the company.
    const authorisedId = await send('Premium direct debit acceptance', {}, domainAdmin);
    for (const path of [
      `shippings/shippingdetail?requestId=${demoId}`,
      `shippings/shippingauths?requestId=${demoId}`,
      `shippings/signatures/${demoId}`,
      `shippings/shippingreadoriginalfile?requestId=${demoId}&fileRequest=1`,
    ]) {
      const response = await acmeAdmin.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ key: 'ERR_NOT_FOUND' });
    }
    await expectRefused(demoId, () => acmeAdmin.put(`shippings/deny/${demoId}`, deny), 'ERR_NOT_FOUND');
    await expectRefused(demoId, () => acmeAdmin.delete(`shippings/delete/${demoId}`), 'ERR_NOT_FOUND');
    await expectRefused(demoId, () => acmeAdmin.put(`shippings/recover/${demoId}`), 'ERR_NOT_FOUND');
    await expectRefused(demoId, () => acmeAdmin.put('shippings/shippingretry', { requestId: demoId }), 'ERR_NOT_FOUND');
    const acmeList = (await acmeAdmin.get('shippings/shippingslist?scope=all&pageSize=1000')).json();
    expect(acmeList.rows.map((row: { requestId: number }) => row.requestId)).not.toContain(demoId);
    expect((await acmeAdmin.get(`shippings/shippingslist?scope=all&filterAll=${demoId}`)).json().total).toBe(0);

    // company.user is assigned to Notaría Central only.
    expect((await user.get(`shippings/shippingdetail?requestId=${segurosId}`)).statusCode).toBe(404);
    const own = (await user.get('shippings/shippingslist?scope=all&pageSize=1000')).json();
    expect(own.rows.map((row: { requestId: number }) => row.requestId)).not.toContain(segurosId);
    expect(own.rows.map((row: { requestId: number }) => row.requestId)).toContain(authorisedId);
    expect((await user.get(`shippings/shippingdetail?requestId=${authorisedId}`)).json().allowedActions).toEqual([
      'authorize',
      'deny',
    ]);
    // Managing goes through the company: an authoriser of another company cannot delete it.
    const removed = await user.put('shippings/shippingDeleteList', { deleteShippingList: [authorisedId] });
    expect(removed.json().failed).toEqual([{ requestId: authorisedId, key: 'ERR_NOT_FOUND' }]);
    expect((await domainAdmin.get(`shippings/shippingdetail?requestId=${segurosId}`)).statusCode).toBe(200);
    const superAdmin = await signedInClient(t.app, 'super.admin');
    expect((await superAdmin.get(`shippings/shippingdetail?requestId=${segurosId}`)).statusCode).toBe(200);
  });
});

describe('shipping_events', () => {
  it('is append-only: rows can be neither changed nor removed', async () => {
    const id = await send('Notarial notification');
    await expect(
      sql`UPDATE shipping_events SET reason = 'changed' WHERE shipping_id = ${id}`.execute(t.database.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM shipping_events WHERE shipping_id = ${id}`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expectChainOf(id, ['create']);
  });
});
