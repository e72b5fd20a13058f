import { createHmac, randomBytes } from 'node:crypto';
import { ROLE_RANK } from '@sello/contracts/role-rules';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf, seedFlaggedUsers } from '../../test/admin-fixtures.ts';
import { OIDC_CLIENT, signInAtPeer, startOidcPeer, type TOidcTestPeer } from '../../test/oidc-peer.ts';
import { readSpMetadata, samlLogin, startSamlSignIn } from '../../test/saml-fixtures.ts';
import { createTestIdp, signedResponse, type TTestIdp } from '../../test/saml-idp.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { enrolAuthenticator } from '../../test/two-factor-fixtures.ts';
import { hashToken } from '../platform/tokens.ts';
import { insertCoreHandover } from './core-handover.queries.ts';
import { HANDOVER_SECONDS } from './core-handover.service.ts';

/**
 * Every federated way in (SAML, OpenID Connect, the core hand-over) × a user of every rank × a provider configured
 * by every rank (docs/decisions/federation.md "Federated sign-in: rank"): a way in opens a session (or asks the second factor)
 * only for users ranked no higher than whoever configured it, and never for a super admin.
 */

const CONSOLE = 'http://sello.test/';
const REDIRECT = `${CONSOLE}oauth/oauthlogin`;
const HANDOVER_SECRET = 'core-platform-shared-secret-of-the-rank-matrix-0123';

const USERS = [
  { login: 'super.admin', rank: ROLE_RANK.superAdmin },
  { login: 'domain.admin', rank: ROLE_RANK.domainAdmin },
  { login: 'company.admin', rank: ROLE_RANK.admin },
  { login: 'company.manager', rank: ROLE_RANK.manager },
  { login: 'company.user', rank: ROLE_RANK.user },
] as const;

const mayOpen = (userRank: number, configuredRank: number) =>
  userRank >= Math.max(configuredRank, ROLE_RANK.domainAdmin);

let t: TTestApp;
let peer: TOidcTestPeer;
let demoDomainId: number;
let counter = 0;

beforeAll(async () => {
  peer = await startOidcPeer([REDIRECT]);
  t = await createTestApp({
    PUBLIC_URL: CONSOLE,
    CORE_HANDOVER_SECRET: HANDOVER_SECRET,
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  });
  await seedFlaggedUsers(t.database.db);
  demoDomainId = await domainIdOf(t.database.db, 'DEMO');
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** A session (200 with a token) or the second factor's challenge: the way in let the user through. */
function expectLetThrough(response: LightMyRequestResponse, login: string) {
  expect(response.statusCode, `${login}: ${response.body}`).toBe(200);
  const body = response.json();
  if (!('twoFactorRequired' in body)) expect(body.userid).toBe(login);
}

function expectRankRefusal(response: LightMyRequestResponse, login: string) {
  expect(response.statusCode, `${login}: ${response.body}`).toBe(403);
  expect(response.json()).toEqual({ key: 'ERR_FEDERATED_RANK' });
  expect(response.headers['auth-token']).toBeUndefined();
}

function expectOutcome(response: LightMyRequestResponse, user: (typeof USERS)[number], configuredRank: number) {
  if (mayOpen(user.rank, configuredRank)) expectLetThrough(response, user.login);
  else expectRankRefusal(response, user.login);
}

/** A SAML provider configured through the administration by `login`: its certificate, then the provider. */
async function configureSaml(login: string, options: { trustIdpSecondFactor?: boolean } = {}) {
  const n = ++counter;
  const entityId = `https://idp-${n}.rank.example`;
  const idp = createTestIdp(entityId);
  const admin = await signedInClient(t.app, login);
  const certificate = await admin.post(`administration/samlcertificates/new?domainid=${demoDomainId}`, {
    name: `Rank matrix IdP ${n}`,
    entityId,
    content: idp.certificatePem,
  });
  expect(certificate.statusCode, certificate.body).toBe(200);
  const certificateId = (certificate.json() as { id: number }).id;
  const provider = await admin.post(`administration/identityProviders/new?domainid=${demoDomainId}`, {
    kind: 'saml',
    name: `Rank matrix SAML ${n}`,
    emailDomains: [`saml-${n}.rank.example`],
    trustIdpSecondFactor: options.trustIdpSecondFactor ?? false,
    samlEntityId: entityId,
    samlSsoUrl: `${entityId}/sso`,
    samlCertificateId: certificateId,
  });
  expect(provider.statusCode, provider.body).toBe(200);
  return { idp, entityId, certificateId, providerId: (provider.json() as { id: number }).id };
}

/** An SP-initiated sign-in at the live provider of `idp`: started in a browser, answered, finished in that browser. */
async function signInWithSaml(idp: TTestIdp, login: string) {
  const sp = await readSpMetadata(t, 'DEMO');
  const provider = await t.database.db
    .selectFrom('identity_providers')
    .select('id')
    .where('saml_entity_id', '=', idp.entityId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const { browser, requestId } = await startSamlSignIn(t, provider.id);
  const answer = signedResponse(idp, { audience: sp.entityId, acs: sp.acs, nameId: login, inResponseTo: requestId });
  return samlLogin(browser, answer);
}

/** `OAuthAccess`, the provider's login as `email`, and `oauthlogin` with what the provider answered. */
async function signInWithOidc(providerId: number, email: string) {
  const browser = new TestClient(t.app);
  const started = await browser.get(`security/OAuthAccess?provider=${providerId}`);
  expect(started.statusCode, started.body).toBe(200);
  const back = await signInAtPeer(started.json().url, email, REDIRECT);
  return browser.post('security/oauth/oauthlogin', { token: back.search.slice(1) });
}

const emailOf = (login: string) => `${login}@sello.local`;

describe('SAML sign-in × rank of the user × rank of whoever configured the provider', () => {
  for (const configurer of [
    { login: 'super.admin', rank: ROLE_RANK.superAdmin },
    { login: 'domain.admin', rank: ROLE_RANK.domainAdmin },
  ]) {
    it(`a provider configured by ${configurer.login} signs in users ranked from domain administrator down, never a super admin`, async () => {
      const { idp } = await configureSaml(configurer.login);
      for (const user of USERS) expectOutcome(await signInWithSaml(idp, user.login), user, configurer.rank);
    });
  }

  it('a plain administrator holding administrationSaml configures no provider', async () => {
    const admin = await signedInClient(t.app, 'flagged.admin');
    const created = await admin.post(`administration/identityProviders/new?domainid=${demoDomainId}`, {
      kind: 'saml',
      name: 'Made by a plain administrator',
      emailDomains: ['plain.rank.example'],
      samlEntityId: 'https://plain.rank.example',
      samlSsoUrl: 'https://plain.rank.example/sso',
      samlCertificateId: 1,
    });
    expect(created.statusCode, created.body).toBe(403);
    expect(
      await t.database.db
        .selectFrom('identity_providers')
        .select('id')
        .where('name', '=', 'Made by a plain administrator')
        .execute(),
    ).toEqual([]);
  });

  it("a plain administrator who changes a provider's certificate lowers whom it signs in to their own rank", async () => {
    const { idp, entityId, certificateId } = await configureSaml('domain.admin');
    expectLetThrough(await signInWithSaml(idp, 'domain.admin'), 'domain.admin');
    const admin = await signedInClient(t.app, 'flagged.admin');
    const changed = await admin.put('administration/samlcertificates/update', {
      id: certificateId,
      name: 'Changed by a plain administrator',
      entityId,
      content: idp.certificatePem,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const user of USERS) expectOutcome(await signInWithSaml(idp, user.login), user, ROLE_RANK.admin);
  });

  it("trusting the provider's second factor skips it for a sender, never for an administrator", async () => {
    const { idp } = await configureSaml('domain.admin', { trustIdpSecondFactor: true });
    for (const login of ['company.user', 'company.admin', 'domain.admin']) {
      await enrolAuthenticator(await signedInClient(t.app, login));
    }
    const sender = await signInWithSaml(idp, 'company.user');
    expect(sender.statusCode, sender.body).toBe(200);
    expect(sender.json()).toMatchObject({ userid: 'company.user' });
    for (const login of ['company.admin', 'domain.admin']) {
      const answer = await signInWithSaml(idp, login);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json(), login).toMatchObject({ twoFactorRequired: true });
      expect(answer.json().token, login).toBeUndefined();
    }
    await t.database.db.deleteFrom('user_two_factor').execute();
  });
});

describe('OpenID Connect sign-in × rank of the user × rank of whoever configured the provider', () => {
  let providerId: number;

  it('a provider configured by super.admin signs in users ranked from domain administrator down', async () => {
    const admin = await signedInClient(t.app, 'super.admin');
    const created = await admin.post(`administration/identityProviders/new?domainid=${demoDomainId}`, {
      kind: 'oidc',
      name: 'Rank matrix OpenID',
      emailDomains: ['sello.local'],
      oidcIssuer: peer.issuer,
      oidcClientId: OIDC_CLIENT.id,
      oidcClientSecret: OIDC_CLIENT.secret,
    });
    expect(created.statusCode, created.body).toBe(200);
    providerId = (created.json() as { id: number }).id;
    for (const user of USERS) {
      expectOutcome(await signInWithOidc(providerId, emailOf(user.login)), user, ROLE_RANK.superAdmin);
    }
  });

  it('the same provider saved again by domain.admin: the same users, never a super admin', async () => {
    const admin = await signedInClient(t.app, 'domain.admin');
    const saved = await admin.put('administration/identityProviders/update', {
      id: providerId,
      kind: 'oidc',
      name: 'Rank matrix OpenID',
      emailDomains: ['sello.local'],
      oidcIssuer: peer.issuer,
      oidcClientId: OIDC_CLIENT.id,
      oidcClientSecret: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const user of USERS) {
      expectOutcome(await signInWithOidc(providerId, emailOf(user.login)), user, ROLE_RANK.domainAdmin);
    }
  });

  it('a provider last configured by a plain administrator (before the rule) signs in nobody above that rank', async () => {
    await t.database.db
      .updateTable('identity_providers')
      .set({ configured_rank: ROLE_RANK.admin })
      .where('id', '=', String(providerId))
      .execute();
    for (const user of USERS) {
      expectOutcome(await signInWithOidc(providerId, emailOf(user.login)), user, ROLE_RANK.admin);
    }
  });
});

describe('the core hand-over × rank of the user', () => {
  function askHandover(login: string) {
    const raw = JSON.stringify({ login });
    return t.app.inject({
      method: 'POST',
      url: '/rest/services/security/saml/coreHandover',
      headers: {
        'content-type': 'application/json',
        'x-sello-signature': createHmac('sha256', HANDOVER_SECRET).update(raw).digest('hex'),
      },
      payload: raw,
    });
  }

  it('hands over every tenant user, never a super admin', async () => {
    for (const user of USERS) {
      const asked = await askHandover(user.login);
      if (user.rank === ROLE_RANK.superAdmin) {
        expectRankRefusal(asked, user.login);
        continue;
      }
      expect(asked.statusCode, asked.body).toBe(200);
      const { requestHash, tokenHash } = asked.json();
      expectLetThrough(
        await new TestClient(t.app).post('security/saml/coreLogin', { requestHash, tokenHash }),
        user.login,
      );
    }
  });

  it("refuses a super admin's hand-over made before the rule when the browser brings it", async () => {
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'super.admin')
      .executeTakeFirstOrThrow();
    const requestHash = randomBytes(32).toString('base64url');
    const tokenHash = randomBytes(32).toString('base64url');
    await insertCoreHandover(t.database.db, {
      requestHash,
      tokenHash: hashToken(tokenHash),
      userId: user.id,
      shippingGuid: null,
      seconds: HANDOVER_SECONDS,
    });
    expectRankRefusal(
      await new TestClient(t.app).post('security/saml/coreLogin', { requestHash, tokenHash }),
      'super.admin',
    );
  });

  it("refuses a super admin's one-time link to a shipping", async () => {
    const admin = await signedInClient(t.app, 'super.admin');
    const refused = await admin.get('shippings/shippingSamlAccess?requestId=1');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({ key: 'ERR_FEDERATED_RANK' });
  });
});
