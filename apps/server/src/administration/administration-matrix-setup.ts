import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { companyIdOf, domainIdOf, entityTaxId, isXlsx, readXlsx, seedFlaggedUsers } from '../../test/admin-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { certificatePem, makeCertificate, pkcs12DataUrl } from '../../test/test-certificates.ts';

/**
 * Every administration endpoint (certificates and SAML certificates included) × every seeded role × a target in the caller's own domain and in the
 * other one: the expected status, nothing changed by a refused call, and no answer of a domain user
 * ever carrying data of the other domain.
 */

export type Code = 'DEMO' | 'ACME';
export type Caller = { login: string; home: Code; kind: 'super' | 'domainAdmin' | 'admin' | 'other' };
export type Target = 'own' | 'other';
export type Expected = 200 | 403 | 404;
export type Rule =
  | 'admin'
  | 'domain'
  | 'domainSuper'
  | 'companyUsers'
  | 'saml'
  | 'identityProviders'
  | 'companyRecord'
  | 'companyNew';
export type TTable =
  | 'companies'
  | 'groups'
  | 'users'
  | 'domains'
  | 'certificates'
  | 'saml_certificates'
  | 'identity_providers'
  | 'identity_provider_email_domains';
export type TRecord = { table: TTable; id: number };
export type TRequest = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown; record?: TRecord };

/** The token of `GET /metrics`, which no caller's session or key replaces. */
export const METRICS_TOKEN = 'matrix-metrics-token-0123456789abcdef';

export const CALLERS: Caller[] = [
  { login: 'super.admin', home: 'DEMO', kind: 'super' },
  { login: 'domain.admin', home: 'DEMO', kind: 'domainAdmin' },
  { login: 'company.admin', home: 'DEMO', kind: 'admin' },
  { login: 'company.manager', home: 'DEMO', kind: 'other' },
  { login: 'company.user', home: 'DEMO', kind: 'other' },
  { login: 'acme.admin', home: 'ACME', kind: 'domainAdmin' },
  // Users given flags beyond their role's defaults: the flags alone administer nothing, and a plain administrator
  // with every flag (administrationSaml included) still configures no identity provider.
  { login: 'flagged.admin', home: 'DEMO', kind: 'admin' },
  { login: 'flagged.manager', home: 'DEMO', kind: 'other' },
  { login: 'flagged.user', home: 'DEMO', kind: 'other' },
];

/** Text that only the given domain's data contains. */
export const MARKERS: Record<Code, string[]> = {
  DEMO: ['sello demo', 'notaría central', 'b12345674', 'domain.admin', 'matrix-demo'],
  ACME: ['acme logistics', 'acme transportes', 'b87654323', 'acme.admin', 'matrix-acme'],
};

export let t: TTestApp;
/** Mails leave by SMTP (a verification link must be sent to answer 200). */
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
export const clients = new Map<string, TestClient>();
export const domainIds = {} as Record<Code, number>;
export const seededCompany = {} as Record<Code, number>;
export const SEEDED_TAX_ID: Record<Code, string> = { DEMO: 'B12345674', ACME: 'B87654323' };
export let counter = 0;
export const next = () => ++counter;

export const deletedValues = (deleted: boolean) => ({
  deleted_at: deleted ? new Date() : null,
  deleted_by: deleted ? '1' : null,
});

export const fixture = {
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
export const seal = makeCertificate({ commonName: 'matrix seal', organization: 'Matrix Test Org' });
export const P12_PASSWORD = 'matrix-password';
export const p12 = pkcs12DataUrl(seal, [seal.certificate], P12_PASSWORD);
export const samlPem = certificatePem(seal);

export async function createdId(response: LightMyRequestResponse): Promise<number> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

export const certificateFixture = {
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
  /** The e-mail domain claim of a new provider of the domain, verified by the super admin when asked. */
  async emailDomainClaim(code: Code, verified = false) {
    const superAdmin = clients.get('super.admin')!;
    const providerId = await certificateFixture.identityProvider(code);
    const detail = await superAdmin.get(`administration/identityProviders/detail?selected=${providerId}`);
    const claimId: number = detail.json().emailDomainClaims[0].id;
    if (verified) await superAdmin.put(`administration/identityProviders/verifyDomain/${claimId}`);
    return claimId;
  },
};

export function identityProviderBody(code: Code) {
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

export const csv = (text: string) => `data:text/csv;base64,${Buffer.from(text).toString('base64')}`;

export function get(path: string): TRequest {
  return { method: 'GET', path };
}
/** The path segment of each kind: SAML certificates are `samlcertificates` (spec §7). */
export const pathOf = (table: TTable) =>
  table === 'saml_certificates' ? 'samlcertificates' : table === 'identity_providers' ? 'identityProviders' : table;
export function remove(table: TTable, id: number): TRequest {
  return { method: 'DELETE', path: `${pathOf(table)}/delete/${id}`, record: { table, id } };
}
export function recover(table: TTable, id: number): TRequest {
  return { method: 'PUT', path: `${pathOf(table)}/recover/${id}`, record: { table, id } };
}

/** Endpoints whose answer does not depend on a target domain. */
export const UNTARGETED = new Set([
  'domainsNew',
  'domainsDelete',
  'domainsRecover',
  'domainsTypeComTemplate',
  'domainsDomainTypes',
  'domainsAllDomains',
  'rolesList',
  'settingsRead',
  'settingsUpdate',
]);

/** Domain-wide combo lists are open to domain admins; creating, deleting and recovering domains is not. */
export const DOMAIN_ADMIN_LISTS = new Set(['domainsTypeComTemplate', 'domainsDomainTypes', 'domainsAllDomains']);

export function expectedStatus(key: string, rule: Rule, caller: Caller, target: Target): Expected {
  const sameDomain = target === 'own' || UNTARGETED.has(key);
  if (caller.kind === 'super') return 200;
  if (rule === 'domainSuper') return DOMAIN_ADMIN_LISTS.has(key) && caller.kind === 'domainAdmin' ? 200 : 403;
  if (rule === 'domain') {
    if (caller.kind !== 'domainAdmin') return 403;
    return sameDomain ? 200 : 404;
  }
  // SAML certificates need `administrationSaml` besides `administration`: of the seeded callers only
  // the DEMO domain admin and the flagged plain administrator hold it.
  const holdsSamlFlag = caller.login === 'domain.admin' || caller.login === 'flagged.admin';
  if (rule === 'saml') {
    if (!holdsSamlFlag) return 403;
    return sameDomain ? 200 : 404;
  }
  // Identity providers also need a domain administrator's role: whoever configures one bounds whom it signs in.
  if (rule === 'identityProviders') {
    if (!holdsSamlFlag || caller.kind !== 'domainAdmin') return 403;
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

export async function answerText(response: LightMyRequestResponse): Promise<string> {
  if (isXlsx(response)) return JSON.stringify(await readXlsx(response.rawPayload)).toLowerCase();
  return response.body.toLowerCase();
}

export async function snapshot(record: TRecord | undefined) {
  if (!record) return null;
  return t.database.db.selectFrom(record.table).selectAll().where('id', '=', String(record.id)).executeTakeFirst();
}

/** Registers the suite's set-up and tear-down; call it at the top of each test file. */
export function setUpMatrixTestApp(): void {
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, METRICS_TOKEN });
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
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
}
