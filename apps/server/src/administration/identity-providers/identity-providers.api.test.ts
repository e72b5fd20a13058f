import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';
import { certificatePem, makeCertificate } from '../../../test/test-certificates.ts';
import { openClientSecret } from '../../federation/oidc-client-secret.ts';

let t: TTestApp;
let admin: TestClient;
let superAdmin: TestClient;
let acmeSamlCertificate: number;
let demoSamlCertificate: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, 'domain.admin');
  superAdmin = await signedInClient(t.app, 'super.admin');
  const pem = certificatePem(makeCertificate({ commonName: 'idp signer', organization: 'IdP Org' }));
  const demo = await admin.post('administration/samlcertificates/new', {
    name: 'Corporate IdP',
    entityId: 'https://idp.demo.test',
    content: pem,
  });
  demoSamlCertificate = demo.json().id;
  const acmeDomain = await domainIdOf(t.database.db, 'ACME');
  const acme = await superAdmin.post(`administration/samlcertificates/new?domainid=${acmeDomain}`, {
    name: 'Acme IdP',
    entityId: 'https://idp.acme.test',
    content: pem,
  });
  acmeSamlCertificate = acme.json().id;
});
afterAll(() => t.close());

const oidc = (n: number, extra: Record<string, unknown> = {}) => ({
  kind: 'oidc',
  name: `Corporate login ${n}`,
  emailDomains: [`corp${n}.test`],
  oidcIssuer: 'https://login.corp.test/',
  oidcClientId: 'sello-console',
  oidcClientSecret: `secret-${n}`,
  ...extra,
});

describe('identity providers administration', () => {
  it('creates an OpenID Connect provider with its client secret sealed and never answered', async () => {
    const created = await admin.post('administration/identityProviders/new', oidc(1));
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({
      kind: 'oidc',
      emailDomains: ['corp1.test'],
      oidcIssuer: 'https://login.corp.test',
      oidcClientSecretSet: true,
      trustIdpSecondFactor: false,
      samlEntityId: null,
    });
    expect(created.body).not.toContain('secret-1');
    const detail = await admin.get(`administration/identityProviders/detail?selected=${body.id}`);
    expect(detail.body).not.toContain('secret-1');
    const row = await t.database.db
      .selectFrom('identity_providers')
      .select(['oidc_client_secret_sealed'])
      .where('id', '=', String(body.id))
      .executeTakeFirstOrThrow();
    expect(row.oidc_client_secret_sealed!.toString('latin1')).not.toContain('secret-1');
    expect(openClientSecret(row.oidc_client_secret_sealed!, t.ctx.certificateKey)).toBe('secret-1');
  });

  it('keeps the client secret when an update leaves it empty, and replaces it when given', async () => {
    const { id } = (await admin.post('administration/identityProviders/new', oidc(2))).json();
    const sealed = async () =>
      (
        await t.database.db
          .selectFrom('identity_providers')
          .select('oidc_client_secret_sealed')
          .where('id', '=', String(id))
          .executeTakeFirstOrThrow()
      ).oidc_client_secret_sealed!;
    const kept = await admin.put('administration/identityProviders/update', {
      ...oidc(2, { oidcClientSecret: '', name: 'Renamed login' }),
      id,
    });
    expect(kept.json()).toMatchObject({ name: 'Renamed login', oidcClientSecretSet: true });
    expect(openClientSecret(await sealed(), t.ctx.certificateKey)).toBe('secret-2');
    await admin.put('administration/identityProviders/update', { ...oidc(2, { oidcClientSecret: 'rotated' }), id });
    expect(openClientSecret(await sealed(), t.ctx.certificateKey)).toBe('rotated');
  });

  it('answers each missing field of the kind as a field error', async () => {
    const noSecret = await admin.post('administration/identityProviders/new', oidc(3, { oidcClientSecret: '' }));
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().fields).toMatchObject({ oidcClientSecret: 'ERR_FIELD_REQUIRED' });
    const saml = await admin.post('administration/identityProviders/new', {
      kind: 'saml',
      name: 'Half a SAML IdP',
      emailDomains: ['Bad Domain'],
    });
    expect(saml.statusCode).toBe(400);
    expect(saml.json().fields).toMatchObject({
      samlEntityId: 'ERR_FIELD_REQUIRED',
      samlSsoUrl: 'ERR_FIELD_REQUIRED',
      samlCertificateId: 'ERR_FIELD_REQUIRED',
      'emailDomains.0': 'ERR_IDP_EMAIL_DOMAIN_INVALID',
    });
  });

  it("creates a SAML provider only with one of the domain's own SAML certificates", async () => {
    const saml = (certificate: number) => ({
      kind: 'saml',
      name: `Corporate SAML ${certificate}`,
      emailDomains: [`saml${certificate}.test`],
      samlEntityId: 'https://idp.demo.test',
      samlSsoUrl: 'https://idp.demo.test/sso',
      samlCertificateId: certificate,
      samlUserAttribute: 'mail',
    });
    const foreign = await admin.post('administration/identityProviders/new', saml(acmeSamlCertificate));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ samlCertificateId: 'ERR_IDP_CERTIFICATE_UNKNOWN' });
    const own = await admin.post('administration/identityProviders/new', saml(demoSamlCertificate));
    expect(own.json()).toMatchObject({
      kind: 'saml',
      samlCertificateId: demoSamlCertificate,
      oidcClientSecretSet: false,
    });
  });

  it("accepts an e-mail domain another tenant's provider claims, and never shows that provider", async () => {
    const acmeDomain = await domainIdOf(t.database.db, 'ACME');
    const first = await superAdmin.post(
      `administration/identityProviders/new?domainid=${acmeDomain}`,
      oidc(4, { emailDomains: ['shared.test'] }),
    );
    expect(first.statusCode).toBe(200);
    const second = await admin.post('administration/identityProviders/new', oidc(5, { emailDomains: ['shared.test'] }));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().emailDomainClaims).toEqual([
      {
        id: expect.any(Number),
        emailDomain: 'shared.test',
        state: 'unverified',
        verifiedAt: null,
        verifiedHow: null,
        verifiedBy: null,
      },
    ]);
    // The other tenant's provider is not listed nor readable here.
    const list = await admin.get('administration/identityProviders/read?pageSize=100');
    expect(list.body).not.toContain('Corporate login 4');
    expect((await admin.get(`administration/identityProviders/detail?selected=${first.json().id}`)).statusCode).toBe(
      404,
    );
  });

  it('deletes and recovers a provider; a name clash blocks recovery', async () => {
    const { id } = (await admin.post('administration/identityProviders/new', oidc(6))).json();
    expect((await admin.delete(`administration/identityProviders/delete/${id}`)).statusCode).toBe(200);
    const deleted = await admin.get(
      `administration/identityProviders/read?filters=${encodeURIComponent('{"deleted":true}')}`,
    );
    expect(deleted.json().rows.map((row: { id: number }) => row.id)).toContain(id);
    const taker = await admin.post('administration/identityProviders/new', oidc(7, { name: 'Corporate login 6' }));
    expect(taker.statusCode).toBe(200);
    const blocked = await admin.put(`administration/identityProviders/recover/${id}`);
    expect(blocked.statusCode).toBe(409);
    await admin.delete(`administration/identityProviders/delete/${taker.json().id}`);
    expect((await admin.put(`administration/identityProviders/recover/${id}`)).statusCode).toBe(200);
  });
});
