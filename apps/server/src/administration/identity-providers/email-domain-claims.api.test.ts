import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../../test/test-app.ts';

/**
 * E-mail domains of identity providers are claims (issue 26): only a verified one routes 'Sign in with your
 * organisation', and a tenant's claim never blocks nor captures another tenant's users.
 */
let t: TTestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let demoAdmin: TestClient;
let acmeAdmin: TestClient;
let superAdmin: TestClient;
let anonymous: TestClient;
let n = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  demoAdmin = await signedInClient(t.app, 'domain.admin');
  // Acme's domain administrator, given the flag that configures identity providers.
  await t.database.db
    .updateTable('users')
    .set({ permissions: sql<string[]>`array_append(permissions, 'administrationSaml')` })
    .where('username', '=', 'acme.admin')
    .execute();
  acmeAdmin = await signedInClient(t.app, 'acme.admin');
  superAdmin = await signedInClient(t.app, 'super.admin');
  anonymous = new TestClient(t.app);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

type TClaim = { id: number; emailDomain: string; state: string; verifiedHow: string | null; verifiedBy: string | null };
type TProvider = { id: number; emailDomainClaims: TClaim[] };

const provider = (emailDomains: string[]) => ({
  kind: 'oidc',
  name: `Organisation login ${++n}`,
  emailDomains,
  oidcIssuer: 'https://login.example.test',
  oidcClientId: 'sello',
  oidcClientSecret: 'client-secret',
});

/** A provider of Sello Demo or of Acme, configured by that tenant's domain administrator. */
async function createProvider(tenant: 'DEMO' | 'ACME', emailDomains: string[]): Promise<TProvider> {
  const client = tenant === 'DEMO' ? demoAdmin : acmeAdmin;
  const response = await client.post('administration/identityProviders/new', provider(emailDomains));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const claimOf = (created: TProvider, emailDomain: string) =>
  created.emailDomainClaims.find((claim) => claim.emailDomain === emailDomain)!;

async function routedProvider(email: string) {
  const response = await anonymous.get(`security/federation/provider?email=${encodeURIComponent(email)}`);
  return response.statusCode === 200 ? (response.json().provider as number) : response.json().key;
}

/** Asks for a link and answers the token the mail carries. */
async function mailedToken(client: TestClient, claimId: number, mailbox = 'postmaster'): Promise<string> {
  const before = sink.received.length;
  const response = await client.post('administration/identityProviders/mailDomainLink', { claimId, mailbox });
  expect(response.statusCode, response.body).toBe(200);
  const mail = sink.received.slice(before).find((entry) => entry.to.includes(response.json().to));
  const token = mail?.raw.replace(/=\r?\n/g, '').match(/#\/idp-domain-verification\?token=3D([\w-]+)/)?.[1];
  expect(token).toBeDefined();
  return token!;
}

const follow = (token: string) => anonymous.post('security/federation/verifyEmailDomain', { token });

describe('verified e-mail domains of identity providers', () => {
  it("Acme claiming sello.local neither routes Sello Demo's users to Acme nor stops Sello Demo claiming it", async () => {
    const acmeProvider = await createProvider('ACME', ['sello.local']);
    expect(await routedProvider('company.user@sello.local')).toBe('ERR_IDP_NOT_FOUND');
    expect(claimOf(acmeProvider, 'sello.local').state).toBe('unverified');

    const demoProvider = await createProvider('DEMO', ['sello.local']);
    const token = await mailedToken(demoAdmin, claimOf(demoProvider, 'sello.local').id);
    const followed = await follow(token);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({
      emailDomain: 'sello.local',
      providerName: expect.stringContaining('Organisation login'),
      domainName: 'Sello Demo',
    });
    expect(await routedProvider('company.user@sello.local')).toBe(demoProvider.id);

    const detail = await demoAdmin.get(`administration/identityProviders/detail?selected=${demoProvider.id}`);
    expect(detail.json().emailDomainClaims).toEqual([
      expect.objectContaining({
        emailDomain: 'sello.local',
        state: 'verified',
        verifiedHow: 'mail',
        verifiedBy: 'postmaster@sello.local',
      }),
    ]);
    // Acme's claim stays pending, and can be verified neither way while Sello Demo's holds the domain.
    const acmeClaim = claimOf(acmeProvider, 'sello.local').id;
    const mail = await acmeAdmin.post('administration/identityProviders/mailDomainLink', {
      claimId: acmeClaim,
      mailbox: 'admin',
    });
    expect(mail.statusCode).toBe(409);
    expect(mail.json()).toMatchObject({ key: 'ERR_IDP_EMAIL_DOMAIN_VERIFIED_ELSEWHERE' });
    const direct = await superAdmin.put(`administration/identityProviders/verifyDomain/${acmeClaim}`);
    expect(direct.statusCode).toBe(409);
    expect(direct.json()).toMatchObject({ key: 'ERR_IDP_EMAIL_DOMAIN_VERIFIED_ELSEWHERE' });
    const acmeDetail = await superAdmin.get(`administration/identityProviders/detail?selected=${acmeProvider.id}`);
    expect(acmeDetail.json().emailDomainClaims[0]).toMatchObject({ state: 'unverified', verifiedHow: null });
  });

  it('a super admin verifies and revokes a claim; a domain administrator may not', async () => {
    const created = await createProvider('DEMO', ['direct.example.test']);
    const claim = claimOf(created, 'direct.example.test').id;
    const refused = await demoAdmin.put(`administration/identityProviders/verifyDomain/${claim}`);
    expect(refused.statusCode).toBe(403);
    expect(await routedProvider('someone@direct.example.test')).toBe('ERR_IDP_NOT_FOUND');

    const verified = await superAdmin.put(`administration/identityProviders/verifyDomain/${claim}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(claimOf(verified.json(), 'direct.example.test')).toMatchObject({
      state: 'verified',
      verifiedHow: 'superAdmin',
      verifiedBy: expect.any(String),
    });
    expect(await routedProvider('Someone@DIRECT.example.test')).toBe(created.id);

    expect((await demoAdmin.put(`administration/identityProviders/revokeDomain/${claim}`)).statusCode).toBe(403);
    const revoked = await superAdmin.put(`administration/identityProviders/revokeDomain/${claim}`);
    expect(claimOf(revoked.json(), 'direct.example.test').state).toBe('unverified');
    expect(await routedProvider('someone@direct.example.test')).toBe('ERR_IDP_NOT_FOUND');
  });

  it("a super admin's verification wins over a link pending in another tenant", async () => {
    const demoProvider = await createProvider('DEMO', ['contested.example.test']);
    const acmeProvider = await createProvider('ACME', ['contested.example.test']);
    const pending = await mailedToken(demoAdmin, claimOf(demoProvider, 'contested.example.test').id, 'hostmaster');
    const acmeClaim = claimOf(acmeProvider, 'contested.example.test').id;
    expect((await superAdmin.put(`administration/identityProviders/verifyDomain/${acmeClaim}`)).statusCode).toBe(200);

    const followed = await follow(pending);
    expect(followed.statusCode).toBe(409);
    expect(followed.json()).toMatchObject({ key: 'ERR_IDP_EMAIL_DOMAIN_VERIFIED_ELSEWHERE' });
    expect(await routedProvider('someone@contested.example.test')).toBe(acmeProvider.id);

    // Deleting the verified provider gives the domain up: the pending link now verifies Sello Demo's claim.
    expect((await superAdmin.delete(`administration/identityProviders/delete/${acmeProvider.id}`)).statusCode).toBe(
      200,
    );
    expect((await follow(pending)).statusCode).toBe(200);
    expect(await routedProvider('someone@contested.example.test')).toBe(demoProvider.id);
  });

  it('a link works once, not after it expired, and not after a newer one was mailed', async () => {
    const created = await createProvider('DEMO', ['once.example.test', 'late.example.test', 'newer.example.test']);
    const once = await mailedToken(demoAdmin, claimOf(created, 'once.example.test').id, 'webmaster');
    expect((await follow(once)).statusCode).toBe(200);
    const reused = await follow(once);
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toEqual({ key: 'ERR_IDP_DOMAIN_LINK_INVALID' });

    const late = await mailedToken(demoAdmin, claimOf(created, 'late.example.test').id, 'administrator');
    await t.database.db
      .updateTable('identity_provider_domain_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('mailbox', '=', 'administrator@late.example.test')
      .execute();
    const expired = await follow(late);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ key: 'ERR_IDP_DOMAIN_LINK_INVALID' });
    expect(await routedProvider('someone@late.example.test')).toBe('ERR_IDP_NOT_FOUND');

    const newerClaim = claimOf(created, 'newer.example.test').id;
    const first = await mailedToken(demoAdmin, newerClaim, 'admin');
    const second = await mailedToken(demoAdmin, newerClaim, 'admin');
    expect((await follow(first)).statusCode).toBe(410);
    expect((await follow(second)).statusCode).toBe(200);

    // Only the hash of a token is stored.
    const stored = await t.database.db.selectFrom('identity_provider_domain_links').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(second);
  });

  it('mails only to the listed administrator mailboxes, and only claims of the caller domain', async () => {
    const created = await createProvider('DEMO', ['mailbox.example.test']);
    const claimId = claimOf(created, 'mailbox.example.test').id;
    const other = await demoAdmin.post('administration/identityProviders/mailDomainLink', {
      claimId,
      mailbox: 'ceo',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toEqual({ mailbox: 'ERR_FIELD_INVALID' });

    const acmeProvider = await createProvider('ACME', ['acme-only.example.test']);
    const foreign = await demoAdmin.post('administration/identityProviders/mailDomainLink', {
      claimId: claimOf(acmeProvider, 'acme-only.example.test').id,
      mailbox: 'admin',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
