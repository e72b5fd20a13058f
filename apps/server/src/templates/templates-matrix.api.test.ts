import { templatesApi } from '@sello/contracts/catalogue/templates';
import type { TEndpoint } from '@sello/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, isXlsx, readXlsx } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

/**
 * Every templates endpoint × every seeded role × a target in the caller's own domain and in the other
 * one: the expected status, nothing changed by a refused call, and no answer to a domain user carrying
 * the other domain's templates.
 */

type Code = 'DEMO' | 'ACME';
type Caller = { login: string; home: Code; superAdmin?: boolean; permissions: string[] };
type TRequest = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown; record?: string };
type TCase = {
  rule: 'templates' | 'bin' | 'orSend' | 'public';
  untargeted?: boolean;
  build: (code: Code) => Promise<TRequest>;
};

const SENDER_ONLY = ['newSend'];
const CALLERS: Caller[] = [
  { login: 'super.admin', home: 'DEMO', superAdmin: true, permissions: ['templates', 'templatesBin', 'newSend'] },
  { login: 'domain.admin', home: 'DEMO', permissions: ['templates', 'templatesBin', 'newSend'] },
  { login: 'company.admin', home: 'DEMO', permissions: ['templates', 'templatesBin', 'newSend'] },
  { login: 'company.manager', home: 'DEMO', permissions: ['templates', 'templatesBin', 'newSend'] },
  { login: 'company.user', home: 'DEMO', permissions: SENDER_ONLY },
  { login: 'acme.admin', home: 'ACME', permissions: ['templates', 'templatesBin', 'newSend'] },
];
const MARKER: Record<Code, string> = { DEMO: 'matrix-tpl-demo', ACME: 'matrix-tpl-acme' };
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let t: TTestApp;
const clients = new Map<string, TestClient>();
const companies = {} as Record<Code, number>;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const caller of CALLERS) clients.set(caller.login, await signedInClient(t.app, caller.login));
  companies.DEMO = await companyIdOf(t.database.db, 'B12345674');
  companies.ACME = await companyIdOf(t.database.db, 'B87654323');
  for (const code of ['DEMO', 'ACME'] as const) await template(code);
});
afterAll(() => t.close());

/** A fresh template of the domain's seeded company, unlocked (deleted when asked). */
async function template(code: Code, deleted = false) {
  const company = await t.database.db
    .selectFrom('companies')
    .select(['id', 'domain_id'])
    .where('id', '=', String(companies[code]))
    .executeTakeFirstOrThrow();
  const row = await t.database.db
    .insertInto('templates')
    .values({
      domain_id: company.domain_id,
      company_id: company.id,
      name: `${MARKER[code]} ${++counter}`,
      subject: 'S',
      body: '<p>x</p>',
      ...(deleted && { deleted_at: new Date() }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const get = (path: string): TRequest => ({ method: 'GET', path });

const CASES: Record<string, TCase> = {
  read: { rule: 'templates', build: async (code) => get(`templates/read?companySelected=${companies[code]}`) },
  readList: { rule: 'orSend', untargeted: true, build: async () => get('templates/readList?pageSize=500') },
  readListReduced: {
    rule: 'orSend',
    build: async (code) => get(`templates/readListReduced?companySelected=${companies[code]}`),
  },
  detail: { rule: 'orSend', build: async (code) => get(`templates/detail?templateSelected=${await template(code)}`) },
  lock: {
    rule: 'templates',
    build: async (code) => {
      const id = await template(code);
      return { method: 'PUT', path: `templates/lock/${id}`, record: String(id) };
    },
  },
  uploadImage: {
    rule: 'templates',
    untargeted: true,
    build: async () => ({ method: 'PUT', path: 'templates/uploadImage', body: { name: 'p.png', content: PNG } }),
  },
  image: {
    rule: 'public',
    untargeted: true,
    build: async () => {
      const upload = await clients.get('domain.admin')!.put('templates/uploadImage', { name: 'p.png', content: PNG });
      return get(upload.json().url.replace('/rest/services/', ''));
    },
  },
  new: {
    rule: 'templates',
    build: async (code) => ({
      method: 'POST',
      path: 'templates/new',
      body: { companyId: companies[code], name: `new ${++counter}`, content: '<p>x</p>' },
    }),
  },
  update: {
    rule: 'templates',
    build: async (code) => {
      const id = await template(code);
      return {
        method: 'PUT',
        path: 'templates/update',
        body: { id, companyId: companies[code], name: `updated ${++counter}`, content: '<p>y</p>' },
        record: String(id),
      };
    },
  },
  delete: {
    rule: 'templates',
    build: async (code) => {
      const id = await template(code);
      return { method: 'DELETE', path: `templates/delete/${id}`, record: String(id) };
    },
  },
  recover: {
    rule: 'bin',
    build: async (code) => {
      const id = await template(code, true);
      return { method: 'PUT', path: `templates/recover/${id}`, record: String(id) };
    },
  },
  unlock: {
    rule: 'templates',
    build: async (code) => {
      const id = await template(code);
      await t.database.db
        .updateTable('templates')
        .set({ locked_by: '1', locked_until: new Date(Date.now() + 60_000) })
        .where('id', '=', String(id))
        .execute();
      return { method: 'PUT', path: `templates/unlock/${id}`, record: String(id) };
    },
  },
  export: { rule: 'templates', untargeted: true, build: async () => get('templates/export') },
  preview: {
    rule: 'templates',
    untargeted: true,
    build: async () => ({ method: 'POST', path: 'templates/preview', body: { content: '<p>{{receiverName}}</p>' } }),
  },
};
// The paged list is for template managers (and the bin), not for senders.
CASES.readList!.rule = 'templates';

function expectedStatus(key: string, testCase: TCase, caller: Caller, target: 'own' | 'other'): number {
  if (testCase.rule === 'public') return 200;
  const flags =
    testCase.rule === 'templates'
      ? ['templates']
      : testCase.rule === 'bin'
        ? ['templatesBin']
        : ['templates', 'newSend'];
  if (!flags.some((flag) => caller.permissions.includes(flag))) return 403;
  // A plain administrator's lock may be released only by an administrator: the manager is refused.
  if (key === 'unlock' && caller.login === 'company.manager' && target === 'own') return 403;
  if (caller.superAdmin || testCase.untargeted || target === 'own') return 200;
  return key === 'new' ? 400 : 404;
}

async function answerText(response: Awaited<ReturnType<TestClient['get']>>): Promise<string> {
  if (isXlsx(response)) return JSON.stringify(await readXlsx(response.rawPayload)).toLowerCase();
  if (!String(response.headers['content-type'] ?? '').includes('json')) return '';
  return response.body.toLowerCase();
}

const snapshot = (id: string | undefined) =>
  id ? t.database.db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst() : null;

const endpoints = Object.entries(templatesApi as Record<string, TEndpoint>);

describe('templates authorisation matrix', () => {
  it('has a case for every templates endpoint', () => {
    expect(endpoints.map(([key]) => key).filter((key) => !CASES[key])).toEqual([]);
  });

  it.each(endpoints)('%s', async (key) => {
    const testCase = CASES[key]!;
    for (const caller of CALLERS) {
      for (const target of ['own', 'other'] as const) {
        if (testCase.untargeted && target === 'other') continue;
        const code: Code = target === 'own' ? caller.home : caller.home === 'DEMO' ? 'ACME' : 'DEMO';
        const request = await testCase.build(code);
        const before = await snapshot(request.record);
        const response = await clients.get(caller.login)!.call(request.method, request.path, request.body);
        const expected = expectedStatus(key, testCase, caller, target);
        const label = `${caller.login} → ${target} (${request.method} ${request.path}): ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBe(expected);
        if (expected !== 200) expect(await snapshot(request.record), `${label}: changed`).toEqual(before);
        if (!caller.superAdmin) {
          const other: Code = caller.home === 'DEMO' ? 'ACME' : 'DEMO';
          expect((await answerText(response)).includes(MARKER[other]), `${label}: leaks ${other}`).toBe(false);
        }
      }
    }
  });
});
