import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import { generateKeyPair } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOidcProvider } from '../../test/oidc-fixtures.ts';
import { OIDC_CLIENT, signInAtPeer, startOidcPeer, type TOidcTestPeer } from '../../test/oidc-peer.ts';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { currentTotp } from '../../test/totp-reference.ts';
import { enrolAuthenticator, letTimePass, trustCookieOf } from '../../test/two-factor-fixtures.ts';
import { FLOW_COOKIES } from './flow-cookies.ts';

const CONSOLE = 'http://sello.test/';
const REDIRECT = `${CONSOLE}oauth/oauthlogin`;
const OAUTH_LOGIN = '/rest/services/security/oauth/oauthlogin';

let t: TTestApp;
let peer: TOidcTestPeer;
let providerId: number;
beforeAll(async () => {
  peer = await startOidcPeer([REDIRECT]);
  t = await createShippingTestApp({ PUBLIC_URL: CONSOLE, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  providerId = await insertOidcProvider(t, {
    domain: 'DEMO',
    issuer: peer.issuer,
    clientId: OIDC_CLIENT.id,
    clientSecret: OIDC_CLIENT.secret,
    emailDomains: ['sello.local'],
  });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
beforeEach(() => {
  peer.tamper = null;
});

/** OAuthAccess, the provider's login as `login`, and the provider's answer as the console route receives it. */
async function signInAtProvider(login: string, query: Record<string, string> = {}) {
  const browser = new TestClient(t.app);
  const search = new URLSearchParams({ provider: String(providerId), ...query });
  const started = await browser.get(`security/OAuthAccess?${search}`);
  expect(started.statusCode).toBe(200);
  const back = await signInAtPeer(started.json().url, login, REDIRECT);
  // The server route the provider returns to hands the browser on to the console route.
  const handedOn = await t.app.inject({ method: 'GET', url: `/oauth/oauthlogin${back.search}` });
  expect(handedOn.statusCode).toBe(303);
  const route = new URL(String(handedOn.headers.location).replace('#/', ''));
  expect(route.pathname).toBe('/oauth/oauthlogin');
  return { browser, token: route.searchParams.get('token')!, id: route.searchParams.get('id'), back };
}

async function finishWith(login: string) {
  const { browser, token } = await signInAtProvider(login);
  return { browser, answer: await browser.post('security/oauth/oauthlogin', { token }), token };
}

function expectRefused(response: { statusCode: number; json: () => unknown }, status: number, key: string) {
  expect(response.json()).toEqual({ key });
  expect(response.statusCode).toBe(status);
}

describe('OpenID Connect sign-in against a certified provider', () => {
  it('finds the provider of an e-mail domain, and none for another', async () => {
    const found = await new TestClient(t.app).get('security/federation/provider?email=Someone%40SELLO.local');
    expect(found.json()).toEqual({
      provider: providerId,
      kind: 'oidc',
      name: 'Test OpenID provider',
      url: `/rest/services/security/OAuthAccess?provider=${providerId}`,
    });
    expectRefused(
      await new TestClient(t.app).get('security/federation/provider?email=a%40nowhere.test'),
      404,
      'ERR_IDP_NOT_FOUND',
    );
  });

  it('starts a code flow with PKCE S256, a nonce and a state kept hashed in PostgreSQL', async () => {
    const started = await new TestClient(t.app).get(`security/OAuthAccess?provider=${providerId}`);
    const url = new URL(started.json().url);
    expect(url.origin).toBe(peer.issuer);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('redirect_uri')).toBe(REDIRECT);
    const rows = await t.database.db.selectFrom('oidc_flows').selectAll().execute();
    const state = params.get('state')!;
    expect(rows.some((row) => row.state_hash === state)).toBe(false);
    expect(rows.some((row) => row.nonce === params.get('nonce'))).toBe(true);
  });

  it('signs the user in through the whole code flow, and the session works', async () => {
    const { browser, answer } = await finishWith('company.user@sello.local');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ userid: 'company.user' });
    expect((await browser.get('account/users/read')).statusCode).toBe(200);
  });

  it("records the federated sign-in once in the audit trail, with the provider's name", async () => {
    const userId = String(
      (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'company.user')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const since = await t.database.db
      .selectFrom('audit_records')
      .select(sql<string>`coalesce(max(id), 0)`.as('id'))
      .executeTakeFirstOrThrow();
    const { answer } = await finishWith('company.user@sello.local');
    expect(answer.statusCode).toBe(200);
    const records = await t.database.db
      .selectFrom('audit_records')
      .select(['entity', 'entity_id', 'action', 'actor_name', 'changes'])
      .where('id', '>', since.id)
      .execute();
    expect(records).toEqual([
      {
        entity: 'users',
        entity_id: userId,
        action: 'sign-in',
        actor_name: 'company.user',
        changes: {
          method: { before: null, after: 'federated' },
          provider: { before: null, after: 'Test OpenID provider' },
        },
      },
    ]);
  });

  it('refuses a reused state, even in the browser that started it', async () => {
    const { browser, token } = await finishWith('company.user@sello.local');
    expectRefused(await browser.post('security/oauth/oauthlogin', { token }), 401, 'ERR_OIDC_STATE_INVALID');
  });

  it('refuses an expired flow and a forged state', async () => {
    const { browser, token } = await signInAtProvider('company.user@sello.local');
    await sql`UPDATE oidc_flows SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`.execute(
      t.database.db,
    );
    expectRefused(await browser.post('security/oauth/oauthlogin', { token }), 401, 'ERR_OIDC_STATE_INVALID');
    // A state Sello never issued is refused even from a browser whose cookie names it (the attacker's own).
    const forged = token.replace(/state=[^&]+/, 'state=forged');
    browser.cookies.set(FLOW_COOKIES.oidc.name, { value: 'forged', path: FLOW_COOKIES.oidc.path });
    expectRefused(await browser.post('security/oauth/oauthlogin', { token: forged }), 401, 'ERR_OIDC_STATE_INVALID');
  });

  it("refuses the provider's error answer", async () => {
    const browser = new TestClient(t.app);
    const started = await browser.get(`security/OAuthAccess?provider=${providerId}`);
    const state = new URL(started.json().url).searchParams.get('state')!;
    const token = new URLSearchParams({ error: 'access_denied', state }).toString();
    expectRefused(await browser.post('security/oauth/oauthlogin', { token }), 401, 'ERR_OIDC_PROVIDER_ERROR');
  });

  it('refuses an unsigned token (alg none) and one signed with the client secret (HS256)', async () => {
    peer.tamper = (claims) => {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
    };
    expectRefused((await finishWith('company.user@sello.local')).answer, 401, 'ERR_OIDC_TOKEN_INVALID');
    peer.tamper = (claims, p) =>
      p.sign(claims, { alg: 'HS256', key: new TextEncoder().encode(OIDC_CLIENT.secret) as never });
    expectRefused((await finishWith('company.user@sello.local')).answer, 401, 'ERR_OIDC_TOKEN_INVALID');
  });

  it('refuses a token signed by a key the provider does not publish', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    peer.tamper = (claims, p) => p.sign(claims, { key: privateKey, kid: 'unknown-key' });
    expectRefused((await finishWith('company.user@sello.local')).answer, 401, 'ERR_OIDC_TOKEN_INVALID');
  });

  it('refuses a wrong audience, a wrong issuer, an expired token and a wrong nonce', async () => {
    const now = Math.floor(Date.now() / 1000);
    peer.tamper = (claims, p) => p.sign({ ...claims, aud: 'another-client' });
    expectRefused((await finishWith('company.user@sello.local')).answer, 401, 'ERR_OIDC_AUDIENCE_INVALID');
    peer.tamper = (claims, p) => p.sign({ ...claims, iss: 'https://impostor.test' });
    expectRefused((await finishWith('company.user@sello.local')).answer, 401, 'ERR_OIDC_ISSUER_INVALID');
    peer.tamper = (claims, p) => p.sign({ ...claims, iat: now - 300, exp: now - 61 - 5 });
    expectRefused((await finishWith('company.user@sello.local')).answer, 401, 'ERR_OIDC_TOKEN_EXPIRED');
    peer.tamper = (claims, p) => p.sign({ ...claims, nonce: 'another-nonce' });
    expectRefused((await finishWith('company.user@sello.local')).answer, 401, 'ERR_OIDC_NONCE_INVALID');
  });

  it('accepts a token that expired within the 60 s of clock skew', async () => {
    const now = Math.floor(Date.now() / 1000);
    peer.tamper = (claims, p) => p.sign({ ...claims, iat: now - 100, exp: now - 30 });
    expect((await finishWith('company.user@sello.local')).answer.statusCode).toBe(200);
  });

  it('refuses an unverified e-mail and an e-mail outside the allowed domains', async () => {
    expectRefused((await finishWith('unverified+company.user@sello.local')).answer, 401, 'ERR_OIDC_EMAIL_UNVERIFIED');
    expectRefused((await finishWith('acme.admin@acme.local')).answer, 401, 'ERR_OIDC_EMAIL_DOMAIN');
  });

  it('refuses an unknown user (never created) and a blocked user', async () => {
    expectRefused((await finishWith('nobody@sello.local')).answer, 401, 'ERR_OIDC_USER_UNKNOWN');
    const users = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'nobody@sello.local')
      .execute();
    expect(users).toEqual([]);
    await t.database.db.updateTable('users').set({ blocked: true }).where('username', '=', 'sandbox.user').execute();
    expectRefused((await finishWith('sandbox.user@sello.local')).answer, 403, 'ERR_OIDC_USER_BLOCKED');
  });

  it("still asks Sello's second factor unless the provider is trusted for it", async () => {
    await enrolAuthenticator(await signedInClient(t.app, 'company.manager'));
    const asked = (await finishWith('company.manager@sello.local')).answer;
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ twoFactorRequired: true, enrol: false });
    expect(asked.json().token).toBeUndefined();

    await t.database.db
      .updateTable('identity_providers')
      .set({ trust_idp_second_factor: true })
      .where('id', '=', String(providerId))
      .execute();
    try {
      const trusted = (await finishWith('company.manager@sello.local')).answer;
      expect(trusted.json()).toMatchObject({ userid: 'company.manager' });
    } finally {
      await t.database.db
        .updateTable('identity_providers')
        .set({ trust_idp_second_factor: false })
        .where('id', '=', String(providerId))
        .execute();
    }
  });

  it('asks enrolment where the domain requires a factor the user lacks, even from a trusted provider', async () => {
    const db = t.database.db;
    await db
      .updateTable('identity_providers')
      .set({ trust_idp_second_factor: true })
      .where('id', '=', String(providerId))
      .execute();
    await db.updateTable('domains').set({ two_factor_required: 'all' }).where('code', '=', 'DEMO').execute();
    try {
      const answer = (await finishWith('company.user@sello.local')).answer;
      expect(answer.json()).toMatchObject({ twoFactorRequired: true, enrol: true });
      expect(answer.json().token).toBeUndefined();
    } finally {
      await db.updateTable('domains').set({ two_factor_required: 'off' }).where('code', '=', 'DEMO').execute();
      await db
        .updateTable('identity_providers')
        .set({ trust_idp_second_factor: false })
        .where('id', '=', String(providerId))
        .execute();
    }
  });

  it('finishes with the second factor, and skips it on a browser the user trusted', async () => {
    const { secret } = await enrolAuthenticator(await signedInClient(t.app, 'company.admin'));
    await letTimePass(t, 'company.admin');
    const { browser, answer } = await finishWith('company.admin@sello.local');
    const challenge = answer.json().challenge as string;
    const verified = await browser.post('security/twoFactorLogin', {
      challenge,
      code: currentTotp(secret),
      trustBrowser: true,
    });
    expect(verified.json()).toMatchObject({ userid: 'company.admin' });
    const trust = trustCookieOf(verified)!;

    const next = await signInAtProvider('company.admin@sello.local');
    const trusted = await next.browser.call(
      'POST',
      'security/oauth/oauthlogin',
      { token: next.token },
      { cookie: `${next.browser.cookieHeader(OAUTH_LOGIN)}; ${TWO_FACTOR.trustCookie}=${trust}` },
    );
    expect(trusted.json()).toMatchObject({ userid: 'company.admin' });
    expect(trusted.json().token).toBeTruthy();
  });

  it('oauthloginWp finishes a sign-in begun for a shipping and names it', async () => {
    const sender = await signedInClient(t.app, 'company.user');
    const id = await sendShipping(sender, t.database.db, 'Deed acceptance');
    const { guid } = await t.database.db
      .selectFrom('shippings')
      .select('guid')
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    const flow = await signInAtProvider('company.user@sello.local', { uuid: guid });
    expect(flow.id).toBe(guid);
    expectRefused(
      await flow.browser.post('security/oauth/oauthlogin', { token: flow.token }),
      401,
      'ERR_OIDC_STATE_INVALID',
    );

    const second = await signInAtProvider('company.user@sello.local', { uuid: guid });
    const answer = await second.browser.post('security/oauth/oauthloginWp', { token: second.token, id: guid });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ userid: 'company.user', shippingId: id });
  });

  it('refuses a provider that is inactive or of another kind', async () => {
    expectRefused(await new TestClient(t.app).get('security/OAuthAccess?provider=999999'), 404, 'ERR_IDP_NOT_FOUND');
    await t.database.db
      .updateTable('identity_providers')
      .set({ active: false })
      .where('id', '=', String(providerId))
      .execute();
    try {
      expectRefused(
        await new TestClient(t.app).get(`security/OAuthAccess?provider=${providerId}`),
        404,
        'ERR_IDP_NOT_FOUND',
      );
    } finally {
      await t.database.db
        .updateTable('identity_providers')
        .set({ active: true })
        .where('id', '=', String(providerId))
        .execute();
    }
  });
});

describe('login CSRF: the state is bound to the browser that started the flow', () => {
  it('keeps the state in an HttpOnly, SameSite=Lax cookie sent only to the calls that finish the flow', async () => {
    const started = await new TestClient(t.app).get(`security/OAuthAccess?provider=${providerId}`);
    const state = new URL(started.json().url).searchParams.get('state');
    expect(started.json()).toEqual({ url: expect.any(String) });
    const cookie = started.cookies.find((c) => c.name === FLOW_COOKIES.oidc.name);
    expect(cookie).toMatchObject({
      value: state,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/rest/services/security/oauth/',
      maxAge: 600,
    });
  });

  it('refuses in browser B a flow browser A started (its code and state), and A still finishes it', async () => {
    const a = await signInAtProvider('company.user@sello.local');
    const b = new TestClient(t.app);
    expectRefused(await b.post('security/oauth/oauthlogin', { token: a.token }), 401, 'ERR_FEDERATED_OTHER_BROWSER');
    // B holding a flow of its own changes nothing.
    await b.get(`security/OAuthAccess?provider=${providerId}`);
    expectRefused(await b.post('security/oauth/oauthlogin', { token: a.token }), 401, 'ERR_FEDERATED_OTHER_BROWSER');
    const finished = await a.browser.post('security/oauth/oauthlogin', { token: a.token });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ userid: 'company.user' });
  });

  it('refuses oauthloginWp in another browser too', async () => {
    const a = await signInAtProvider('company.user@sello.local');
    const b = new TestClient(t.app);
    const answer = await b.post('security/oauth/oauthloginWp', { token: a.token, id: crypto.randomUUID() });
    expectRefused(answer, 401, 'ERR_FEDERATED_OTHER_BROWSER');
  });
});

describe('outbound URLs of the provider', () => {
  it('never follows a redirect of the provider (to wherever it points), and says so with a key', async () => {
    let targetHits = 0;
    const target = createServer((_request, response) => {
      targetHits += 1;
      response.writeHead(404).end();
    });
    const redirecting = createServer((request, response) => {
      const port = (target.address() as AddressInfo).port;
      response.writeHead(302, { location: `http://127.0.0.1:${port}${request.url}` }).end();
    });
    await Promise.all([target, redirecting].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
    try {
      const redirected = await insertOidcProvider(t, {
        domain: 'DEMO',
        issuer: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`,
        clientId: OIDC_CLIENT.id,
        clientSecret: OIDC_CLIENT.secret,
        emailDomains: ['redirect.example'],
        name: 'Redirecting provider',
      });
      const answer = await new TestClient(t.app).get(`security/OAuthAccess?provider=${redirected}`);
      expectRefused(answer, 502, 'ERR_OUTBOUND_URL_REFUSED');
      expect(targetHits).toBe(0);
    } finally {
      await Promise.all([target, redirecting].map((s) => new Promise((r) => s.close(r))));
    }
  });
});
