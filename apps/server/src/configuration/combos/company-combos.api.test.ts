import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, domainIdOf, userIdOf } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';
import { makeCertificate, pkcs12DataUrl, type TTestIdentity } from '../../../test/test-certificates.ts';

const P12_PASSWORD = 'Combo-P12-Pass';

let t: TTestApp;
let ca: TTestIdentity;
let notaria: number;
let atlantico: number;
let acmeTransport: number;
let acmeWarehouse: number;
let companyUser: TestClient;
let companyAdmin: TestClient;
let domainAdmin: TestClient;
let acmeAdmin: TestClient;
let superAdmin: TestClient;
const certificateIds: Record<string, number> = {};

type TPicker = { value: number; text: string; description: string | null; blocked: boolean };

async function createCertificate(client: TestClient, name: string, commonName: string, extra = {}) {
  const identity = makeCertificate({ commonName, issuer: ca, validToDays: 200 });
  const response = await client.post('administration/certificates/new', {
    name,
    content: pkcs12DataUrl(identity, [identity.certificate, ca.certificate], P12_PASSWORD),
    password: P12_PASSWORD,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  certificateIds[name] = response.json().id;
  return response.json() as { id: number; validTo: string };
}

async function insertUser(
  domainCode: string,
  username: string,
  name: string,
  companies: number[],
  extra: { permissions?: string[]; blocked?: boolean; active?: boolean; deleted?: boolean } = {},
) {
  const db = t.database.db;
  const row = await db
    .insertInto('users')
    .values({
      domain_id: await domainIdOf(db, domainCode),
      username,
      name,
      email: `${username}@combo.test`,
      password_hash: 'not-a-hash',
      language: 'es-es',
      roles: ['cust_ctr_user'],
      permissions: extra.permissions ?? ['shippingList', 'newSend', 'editMode'],
      blocked: extra.blocked ?? false,
      active: extra.active ?? true,
      deleted_at: extra.deleted ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const company of companies) {
    await db.insertInto('user_companies').values({ user_id: row.id, company_id: company }).execute();
  }
  return Number(row.id);
}

async function getOk(client: TestClient, path: string): Promise<TPicker[]> {
  const response = await client.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return configurationApi.certificatesBySelectedCompanies.response.parse(response.json());
}

async function expectNotFound(client: TestClient, path: string) {
  const response = await client.get(path);
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ key: 'ERR_NOT_FOUND' });
}

const textsOf = (items: TPicker[]) => items.map((item) => item.text);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [notaria, atlantico, acmeTransport, acmeWarehouse] = await Promise.all(
    ['B12345674', 'A76543214', 'B87654323', 'B11223344'].map((taxId) => companyIdOf(db, taxId)),
  ).then((ids) => ids as [number, number, number, number]);
  const signIn = (login: string) => signedInClient(t.app, login);
  companyUser = await signIn('company.user');
  companyAdmin = await signIn('company.admin');
  domainAdmin = await signIn('domain.admin');
  acmeAdmin = await signIn('acme.admin');
  superAdmin = await signIn('super.admin');

  ca = makeCertificate({ commonName: 'Combo Test CA', ca: true, validToDays: 3650 });
  await createCertificate(domainAdmin, 'Notary seal', 'Notaria Central Seal');
  await createCertificate(domainAdmin, 'Claims seal', 'Seguros Atlantico Seal');
  await createCertificate(domainAdmin, 'Inactive seal', 'Inactive Seal', { active: false });
  await createCertificate(domainAdmin, 'Deleted seal', 'Deleted Seal');
  await domainAdmin.delete(`administration/certificates/delete/${certificateIds['Deleted seal']}`);
  await createCertificate(domainAdmin, 'Lapsed seal', 'Lapsed Seal');
  await db
    .updateTable('certificates')
    .set({ valid_to: new Date(Date.now() - 60_000) })
    .where('id', '=', String(certificateIds['Lapsed seal']))
    .execute();
  await createCertificate(domainAdmin, 'Encryption only', 'Encryption Only');
  await db
    .updateTable('certificates')
    .set({ key_usage: ['keyEncipherment', 'dataEncipherment'] })
    .where('id', '=', String(certificateIds['Encryption only']))
    .execute();
  await createCertificate(acmeAdmin, 'Acme seal', 'Acme Transportes Seal');
});
afterAll(() => t.close());

describe('configuration/certificatesByCompany', () => {
  it("offers the company's domain certificates that can sign now, by name", async () => {
    const items = await getOk(companyUser, `configuration/certificatesByCompany?companyId=${notaria}`);
    expect(textsOf(items)).toEqual(['Claims seal', 'Notary seal']);
    const notary = items.find((item) => item.text === 'Notary seal')!;
    expect(notary).toEqual({
      value: certificateIds['Notary seal'],
      text: 'Notary seal',
      description: expect.stringMatching(/^Notaria Central Seal · \d{4}-\d{2}-\d{2}$/),
      blocked: false,
    });
  });

  it('lets administrators name any company of their domain, and others only their own companies', async () => {
    expect(textsOf(await getOk(companyAdmin, `configuration/certificatesByCompany?companyId=${atlantico}`))).toEqual([
      'Claims seal',
      'Notary seal',
    ]);
    await expectNotFound(companyUser, `configuration/certificatesByCompany?companyId=${atlantico}`);
  });

  it("answers 404 for another domain's company and shows nothing of it", async () => {
    const response = await acmeAdmin.get(`configuration/certificatesByCompany?companyId=${notaria}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ key: 'ERR_NOT_FOUND' });
    expect(response.body).not.toMatch(/seal/i);
    await expectNotFound(companyUser, `configuration/certificatesByCompany?companyId=${acmeTransport}`);
  });

  it("gives a domain's own companies only its own certificates; a super admin reaches any domain", async () => {
    expect(textsOf(await getOk(acmeAdmin, `configuration/certificatesByCompany?companyId=${acmeTransport}`))).toEqual([
      'Acme seal',
    ]);
    expect(textsOf(await getOk(superAdmin, `configuration/certificatesByCompany?companyId=${acmeWarehouse}`))).toEqual([
      'Acme seal',
    ]);
  });

  it('answers 404 for a company that does not exist or was deleted', async () => {
    await expectNotFound(domainAdmin, 'configuration/certificatesByCompany?companyId=987654321');
    const db = t.database.db;
    const gone = await db
      .insertInto('companies')
      .values({
        domain_id: await domainIdOf(db, 'DEMO'),
        name: 'Gone S.L.',
        tax_id: 'B77777779',
        deleted_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectNotFound(domainAdmin, `configuration/certificatesByCompany?companyId=${gone.id}`);
  });

  it('refuses a missing or malformed company id', async () => {
    const missing = await companyUser.get('configuration/certificatesByCompany');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ key: 'ERR_VALIDATION', fields: { companyId: 'ERR_FIELD_REQUIRED' } });
    const malformed = await companyUser.get('configuration/certificatesByCompany?companyId=abc');
    expect(malformed.json()).toEqual({ key: 'ERR_VALIDATION', fields: { companyId: 'ERR_FIELD_INVALID' } });
  });
});

describe('configuration/certificatesBySelectedCompanies', () => {
  it('offers the usable certificates of the companies once each', async () => {
    expect(
      textsOf(
        await getOk(
          domainAdmin,
          `configuration/certificatesBySelectedCompanies?ids=${notaria},${atlantico},${notaria}`,
        ),
      ),
    ).toEqual(['Claims seal', 'Notary seal']);
  });

  it("joins the domains' certificates for a super admin naming companies of two domains", async () => {
    expect(
      textsOf(await getOk(superAdmin, `configuration/certificatesBySelectedCompanies?ids=${acmeTransport},${notaria}`)),
    ).toEqual(['Acme seal', 'Claims seal', 'Notary seal']);
  });

  it("answers 404, with nothing of either domain, when one company is another domain's", async () => {
    const response = await acmeAdmin.get(
      `configuration/certificatesBySelectedCompanies?ids=${acmeTransport},${notaria}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/seal/i);
  });

  it('refuses a missing or malformed id list', async () => {
    for (const [query, key] of [
      ['', 'ERR_FIELD_REQUIRED'],
      ['?ids=', 'ERR_FIELD_INVALID'],
      [`?ids=${notaria},,${atlantico}`, 'ERR_FIELD_INVALID'],
      ['?ids=1;2', 'ERR_FIELD_INVALID'],
      ['?ids=-3', 'ERR_FIELD_INVALID'],
    ]) {
      const response = await domainAdmin.get(`configuration/certificatesBySelectedCompanies${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ key: 'ERR_VALIDATION', fields: { ids: key } });
    }
  });
});

describe('configuration/usersBySelectedCompanies', () => {
  let blockedId: number;
  let inactiveId: number;

  beforeAll(async () => {
    blockedId = await insertUser('DEMO', 'combo.blocked', 'Bruno Blocked', [notaria], { blocked: true });
    inactiveId = await insertUser('DEMO', 'combo.inactive', 'Irene Inactive', [atlantico], { active: false });
    await insertUser('DEMO', 'combo.deleted', 'Diego Deleted', [notaria], { deleted: true });
    // A link that should never exist: a user of another domain tied to a DEMO company.
    await t.database.db
      .insertInto('user_companies')
      .values({ user_id: await userIdOf(t.database.db, 'acme.admin'), company_id: notaria })
      .execute();
  });

  it('lists the live users assigned to the companies, by name, with locked or inactive ones blocked', async () => {
    const items = await getOk(companyUser, `configuration/usersBySelectedCompanies?ids=${notaria}`);
    expect(textsOf(items)).toEqual([
      'Alba Núñez',
      'Bruno Blocked',
      'Daniel Ortega',
      'Javier Ruiz',
      'Marta Lopes',
      'Sam Taylor',
    ]);
    expect(items[0]).toEqual({
      value: await userIdOf(t.database.db, 'company.admin'),
      text: 'Alba Núñez',
      description: 'company.admin',
      blocked: false,
    });
    expect(items.find((item) => item.value === blockedId)?.blocked).toBe(true);
  });

  it('joins several companies without repeating a user', async () => {
    const items = await getOk(domainAdmin, `configuration/usersBySelectedCompanies?ids=${atlantico},${notaria}`);
    expect(textsOf(items).filter((text) => text === 'Daniel Ortega')).toHaveLength(1);
    expect(items.find((item) => item.value === inactiveId)).toMatchObject({ text: 'Irene Inactive', blocked: true });
    expect(textsOf(await getOk(domainAdmin, `configuration/usersBySelectedCompanies?ids=${atlantico}`))).toEqual([
      'Daniel Ortega',
      'Irene Inactive',
    ]);
  });

  it("never lists another domain's users, nor answers for another domain's companies", async () => {
    expect(textsOf(await getOk(domainAdmin, `configuration/usersBySelectedCompanies?ids=${notaria}`))).not.toContain(
      'Pedro Acosta',
    );
    const response = await acmeAdmin.get(`configuration/usersBySelectedCompanies?ids=${notaria}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/Javier|Marta|Alba|Daniel/);
    await expectNotFound(companyUser, `configuration/usersBySelectedCompanies?ids=${notaria},${acmeTransport}`);
    expect(textsOf(await getOk(acmeAdmin, `configuration/usersBySelectedCompanies?ids=${acmeTransport}`))).toEqual([
      'Pedro Acosta',
    ]);
    expect(textsOf(await getOk(superAdmin, `configuration/usersBySelectedCompanies?ids=${acmeTransport}`))).toEqual([
      'Pedro Acosta',
    ]);
  });

  it('answers 404 to a user naming a company of their domain they are not assigned to', async () => {
    await expectNotFound(companyUser, `configuration/usersBySelectedCompanies?ids=${atlantico}`);
  });

  it('refuses a missing id list', async () => {
    const response = await companyUser.get('configuration/usersBySelectedCompanies');
    expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { ids: 'ERR_FIELD_REQUIRED' } });
  });
});

describe('configuration/authUsersBySelectedCompanies', () => {
  let authoriserId: number;

  beforeAll(async () => {
    authoriserId = await insertUser('DEMO', 'combo.authoriser', 'Ana Authoriser', [atlantico], {
      permissions: ['shippingListOnlyAuth'],
    });
  });

  it('lists only the users of the companies who hold the authorisations list', async () => {
    const notary = await getOk(companyUser, `configuration/authUsersBySelectedCompanies?ids=${notaria}`);
    expect(notary).toEqual([
      {
        value: await userIdOf(t.database.db, 'company.manager'),
        text: 'Marta Lopes',
        description: 'company.manager',
        blocked: false,
      },
    ]);
    expect(
      textsOf(await getOk(domainAdmin, `configuration/authUsersBySelectedCompanies?ids=${notaria},${atlantico}`)),
    ).toEqual(['Ana Authoriser', 'Marta Lopes']);
    expect(
      (await getOk(domainAdmin, `configuration/authUsersBySelectedCompanies?ids=${atlantico}`)).map(
        (item) => item.value,
      ),
    ).toEqual([authoriserId]);
    expect(await getOk(acmeAdmin, `configuration/authUsersBySelectedCompanies?ids=${acmeTransport}`)).toEqual([]);
  });

  it("answers 404 for another domain's companies", async () => {
    const response = await acmeAdmin.get(`configuration/authUsersBySelectedCompanies?ids=${notaria}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Marta');
  });
});
