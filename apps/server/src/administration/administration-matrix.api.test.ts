import { API_GROUPS } from '@sello/contracts/catalogue';
import type { TEndpoint } from '@sello/contracts/endpoint';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, domainIdOf, entityTaxId, isXlsx, readXlsx, seedFlaggedUsers } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { certificatePem, makeCertificate, pkcs12DataUrl } from '../../test/test-certificates.ts';

/**
 * Every administration endpoint (certificates and SAML certificates included) × every seeded role × a target in the caller's own domain and in the
 * other one: the expected status, nothing changed by a refused call, and no answer of a domain user
 * ever carrying data of the other domain.
 */

type Code = 'DEMO' | 'ACME';
type Caller = { login: string; home: Code; kind: 'super' | 'domainAdmin' | 'admin' | 'other' };
type Target = 'own' | 'other';
type Expected = 200 | 403 | 404;
type Rule = 'admin' | 'domain' | 'domainSuper' | 'companyUsers' | 'saml' | 'companyRecord' | 'companyNew';
type TTable =
  | 'companies'
  | 'groups'
  | 'users'
  | 'domains'
  | 'certificates'
  | 'saml_certificates'
  | 'identity_providers';
type TRecord = { table: TTable; id: number };
type TRequest = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown; record?: TRecord };

const CALLERS: Caller[] = [
  { login: 'super.admin', home: 'DEMO', kind: 'super' },
  { login: 'domain.admin', home: 'DEMO', kind: 'domainAdmin' },
  { login: 'company.admin', home: 'DEMO', kind: 'admin' },
  { login: 'company.manager', home: 'DEMO', kind: 'other' },
  { login: 'company.user', home: 'DEMO', kind: 'other' },
  { login: 'acme.admin', home: 'ACME', kind: 'domainAdmin' },
  // Users given flags beyond their role's defaults: the flags alone administer nothing.
  { login: 'flagged.manager', home: 'DEMO', kind: 'other' },
  { login: 'flagged.user', home: 'DEMO', kind: 'other' },
];

/** Text that only the given domain's data contains. */
const MARKERS: Record<Code, string[]> = {
  DEMO: ['sello demo', 'notaría central', 'b12345674', 'domain.admin', 'matrix-demo'],
  ACME: ['acme logistics', 'acme transportes', 'b87654323', 'acme.admin', 'matrix-acme'],
};

let t: TTestApp;
const clients = new Map<string, TestClient>();
const domainIds = {} as Record<Code, number>;
const seededCompany = {} as Record<Code, number>;
const SEEDED_TAX_ID: Record<Code, string> = { DEMO: 'B12345674', ACME: 'B87654323' };
let counter = 0;
const next = () => ++counter;

beforeAll(async () => {
  t = await createTestApp();
  await seedFlaggedUsers(t.database.db);
  for (const caller of CALLERS) clients.set(caller.login, await signedInClient(t.app, caller.login));
  for (const code of ['DEMO', 'ACME'] as const) domainIds[code] = await domainIdOf(t.database.db, code);
  seededCompany.DEMO = await companyIdOf(t.database.db, 'B12345674');
  seededCompany.ACME = await companyIdOf(t.database.db, 'B87654323');
  // Data of both domains the lists could leak.
  for (const code of ['DEMO', 'ACME'] as const) {
    await fixture.company(code);
    await fixture.group(code);
    await fixture.user(code);
  }
});
afterAll(() => t.close());

const deletedValues = (deleted: boolean) => ({
  deleted_at: deleted ? new Date() : null,
  deleted_by: deleted ? '1' : null,
});

const fixture = {
  async company(code: Code, deleted = false) {
    const n = next();
    const taxId = entityTaxId('P', 1_000_000 + n);
    const row = await t.database.db
      .insertInto('companies')
      .values({
        domain_id: domainIds[code],
        name: `MATRIX-${code} company ${n}`,
        tax_id: taxId,
        ...deletedValues(deleted),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), taxId, name: `MATRIX-${code} company ${n}` };
  },
  async group(code: Code, deleted = false) {
    const n = next();
    const name = `MATRIX-${code} group ${n}`;
    const row = await t.database.db
      .insertInto('groups')
      .values({ domain_id: domainIds[code], name, ...deletedValues(deleted) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), name };
  },
  async user(code: Code, options: { deleted?: boolean; blocked?: boolean } = {}) {
    const n = next();
    const username = `matrix-${code.toLowerCase()}.user${n}`;
    const row = await t.database.db
      .insertInto('users')
      .values({
        domain_id: domainIds[code],
        username,
        name: `MATRIX-${code} user ${n}`,
        email: `${username}@matrix.local`,
        password_hash: 'not-a-hash',
        language: 'es-es',
        roles: ['cust_ctr_user'],
        permissions: ['shippingList'],
        blocked: options.blocked ?? false,
        ...deletedValues(options.deleted ?? false),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // In the seeded company, which the DEMO plain administrator manages.
    await t.database.db
      .insertInto('user_companies')
      .values({ user_id: row.id, company_id: seededCompany[code] })
      .execute();
    return { id: Number(row.id), username };
  },
  async domain(deleted = false) {
    const n = next();
    const row = await t.database.db
      .insertInto('domains')
      .values({ code: `MX${n}`, name: `Matrix tenant ${n}`, ...deletedValues(deleted) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },
};

// One certificate serves every upload: the same certificate may be stored under several names.
const seal = makeCertificate({ commonName: 'matrix seal', organization: 'Matrix Test Org' });
const P12_PASSWORD = 'matrix-password';
const p12 = pkcs12DataUrl(seal, [seal.certificate], P12_PASSWORD);
const samlPem = certificatePem(seal);

async function createdId(response: LightMyRequestResponse): Promise<number> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

const certificateFixture = {
  async certificate(code: Code, deleted = false) {
    const superAdmin = clients.get('super.admin')!;
    const body = { name: `MATRIX-${code} certificate ${next()}`, content: p12, password: P12_PASSWORD };
    const id = await createdId(
      await superAdmin.post(`administration/certificates/new?domainid=${domainIds[code]}`, body),
    );
    if (deleted) await superAdmin.delete(`administration/certificates/delete/${id}`);
    return id;
  },
  async samlCertificate(code: Code, deleted = false) {
    const superAdmin = clients.get('super.admin')!;
    const body = {
      name: `MATRIX-${code} idp ${next()}`,
      entityId: `https://idp.matrix-${code.toLowerCase()}.test`,
      content: samlPem,
    };
    const id = await createdId(
      await superAdmin.post(`administration/samlcertificates/new?domainid=${domainIds[code]}`, body),
    );
    if (deleted) await superAdmin.delete(`administration/samlcertificates/delete/${id}`);
    return id;
  },
  async identityProvider(code: Code, deleted = false) {
    const superAdmin = clients.get('super.admin')!;
    const id = await createdId(
      await superAdmin.post(
        `administration/identityProviders/new?domainid=${domainIds[code]}`,
        identityProviderBody(code),
      ),
    );
    if (deleted) await superAdmin.delete(`administration/identityProviders/delete/${id}`);
    return id;
  },
};

function identityProviderBody(code: Code) {
  const n = next();
  return {
    kind: 'oidc',
    name: `MATRIX-${code} idp ${n}`,
    emailDomains: [`idp${n}.matrix-${code.toLowerCase()}.test`],
    oidcIssuer: `https://login.matrix-${code.toLowerCase()}.test`,
    oidcClientId: 'sello',
    oidcClientSecret: 'matrix-client-secret',
  };
}

const csv = (text: string) => `data:text/csv;base64,${Buffer.from(text).toString('base64')}`;

/** How each endpoint is called against a domain, and which rule decides who may. */
const CASES: Record<string, { rule: Rule; build: (code: Code) => Promise<TRequest> }> = {
  domainsRead: { rule: 'domain', build: async (code) => get(`domains/read?domainid=${domainIds[code]}`) },
  domainsDetail: { rule: 'domain', build: async (code) => get(`domains/detail?selected=${domainIds[code]}`) },
  domainsNew: {
    rule: 'domainSuper',
    build: async () => {
      const n = next();
      return { method: 'POST', path: 'domains/new', body: { code: `MXN${n}`, name: `Matrix new ${n}` } };
    },
  },
  domainsUpdate: {
    rule: 'domain',
    build: async (code) => ({
      method: 'PUT',
      path: 'domains/update',
      body: {
        id: domainIds[code],
        code,
        name: code === 'DEMO' ? 'Sello Demo' : 'Acme Logistics',
        description: 'Changed by the matrix',
      },
      record: { table: 'domains', id: domainIds[code] },
    }),
  },
  domainsDelete: {
    rule: 'domainSuper',
    build: async () => {
      const id = await fixture.domain();
      return { method: 'DELETE', path: `domains/delete/${id}`, record: { table: 'domains', id } };
    },
  },
  domainsRecover: {
    rule: 'domainSuper',
    build: async () => {
      const id = await fixture.domain(true);
      return { method: 'PUT', path: `domains/recover/${id}`, record: { table: 'domains', id } };
    },
  },
  domainsExport: { rule: 'domain', build: async (code) => get(`domains/export?domainid=${domainIds[code]}`) },
  domainsTypesDocument: { rule: 'domain', build: async (code) => get(`domains/typesdocument/${domainIds[code]}`) },
  domainsUpdateTypesDocument: {
    rule: 'domain',
    build: async (code) => ({
      method: 'PUT',
      path: `domains/updateTypesDocument/${domainIds[code]}`,
      body: { listOfTypes: [] },
    }),
  },
  domainsUpdateAdvComTemplate: {
    rule: 'domain',
    build: async (code) => ({
      method: 'PUT',
      path: `domains/updateAdvComTemplate/${domainIds[code]}`,
      body: { advancedComTemplates: [] },
    }),
  },
  domainsAdvanceComTemplate: {
    rule: 'domain',
    build: async (code) => get(`domains/advanceComTemplate?domain=${domainIds[code]}`),
  },
  domainsTypeComTemplate: { rule: 'domainSuper', build: async () => get('domains/typeComTemplate') },
  domainsDomainTypes: { rule: 'domainSuper', build: async () => get('domains/domainTypes') },
  domainsAllDomains: { rule: 'domainSuper', build: async () => get('domains/allDomains') },

  certificatesRead: { rule: 'admin', build: async (code) => get(`certificates/read?domainid=${domainIds[code]}`) },
  certificatesDetail: {
    rule: 'admin',
    build: async (code) => get(`certificates/detail?selected=${await certificateFixture.certificate(code)}`),
  },
  certificatesNew: {
    rule: 'admin',
    build: async (code) => ({
      method: 'POST',
      path: `certificates/new?domainid=${domainIds[code]}`,
      body: { name: `MATRIX-${code} new ${next()}`, content: p12, password: P12_PASSWORD },
    }),
  },
  certificatesUpdate: {
    rule: 'admin',
    build: async (code) => {
      const id = await certificateFixture.certificate(code);
      return {
        method: 'PUT',
        path: 'certificates/update',
        body: { id, name: `Renamed by the matrix ${next()}` },
        record: { table: 'certificates', id },
      };
    },
  },
  certificatesDelete: {
    rule: 'admin',
    build: async (code) => remove('certificates', await certificateFixture.certificate(code)),
  },
  certificatesRecover: {
    rule: 'admin',
    build: async (code) => recover('certificates', await certificateFixture.certificate(code, true)),
  },
  certificatesExport: { rule: 'admin', build: async (code) => get(`certificates/export?domainid=${domainIds[code]}`) },
  certificatesByDomain: {
    rule: 'admin',
    build: async (code) => get(`certificates/certificatesByDomain?domainid=${domainIds[code]}`),
  },

  samlCertificatesRead: {
    rule: 'saml',
    build: async (code) => get(`samlcertificates/read?domainid=${domainIds[code]}`),
  },
  samlCertificatesDetail: {
    rule: 'saml',
    build: async (code) => get(`samlcertificates/detail?selected=${await certificateFixture.samlCertificate(code)}`),
  },
  samlCertificatesNew: {
    rule: 'saml',
    build: async (code) => ({
      method: 'POST',
      path: `samlcertificates/new?domainid=${domainIds[code]}`,
      body: { name: `MATRIX-${code} new ${next()}`, entityId: 'https://idp.matrix.test', content: samlPem },
    }),
  },
  samlCertificatesUpdate: {
    rule: 'saml',
    build: async (code) => {
      const id = await certificateFixture.samlCertificate(code);
      return {
        method: 'PUT',
        path: 'samlcertificates/update',
        body: { id, name: `Renamed by the matrix ${next()}`, entityId: 'https://idp.renamed.test' },
        record: { table: 'saml_certificates', id },
      };
    },
  },
  samlCertificatesDelete: {
    rule: 'saml',
    build: async (code) => remove('saml_certificates', await certificateFixture.samlCertificate(code)),
  },
  samlCertificatesRecover: {
    rule: 'saml',
    build: async (code) => recover('saml_certificates', await certificateFixture.samlCertificate(code, true)),
  },
  samlCertificatesExport: {
    rule: 'saml',
    build: async (code) => get(`samlcertificates/export?domainid=${domainIds[code]}`),
  },

  identityProvidersRead: {
    rule: 'saml',
    build: async (code) => get(`identityProviders/read?domainid=${domainIds[code]}`),
  },
  identityProvidersDetail: {
    rule: 'saml',
    build: async (code) => get(`identityProviders/detail?selected=${await certificateFixture.identityProvider(code)}`),
  },
  identityProvidersNew: {
    rule: 'saml',
    build: async (code) => ({
      method: 'POST',
      path: `identityProviders/new?domainid=${domainIds[code]}`,
      body: identityProviderBody(code),
    }),
  },
  identityProvidersUpdate: {
    rule: 'saml',
    build: async (code) => {
      const id = await certificateFixture.identityProvider(code);
      const body = { ...identityProviderBody(code), id, name: `Renamed by the matrix ${next()}`, oidcClientSecret: '' };
      return { method: 'PUT', path: 'identityProviders/update', body, record: { table: 'identity_providers', id } };
    },
  },
  identityProvidersDelete: {
    rule: 'saml',
    build: async (code) => remove('identity_providers', await certificateFixture.identityProvider(code)),
  },
  identityProvidersRecover: {
    rule: 'saml',
    build: async (code) => recover('identity_providers', await certificateFixture.identityProvider(code, true)),
  },

  usersRead: { rule: 'admin', build: async (code) => get(`users/read?domainid=${domainIds[code]}`) },
  usersDetail: { rule: 'admin', build: async (code) => get(`users/detail?selected=${(await fixture.user(code)).id}`) },
  usersNew: {
    rule: 'admin',
    build: async (code) => {
      const n = next();
      const userid = `matrix-${code.toLowerCase()}.new${n}`;
      return {
        method: 'POST',
        path: `users/new?domainid=${domainIds[code]}`,
        body: {
          userid,
          name: `MATRIX-${code} new ${n}`,
          email: `${userid}@matrix.local`,
          language: 'es-es',
          roleId: 5,
          companyIds: [seededCompany[code]],
        },
      };
    },
  },
  usersUpdate: {
    rule: 'admin',
    build: async (code) => {
      const user = await fixture.user(code);
      return {
        method: 'PUT',
        path: 'users/update',
        body: {
          id: user.id,
          userid: user.username,
          name: 'Renamed by the matrix',
          email: `${user.username}@matrix.local`,
          language: 'en-en',
          roleId: 5,
          companyIds: [seededCompany[code]],
        },
        record: { table: 'users', id: user.id },
      };
    },
  },
  usersDelete: { rule: 'admin', build: async (code) => remove('users', (await fixture.user(code)).id) },
  usersRecover: {
    rule: 'admin',
    build: async (code) => recover('users', (await fixture.user(code, { deleted: true })).id),
  },
  usersUnblock: {
    rule: 'admin',
    build: async (code) => {
      const { id } = await fixture.user(code, { blocked: true });
      return { method: 'PUT', path: `users/unblock/${id}`, record: { table: 'users', id } };
    },
  },
  usersResetTwoFactor: {
    rule: 'admin',
    build: async (code) => {
      const { id } = await fixture.user(code);
      return { method: 'PUT', path: `users/resetTwoFactor/${id}`, record: { table: 'users', id } };
    },
  },
  usersExport: { rule: 'admin', build: async (code) => get(`users/export?domainid=${domainIds[code]}`) },
  usersImport: {
    rule: 'admin',
    build: async (code) => {
      const userid = `matrix-${code.toLowerCase()}.imp${next()}`;
      return {
        method: 'POST',
        path: `users/importUsers?domainid=${domainIds[code]}`,
        body: {
          data: csv(
            `userid,name,email,role,companies\n${userid},Imported,${userid}@matrix.local,cust_ctr_user,${SEEDED_TAX_ID[code]}\n`,
          ),
        },
      };
    },
  },
  usersWithRequestsByCompanies: {
    rule: 'companyUsers',
    build: async (code) => get(`users/usersWithRequestsByCompanies?companies=${seededCompany[code]}`),
  },
  usersByDomain: { rule: 'admin', build: async (code) => get(`users/usersByDomain?domainid=${domainIds[code]}`) },

  companiesRead: { rule: 'admin', build: async (code) => get(`companies/read?domainid=${domainIds[code]}`) },
  companiesExport: { rule: 'admin', build: async (code) => get(`companies/export?domainid=${domainIds[code]}`) },
  companiesNew: {
    rule: 'companyNew',
    build: async (code) => {
      const n = next();
      return {
        method: 'POST',
        path: `companies/new?domainid=${domainIds[code]}`,
        body: { name: `MATRIX-${code} new ${n}`, taxId: entityTaxId('N', 1_000_000 + n) },
      };
    },
  },
  companiesUpdate: {
    rule: 'companyRecord',
    build: async (code) => {
      const company = await fixture.company(code);
      return {
        method: 'POST',
        path: 'companies/update',
        body: { id: company.id, name: 'Renamed by the matrix', taxId: company.taxId },
        record: { table: 'companies', id: company.id },
      };
    },
  },
  companiesDelete: {
    rule: 'companyRecord',
    build: async (code) => remove('companies', (await fixture.company(code)).id),
  },
  companiesRecover: {
    rule: 'companyRecord',
    build: async (code) => recover('companies', (await fixture.company(code, true)).id),
  },
  companiesDetail: {
    rule: 'companyRecord',
    build: async (code) => get(`companies/detail?selected=${(await fixture.company(code)).id}`),
  },
  companiesByDomain: {
    rule: 'admin',
    build: async (code) => get(`companies/companiesByDomain?domainid=${domainIds[code]}`),
  },

  groupsRead: { rule: 'admin', build: async (code) => get(`groups/read?domainid=${domainIds[code]}`) },
  groupsExport: { rule: 'admin', build: async (code) => get(`groups/export?domainid=${domainIds[code]}`) },
  groupsUpdate: {
    rule: 'admin',
    build: async (code) => {
      const group = await fixture.group(code);
      return {
        method: 'PUT',
        path: 'groups/update',
        body: { id: group.id, name: `Renamed by the matrix ${next()}` },
        record: { table: 'groups', id: group.id },
      };
    },
  },
  groupsNew: {
    rule: 'admin',
    build: async (code) => ({
      method: 'POST',
      path: `groups/new?domainid=${domainIds[code]}`,
      body: { name: `MATRIX-${code} new ${next()}` },
    }),
  },
  groupsDetail: {
    rule: 'admin',
    build: async (code) => get(`groups/detail?selected=${(await fixture.group(code)).id}`),
  },
  groupsDelete: { rule: 'admin', build: async (code) => remove('groups', (await fixture.group(code)).id) },
  groupsRecover: { rule: 'admin', build: async (code) => recover('groups', (await fixture.group(code, true)).id) },
  groupsByDomain: { rule: 'admin', build: async (code) => get(`groups/groupsByDomain?domainid=${domainIds[code]}`) },

  rolesList: { rule: 'admin', build: async () => get('roles/rolesList') },
};

function get(path: string): TRequest {
  return { method: 'GET', path };
}
/** The path segment of each kind: SAML certificates are `samlcertificates` (spec §7). */
const pathOf = (table: TTable) =>
  table === 'saml_certificates' ? 'samlcertificates' : table === 'identity_providers' ? 'identityProviders' : table;
function remove(table: TTable, id: number): TRequest {
  return { method: 'DELETE', path: `${pathOf(table)}/delete/${id}`, record: { table, id } };
}
function recover(table: TTable, id: number): TRequest {
  return { method: 'PUT', path: `${pathOf(table)}/recover/${id}`, record: { table, id } };
}

/** Endpoints whose answer does not depend on a target domain. */
const UNTARGETED = new Set([
  'domainsNew',
  'domainsDelete',
  'domainsRecover',
  'domainsTypeComTemplate',
  'domainsDomainTypes',
  'domainsAllDomains',
  'rolesList',
]);

/** Domain-wide combo lists are open to domain admins; creating, deleting and recovering domains is not. */
const DOMAIN_ADMIN_LISTS = new Set(['domainsTypeComTemplate', 'domainsDomainTypes', 'domainsAllDomains']);

function expectedStatus(key: string, rule: Rule, caller: Caller, target: Target): Expected {
  const sameDomain = target === 'own' || UNTARGETED.has(key);
  if (caller.kind === 'super') return 200;
  if (rule === 'domainSuper') return DOMAIN_ADMIN_LISTS.has(key) && caller.kind === 'domainAdmin' ? 200 : 403;
  if (rule === 'domain') {
    if (caller.kind !== 'domainAdmin') return 403;
    return sameDomain ? 200 : 404;
  }
  // SAML certificates need `administrationSaml` besides `administration`: of the seeded callers only
  // the DEMO domain admin holds it.
  if (rule === 'saml') {
    if (caller.login !== 'domain.admin') return 403;
    return sameDomain ? 200 : 404;
  }
  // Users of companies: administrators of the domain, and other users for their own companies.
  if (rule === 'companyUsers') return sameDomain ? 200 : 404;
  if (caller.kind === 'other') return 403;
  // A plain administrator manages only the companies they were given (the matrix's companies are new ones)
  // and creates none.
  if (caller.kind === 'admin' && rule === 'companyNew') return 403;
  if (caller.kind === 'admin' && rule === 'companyRecord') return 404;
  return sameDomain ? 200 : 404;
}

async function answerText(response: LightMyRequestResponse): Promise<string> {
  if (isXlsx(response)) return JSON.stringify(await readXlsx(response.rawPayload)).toLowerCase();
  return response.body.toLowerCase();
}

async function snapshot(record: TRecord | undefined) {
  if (!record) return null;
  return t.database.db.selectFrom(record.table).selectAll().where('id', '=', String(record.id)).executeTakeFirst();
}

const endpoints = Object.entries(API_GROUPS.administration as Record<string, TEndpoint>);

describe('administration authorisation matrix', () => {
  it('has a case for every administration endpoint', () => {
    expect(endpoints.map(([key]) => key).filter((key) => !CASES[key])).toEqual([]);
  });

  it.each(endpoints)('%s', async (key) => {
    const testCase = CASES[key]!;
    const untargeted = UNTARGETED.has(key);
    for (const caller of CALLERS) {
      for (const target of ['own', 'other'] as const) {
        if (untargeted && target === 'other') continue;
        const code: Code = target === 'own' ? caller.home : caller.home === 'DEMO' ? 'ACME' : 'DEMO';
        const request = await testCase.build(code);
        const before = await snapshot(request.record);
        const client = clients.get(caller.login)!;
        const response = await client.call(request.method, `administration/${request.path}`, request.body);
        const expected = expectedStatus(key, testCase.rule, caller, target);
        const label = `${caller.login} → ${target} (${request.method} ${request.path}): ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBe(expected);
        if (expected !== 200) {
          expect(response.json(), label).toEqual({ key: expected === 403 ? 'ERR_FORBIDDEN' : 'ERR_NOT_FOUND' });
          expect(await snapshot(request.record), `${label}: changed by a refused call`).toEqual(before);
        }
        if (caller.kind !== 'super') {
          const otherCode: Code = caller.home === 'DEMO' ? 'ACME' : 'DEMO';
          const text = await answerText(response);
          const leaked = MARKERS[otherCode].filter((marker) => text.includes(marker));
          expect(leaked, `${label}: leaks data of ${otherCode}`).toEqual([]);
        }
      }
    }
  });
});

describe('OpenAPI document', () => {
  it('describes the administration calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/rest/services/administration/users/importUsers');
  });
});
