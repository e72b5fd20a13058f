import { API_GROUPS } from '@sello/contracts/catalogue';
import type { TEndpoint } from '@sello/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, domainIdOf, isXlsx, readXlsx } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { CLAIM_FORM } from '../../test/xforms-fixtures.ts';

/**
 * Every shipping-types endpoint × every seeded role × a type of the caller's company, of a sibling
 * company of the domain, and of the other domain: the expected status, nothing changed by a refused
 * call, and no answer of a domain user carrying data of the other domain.
 */

type Code = 'DEMO' | 'ACME';
type Target = 'own' | 'sibling' | 'other';
type Caller = { login: string; home: Code; kind: 'super' | 'domainAdmin' | 'companyAdmin' | 'noTypes' };
type TRequest = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown; typeId?: number };

const CALLERS: Caller[] = [
  { login: 'super.admin', home: 'DEMO', kind: 'super' },
  { login: 'domain.admin', home: 'DEMO', kind: 'domainAdmin' },
  { login: 'company.admin', home: 'DEMO', kind: 'companyAdmin' },
  { login: 'company.manager', home: 'DEMO', kind: 'noTypes' },
  { login: 'company.user', home: 'DEMO', kind: 'noTypes' },
  { login: 'acme.admin', home: 'ACME', kind: 'domainAdmin' },
];
const MARKERS: Record<Code, string> = { DEMO: 'matrix-demo', ACME: 'matrix-acme' };

let t: TTestApp;
const clients = new Map<string, TestClient>();
const companies = {} as Record<Code | 'SIBLING', number>;
const domains = {} as Record<Code, number>;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const caller of CALLERS) clients.set(caller.login, await signedInClient(t.app, caller.login));
  companies.DEMO = await companyIdOf(t.database.db, 'B12345674');
  companies.SIBLING = await companyIdOf(t.database.db, 'A76543214');
  companies.ACME = await companyIdOf(t.database.db, 'B87654323');
  for (const code of ['DEMO', 'ACME'] as const) {
    domains[code] = await domainIdOf(t.database.db, code);
    await fixtureType(code, companies[code]);
  }
});
afterAll(() => t.close());

async function fixtureType(code: Code, companyId: number, deleted = false) {
  const row = await t.database.db
    .insertInto('shipping_types')
    .values({
      domain_id: domains[code],
      company_id: companyId,
      name: `MATRIX-${code} type ${++counter}`,
      service_kind: 'communication',
      channels: ['email'],
      deleted_at: deleted ? new Date() : null,
      deleted_by: deleted ? '1' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const typeBody = (companyId: number) => ({
  companyId,
  name: `Matrix new ${++counter}`,
  service: 'communication',
  channels: ['email'],
});

type TCase = { build: (code: Code, companyId: number) => Promise<TRequest>; untargeted?: boolean; bin?: boolean };

const CASES: Record<string, TCase> = {
  read: { untargeted: true, build: async () => ({ method: 'GET', path: 'read' }) },
  readList: { untargeted: true, build: async () => ({ method: 'GET', path: 'readList?pageSize=1000' }) },
  export: { untargeted: true, build: async () => ({ method: 'GET', path: 'export?pageSize=1000' }) },
  placement: { untargeted: true, build: async () => ({ method: 'GET', path: 'placement' }) },
  elements: { untargeted: true, build: async () => ({ method: 'GET', path: 'elements' }) },
  custodyTime: { untargeted: true, build: async () => ({ method: 'GET', path: 'custodyTime?service=PT0005_CUSTODY' }) },
  step: { untargeted: true, build: async () => ({ method: 'GET', path: 'step?service=PT0002_ACCEPTANCE' }) },
  signMethods: {
    untargeted: true,
    build: async () => ({ method: 'GET', path: 'signmethods?service=PT0002_ACCEPTANCE' }),
  },
  metapropLocations: {
    untargeted: true,
    build: async () => ({ method: 'GET', path: 'metapropLocations?idCardService=PT0012_NFC_IDENTIFICATION' }),
  },
  importXforms: {
    untargeted: true,
    build: async () => ({ method: 'POST', path: 'importXforms', body: { params: { data: CLAIM_FORM } } }),
  },
  new: { build: async (_code, companyId) => ({ method: 'POST', path: 'new', body: typeBody(companyId) }) },
  shippingTypesForCombo: {
    build: async (_code, companyId) => ({ method: 'GET', path: `shippingtypesforcombo?companies=${companyId}` }),
  },
  detail: {
    build: async (code, companyId) => {
      const id = await fixtureType(code, companyId);
      return { method: 'GET', path: `detail?typeSelected=${id}`, typeId: id };
    },
  },
  update: {
    build: async (code, companyId) => {
      const id = await fixtureType(code, companyId);
      return { method: 'PUT', path: 'update', body: { ...typeBody(companyId), id }, typeId: id };
    },
  },
  delete: {
    build: async (code, companyId) => {
      const id = await fixtureType(code, companyId);
      return { method: 'DELETE', path: `delete/${id}`, typeId: id };
    },
  },
  recover: {
    bin: true,
    build: async (code, companyId) => {
      const id = await fixtureType(code, companyId, true);
      return { method: 'PUT', path: `recover/${id}`, typeId: id };
    },
  },
  wfUsers: {
    build: async (code, companyId) => {
      const id = await fixtureType(code, companyId);
      return { method: 'GET', path: `wfUsers?typeId=${id}`, typeId: id };
    },
  },
  wfGroups: {
    build: async (code, companyId) => {
      const id = await fixtureType(code, companyId);
      return { method: 'GET', path: `wfGroups?typeId=${id}`, typeId: id };
    },
  },
  saveWfUsers: {
    build: async (code, companyId) => {
      const id = await fixtureType(code, companyId);
      return { method: 'PUT', path: 'saveWfUsers', body: { typeId: id, wfUsers: [] }, typeId: id };
    },
  },
  updateTypeOrder: {
    build: async (code, companyId) => {
      const id = await fixtureType(code, companyId);
      return { method: 'PUT', path: 'updateTypeOrder', body: { typesOrder: [id] }, typeId: id };
    },
  },
  xformShippingType: {
    build: async (code, companyId) => {
      const id = await fixtureType(code, companyId);
      return {
        method: 'POST',
        path: 'xformshippingtype',
        body: { params: { data: CLAIM_FORM, typeId: id } },
        typeId: id,
      };
    },
  },
};

function expectedStatus(key: string, testCase: TCase, caller: Caller, target: Target): number {
  if (caller.kind === 'noTypes') return 403;
  if (testCase.untargeted || target === 'own') return 200;
  if (caller.kind === 'super') return key === 'updateTypeOrder' && target === 'other' ? 400 : 200;
  if (caller.kind === 'domainAdmin' && target === 'sibling') return 200;
  // Not reachable: a type of another company or domain is not found; a new one there is refused.
  if (key === 'new') return target === 'other' ? 400 : 403;
  if (key === 'updateTypeOrder') return 400;
  if (key === 'shippingTypesForCombo') return target === 'other' && caller.kind === 'domainAdmin' ? 200 : 404;
  return 404;
}

async function snapshot(typeId: number | undefined) {
  if (typeId === undefined) return null;
  return t.database.db.selectFrom('shipping_types').selectAll().where('id', '=', String(typeId)).executeTakeFirst();
}

const endpoints = Object.entries(API_GROUPS.types as Record<string, TEndpoint>);

describe('shipping types authorisation matrix', () => {
  it('has a case for every shipping-types endpoint', () => {
    expect(endpoints.map(([key]) => key).filter((key) => !CASES[key])).toEqual([]);
  });

  it.each(endpoints)('%s', async (key) => {
    const testCase = CASES[key]!;
    for (const caller of CALLERS) {
      const targets: Target[] = testCase.untargeted
        ? ['own']
        : caller.home === 'DEMO'
          ? ['own', 'sibling', 'other']
          : ['own', 'other'];
      for (const target of targets) {
        const code: Code = target === 'other' ? (caller.home === 'DEMO' ? 'ACME' : 'DEMO') : caller.home;
        const companyId = target === 'sibling' ? companies.SIBLING : companies[code];
        const request = await testCase.build(code, companyId);
        const before = await snapshot(request.typeId);
        const response = await clients
          .get(caller.login)!
          .call(request.method, `shippings/types/${request.path}`, request.body);
        const expected = expectedStatus(key, testCase, caller, target);
        const label = `${caller.login} → ${target} (${request.method} ${request.path}): ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBe(expected);
        if (expected !== 200)
          expect(await snapshot(request.typeId), `${label}: changed by a refused call`).toEqual(before);
        if (caller.kind !== 'super') {
          const text = isXlsx(response)
            ? JSON.stringify(await readXlsx(response.rawPayload)).toLowerCase()
            : response.body.toLowerCase();
          const other = MARKERS[caller.home === 'DEMO' ? 'ACME' : 'DEMO'];
          expect(text.includes(other), `${label}: leaks data of the other domain`).toBe(false);
        }
      }
    }
  });
});
