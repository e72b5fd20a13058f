import path from 'node:path';
import { CHANNELS, RESULT_FILTERS, SERVICE_KINDS, SHIPPING_STATE_FILTERS } from '@sello/contracts/enums';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyIdOf,
  domainIdOf,
  filtersParam,
  isXlsx,
  postDownloadFile,
  readXlsx,
} from '../../test/admin-fixtures.ts';
import { createShippingTestApp, sendShipping, TIAGO, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { createLocalBlobStore } from '../platform/blob-store.ts';
import { createShippingReport } from './shipping-report.service.ts';

let t: TTestApp;
let user: TestClient;
let admin: TestClient;
let manager: TestClient;
const ids = { notice: 0, postal: 0, deed: 0, denied: 0, byAdmin: 0 };

type TRow = { requestId: number; reference: string | null; state: string; typeName: string; receiver: string };
const idsOf = (body: { rows: TRow[] }) => body.rows.map((row) => row.requestId);

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  admin = await signedInClient(t.app, 'company.admin');
  manager = await signedInClient(t.app, 'company.manager');
  const db = t.database.db;
  ids.notice = await sendShipping(user, db, 'Notarial notification', {
    reference: 'REF-100%',
    customFields: { policy: 'P-1' },
  });
  ids.postal = await sendShipping(user, db, 'Notarial notification', {
    reference: 'REF-101',
    channel: 'postal',
    receivers: [
      { ...TIAGO, postal: { street: 'Rua Augusta 10', postalCode: '1100-053', city: 'Lisboa', country: 'PT' } },
    ],
  });
  ids.deed = await sendShipping(user, db, 'Deed acceptance', { reference: 'DEED-1' });
  ids.denied = await sendShipping(user, db, 'Deed acceptance', { reference: 'DEED-2' });
  await manager.put(`shippings/deny/${ids.denied}`, { stateCom: 'no_auth', resultCom: 'authorizer_reject' });
  ids.byAdmin = await sendShipping(admin, db, 'Certified e-mail', {
    reference: 'ADM-1',
    receivers: [{ name: 'Carmen Iglesias', email: 'carmen@example.es' }],
    documents: [],
  });
});
afterAll(() => t.close());

const list = async (client: TestClient, query: string) => {
  const response = await client.get(`shippings/shippingslist?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { rows: TRow[]; total: number };
};

describe('shippings/shippingslist', () => {
  it('lists the user own shippings, newest first, or all they may see', async () => {
    const own = await list(user, '');
    expect(idsOf(own)).toEqual([ids.denied, ids.deed, ids.postal, ids.notice]);
    expect(own.total).toBe(4);
    const all = await list(user, 'scope=all');
    expect(idsOf(all)).toEqual([ids.byAdmin, ids.denied, ids.deed, ids.postal, ids.notice]);
    expect(all.rows[0]).toMatchObject({
      reference: 'ADM-1',
      service: 'certified_email',
      channel: 'email',
      typeName: 'Certified e-mail',
      companyName: 'Notaría Central S.L.',
      sender: 'Alba Núñez',
      receiver: 'Carmen Iglesias',
      state: 'pending_to_send',
      result: null,
      isSandbox: false,
      deleted: false,
    });
  });

  it('pages and sorts by any listed column', async () => {
    const page = await list(user, 'scope=all&first=2&pageSize=2');
    expect(page.total).toBe(5);
    expect(idsOf(page)).toEqual([ids.deed, ids.postal]);
    const byReference = await list(user, 'scope=all&sortField=reference&sortOrder=1');
    expect(byReference.rows.map((row) => row.reference)).toEqual(['ADM-1', 'DEED-1', 'DEED-2', 'REF-100%', 'REF-101']);
    const byType = await list(user, 'scope=all&sortField=typeName&sortOrder=-1');
    expect(byType.rows[0]!.typeName).toBe('Notarial notification');
    for (const field of [
      'requestId',
      'subject',
      'service',
      'channel',
      'companyName',
      'sender',
      'receiver',
      'state',
      'result',
      'updatedAt',
    ]) {
      expect((await user.get(`shippings/shippingslist?sortField=${field}`)).statusCode, field).toBe(200);
    }
    const bad = await user.get('shippings/shippingslist?sortField=search_text');
    expect(bad.json()).toEqual({ key: 'ERR_VALIDATION', fields: { sortField: 'ERR_FIELD_INVALID' } });
  });

  it('filters by state, result, type, company, service and channel, one value or several', async () => {
    const db = t.database.db;
    expect(idsOf(await list(user, `scope=all&filters=${filtersParam({ state: 'pending_auth' })}`))).toEqual([ids.deed]);
    expect(
      idsOf(await list(user, `scope=all&filters=${filtersParam({ result: ['authorizer_reject', 'error'] })}`)),
    ).toEqual([ids.denied]);
    const typeId = await typeIdOf(db, 'Deed acceptance');
    expect(idsOf(await list(user, `scope=all&filters=${filtersParam({ typeId: [typeId] })}`))).toEqual([
      ids.denied,
      ids.deed,
    ]);
    expect(
      (await list(user, `scope=all&filters=${filtersParam({ companyId: await companyIdOf(db, 'A76543214') })}`)).total,
    ).toBe(0);
    expect(idsOf(await list(user, `scope=all&filters=${filtersParam({ service: 'certified_email' })}`))).toEqual([
      ids.byAdmin,
    ]);
    expect(idsOf(await list(user, `scope=all&filters=${filtersParam({ channel: 'postal', state: null })}`))).toEqual([
      ids.postal,
    ]);
    const unknown = await user.get(`shippings/shippingslist?filters=${filtersParam({ password: 'x' })}`);
    expect(unknown.json()).toEqual({ key: 'ERR_VALIDATION', fields: { filters: 'ERR_FIELD_INVALID' } });
    const badState = await user.get(`shippings/shippingslist?filters=${filtersParam({ state: 'nope' })}`);
    expect(badState.json().fields).toEqual({ 'filters.state': 'ERR_FIELD_INVALID' });
    expect((await user.get('shippings/shippingslist?filters=%7Bnope')).statusCode).toBe(400);
  });

  it('searches free text (filterAll) in references, subjects, receivers and the request number', async () => {
    const search = (text: string) => list(user, `scope=all&filterAll=${encodeURIComponent(text)}`);
    expect(idsOf(await search('tiago'))).toEqual([ids.postal]);
    expect(idsOf(await search('CARMEN@EXAMPLE'))).toEqual([ids.byAdmin]);
    expect(idsOf(await search('12345678z'))).toEqual([ids.denied, ids.deed, ids.notice]);
    expect(idsOf(await search('+351912'))).toEqual([ids.postal]);
    expect(idsOf(await search('deed-2'))).toEqual([ids.denied]);
    expect(idsOf(await search('100%'))).toEqual([ids.notice]);
    expect(idsOf(await search('%'))).toEqual([ids.notice]);
    expect(idsOf(await search(String(ids.deed)))).toContain(ids.deed);
    expect((await search('nobody at all')).total).toBe(0);
  });

  it('filters by custom fields', async () => {
    expect(idsOf(await list(user, `scope=all&customFilters=${filtersParam({ policy: 'P-1' })}`))).toEqual([ids.notice]);
    expect((await list(user, `scope=all&customFilters=${filtersParam({ policy: 'P-2' })}`)).total).toBe(0);
    expect((await user.get('shippings/shippingslist?customFilters=%5B1%5D')).statusCode).toBe(400);
  });

  it('limits the creation date range to 60 months, by default the last 60', async () => {
    const now = Date.now();
    expect((await list(user, `scope=all&filterFrom=${now - 3_600_000}&filterTo=${now + 3_600_000}`)).total).toBe(5);
    expect((await list(user, `scope=all&filterFrom=${now + 3_600_000}&filterTo=${now + 7_200_000}`)).total).toBe(0);
    expect((await list(user, `scope=all&filterTo=${now - 3_600_000}`)).total).toBe(0);
    const year = 365 * 24 * 3_600_000;
    const tooLong = await user.get(`shippings/shippingslist?filterFrom=${now - 6 * year}&filterTo=${now}`);
    expect(tooLong.json()).toEqual({ key: 'ERR_VALIDATION', fields: { filterFrom: 'ERR_DATE_RANGE' } });
    const reversed = await user.get(`shippings/shippingslist?filterFrom=${now}&filterTo=${now - year}`);
    expect(reversed.json().fields).toEqual({ filterFrom: 'ERR_DATE_RANGE' });
    expect((await list(user, `scope=all&filterFrom=${now - 4 * year}`)).total).toBe(5);
  });

  it('lists the shippings waiting for the user authorisation (scope auth)', async () => {
    expect(idsOf(await list(manager, 'scope=auth'))).toEqual([ids.deed]);
    expect((await list(user, 'scope=auth')).total).toBe(0);
  });

  it('lets a super admin list another domain with domainid, and nobody else', async () => {
    const superAdmin = await signedInClient(t.app, 'super.admin');
    const acme = await domainIdOf(t.database.db, 'ACME');
    expect((await list(superAdmin, `scope=all&domainid=${acme}`)).total).toBe(0);
    const demo = await domainIdOf(t.database.db, 'DEMO');
    expect((await list(superAdmin, `scope=all&domainid=${demo}`)).total).toBe(5);
    expect((await user.get(`shippings/shippingslist?domainid=${acme}`)).statusCode).toBe(404);
  });
});

describe('shippings/shippingsreport', () => {
  const expectedRows = async (client: TestClient, query: string) =>
    (await list(client, query)).rows.map((row) => row.requestId);

  it('streams the list as Excel with the same filters and order', async () => {
    const response = await user.post('shippings/shippingsreport', {
      scope: 'all',
      filters: JSON.stringify({ state: ['pending_auth', 'no_auth', 'pending_to_send'] }),
      sortField: 'reference',
      sortOrder: 1,
      language: 'en-en',
    });
    expect(response.statusCode).toBe(200);
    expect(isXlsx(response)).toBe(true);
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]).toEqual([
      'Id',
      'Reference',
      'Subject',
      'Service',
      'Channel',
      'Type',
      'Company',
      'Sender',
      'Receiver',
      'State',
      'Result',
      'Sandbox',
      'Created (UTC)',
      'Updated (UTC)',
      'Form data',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      await expectedRows(user, 'scope=all&sortField=reference&sortOrder=1'),
    );
    expect(rows.find((row) => row[0] === ids.denied)).toEqual(
      expect.arrayContaining([
        'DEED-2',
        'Acceptance',
        'E-mail',
        'Deed acceptance',
        'Not authorised',
        'Rejected by the authoriser',
        'No',
      ]),
    );
    // Words, never codes: no cell of the file holds a state, result, service or channel code.
    const codes = new Set<string>([...SHIPPING_STATE_FILTERS, ...RESULT_FILTERS, ...SERVICE_KINDS, ...CHANNELS]);
    expect(
      rows
        .slice(1)
        .flat()
        .filter((cell) => codes.has(String(cell))),
    ).toEqual([]);
    const spanish = await readXlsx(
      (await user.post('shippings/shippingsreport', { filterAll: 'tiago', language: 'es-es' })).rawPayload,
    );
    expect(spanish[0]?.[1]).toBe('Referencia');
    expect(spanish[1]).toEqual(expect.arrayContaining(['Correo postal']));
    expect(spanish.slice(1).map((row) => row[0])).toEqual([ids.postal]);
  });

  it('answers through the DownloadFile form post', async () => {
    const response = await postDownloadFile(
      t.app,
      '/rest/services/shippings/shippingsreport',
      { scope: 'all', filterAll: 'deed' },
      user.token!,
    );
    expect(response.statusCode).toBe(200);
    const rows = await readXlsx(response.rawPayload);
    expect(rows.slice(1).map((row) => row[0])).toEqual([ids.denied, ids.deed]);
  });

  it('prepares the file in the background and offers it when ready, to the user who asked only', async () => {
    const started = await user.post('shippings/shippingsreport', { scope: 'all', asynchronous: true });
    expect(started.statusCode).toBe(202);
    const job = started.json();
    expect(job).toMatchObject({ jobId: expect.any(String), state: expect.stringMatching(/pending|running|ready/) });
    let ready = await user.post('shippings/shippingsreport', { jobId: job.jobId });
    for (let tries = 0; ready.statusCode === 202 && tries < 100; tries++) {
      expect(ready.json().state).toMatch(/pending|running/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = await user.post('shippings/shippingsreport', { jobId: job.jobId });
    }
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['x-export-rows']).toBe('5');
    expect((await readXlsx(ready.rawPayload)).slice(1).map((row) => row[0])).toEqual(
      await expectedRows(user, 'scope=all'),
    );
    expect((await admin.post('shippings/shippingsreport', { jobId: job.jobId })).statusCode).toBe(404);
    const unknown = await user.post('shippings/shippingsreport', { jobId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  it('forgets a prepared export and deletes its file once its offer has expired', async () => {
    const started = (await user.post('shippings/shippingsreport', { scope: 'own', asynchronous: true })).json();
    await expect
      .poll(async () => (await user.post('shippings/shippingsreport', { jobId: started.jobId })).statusCode, {
        timeout: 20_000,
      })
      .toBe(200);
    const { file_key: fileKey } = await t.database.db
      .selectFrom('export_jobs')
      .select('file_key')
      .where('guid', '=', started.jobId)
      .executeTakeFirstOrThrow();
    const exportsStore = createLocalBlobStore(path.join(t.config.dataDir, 'exports'));
    const report = createShippingReport({
      db: t.database.db,
      exports: exportsStore,
      logger: pino({ level: 'silent' }),
    });

    expect(await report.purgeExpired(new Date())).toBe(0);
    expect((await user.post('shippings/shippingsreport', { jobId: started.jobId })).statusCode).toBe(200);
    expect(await report.purgeExpired(new Date(Date.now() + 2 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await user.post('shippings/shippingsreport', { jobId: started.jobId })).statusCode).toBe(404);
    await expect(exportsStore.open(fileKey as string)).rejects.toThrow();
  });

  it('refuses a bad query before starting, and more rows than the export limit', async () => {
    const bad = await user.post('shippings/shippingsreport', { asynchronous: true, sortField: 'nope' });
    expect(bad.json()).toEqual({ key: 'ERR_VALIDATION', fields: { sortField: 'ERR_FIELD_INVALID' } });
    const tooMany = await user.post('shippings/shippingsreport', { pageSize: 100_001 });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('users who hold only the authorisations list', () => {
  it('see only the shippings waiting for them, whatever scope they ask', async () => {
    await t.database.db
      .updateTable('users')
      .set({ permissions: ['shippingListOnlyAuth', 'editMode'] })
      .where('username', '=', 'company.manager')
      .execute();
    expect(idsOf(await list(manager, 'scope=all'))).toEqual([ids.deed]);
    expect(idsOf(await list(manager, 'scope=own'))).toEqual([ids.deed]);
    expect((await manager.get(`shippings/shippingdetail?requestId=${ids.notice}`)).statusCode).toBe(404);
    const deed = await manager.get(`shippings/shippingdetail?requestId=${ids.deed}`);
    expect(deed.json().allowedActions).toEqual(['authorize', 'deny']);
    expect((await manager.get(`shippings/shippingauths?requestId=${ids.denied}`)).statusCode).toBe(200);
    const removed = await manager.put('shippings/shippingDeleteList', { deleteShippingList: [ids.deed] });
    expect(removed.json().failed).toEqual([{ requestId: ids.deed, key: 'ERR_NOT_FOUND' }]);
  });
});
