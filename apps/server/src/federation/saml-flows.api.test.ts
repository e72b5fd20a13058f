import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSamlProvider, samlLogin, startSamlSignIn, type TSamlSetup } from '../../test/saml-fixtures.ts';
import {
  assertionXml,
  readAuthnRequest,
  responseXml,
  signAssertion,
  signedResponse,
  type TAssertionOptions,
  toBase64,
} from '../../test/saml-idp.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { currentTotp } from '../../test/totp-reference.ts';
import { enrolAuthenticator, letTimePass } from '../../test/two-factor-fixtures.ts';
import { FLOW_COOKIES } from './flow-cookies.ts';
import { createSamlService } from './saml.service.ts';

let t: TTestApp;
let demo: TSamlSetup;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  demo = await configureSamlProvider(t, { domainCode: 'DEMO', entityId: 'https://idp.flows.example' });
});
afterAll(() => t.close());

const options = (setup: TSamlSetup, extra: Partial<TAssertionOptions> = {}): TAssertionOptions => ({
  audience: setup.spEntityId,
  acs: setup.acs,
  nameId: 'company.user',
  ...extra,
});

/** The login page's discovery sends the browser here; Sello answers with a redirect (to the IdP, or a refusal). */
async function startSignIn(providerId: string) {
  const response = await new TestClient(t.app).get(`security/saml/start?provider=${providerId}`);
  expect(response.statusCode, response.body).toBe(302);
  return String(response.headers.location);
}

/** A browser's whole SP-initiated sign-in: start, the IdP's signed answer to its request, `samllogin`. */
async function signInStarted(setup: TSamlSetup, extra: Partial<TAssertionOptions> = {}) {
  const { browser, requestId } = await startSamlSignIn(t, setup.providerId);
  const answer = await samlLogin(
    browser,
    signedResponse(setup.idp, options(setup, { inResponseTo: requestId, ...extra })),
  );
  return { browser, answer };
}

describe('SP-initiated sign-in', () => {
  it('redirects to the IdP with an AuthnRequest for the ACS, kept in PostgreSQL, and finishes it once', async () => {
    const { browser, location, requestId } = await startSamlSignIn(t, demo.providerId);
    expect(location.startsWith(`${demo.idp.entityId}/sso?SAMLRequest=`)).toBe(true);
    const request = readAuthnRequest(location);
    expect(request).toMatchObject({ id: requestId, acs: demo.acs, issuer: demo.spEntityId });
    const stored = await t.database.db
      .selectFrom('saml_requests')
      .select('provider_id')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(stored.provider_id).toBe(demo.providerId);

    const answer = signedResponse(demo.idp, options(demo, { inResponseTo: request.id }));
    // Another server copy (a fresh service on the same database) finishes what this one began.
    const otherCopy = createSamlService(t.ctx);
    const session = await otherCopy.samlLogin(
      { saml_assertion: answer },
      {
        client: { ip: null, userAgent: null },
        trustToken: undefined,
        flowState: browser.cookies.get(FLOW_COOKIES.saml.name)?.value,
      },
    );
    expect(session).toMatchObject({ userid: 'company.user' });

    // The request is spent: a second answer to it (a new assertion), even in the browser that began it, is refused.
    const second = signedResponse(demo.idp, options(demo, { inResponseTo: request.id }));
    const refused = await samlLogin(browser, second);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ key: 'ERR_SAML_IN_RESPONSE_TO_INVALID' });
  });

  it('refuses an InResponseTo Sello never sent, even from a browser whose cookie names it', async () => {
    const answer = signedResponse(demo.idp, options(demo, { inResponseTo: '_never-sent-by-sello' }));
    const browser = new TestClient(t.app);
    browser.cookies.set(FLOW_COOKIES.saml.name, { value: '_never-sent-by-sello', path: '/' });
    const refused = await samlLogin(browser, answer);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ key: 'ERR_SAML_IN_RESPONSE_TO_INVALID' });
  });

  it("refuses an answer to another provider's request", async () => {
    const other = await configureSamlProvider(t, { domainCode: 'DEMO', entityId: 'https://idp.other.example' });
    const { browser, requestId } = await startSamlSignIn(t, other.providerId);
    const answer = signedResponse(demo.idp, options(demo, { inResponseTo: requestId }));
    const refused = await samlLogin(browser, answer);
    expect(refused.json()).toEqual({ key: 'ERR_SAML_IN_RESPONSE_TO_INVALID' });
  });

  it('sends the browser to the console route with a refusal for an unknown or inactive provider', async () => {
    const unknown = await startSignIn('987654');
    expect(unknown).toMatch(/#\/saml\/samllogin\?error=ERR_SAML_PROVIDER_UNKNOWN$/);
    const inactive = await configureSamlProvider(t, { domainCode: 'DEMO', entityId: 'https://idp.inactive.example' });
    await t.database.db
      .updateTable('identity_providers')
      .set({ active: false })
      .where('id', '=', inactive.providerId)
      .execute();
    expect(await startSignIn(inactive.providerId)).toMatch(/error=ERR_SAML_PROVIDER_UNKNOWN$/);
    const refused = await samlLogin(
      (await startSamlSignIn(t, demo.providerId)).browser,
      signedResponse(inactive.idp, options(inactive)),
    );
    expect(refused.json()).toEqual({ key: 'ERR_SAML_PROVIDER_UNKNOWN' });
  });

  it('answers 400 to a start without a valid provider id', async () => {
    expect((await new TestClient(t.app).get('security/saml/start?provider=abc')).statusCode).toBe(400);
  });
});

describe("Sello's second factor after the provider", () => {
  it('is still asked of an enrolled user when the provider is not trusted for it, and finishes the sign-in', async () => {
    const { secret } = await enrolAuthenticator(await signedInClient(t.app, 'company.manager'));
    await letTimePass(t, 'company.manager');
    const { browser, answer: step } = await signInStarted(demo, { nameId: 'company.manager' });
    expect(step.statusCode, step.body).toBe(200);
    const challenge = step.json() as { twoFactorRequired: boolean; challenge: string; enrol: boolean };
    expect(challenge).toMatchObject({ twoFactorRequired: true, enrol: false });
    expect(step.headers['auth-token']).toBeUndefined();
    const done = await browser.post('security/twoFactorLogin', {
      challenge: challenge.challenge,
      code: currentTotp(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ userid: 'company.manager' });
  });

  it('is skipped for an enrolled user when the provider is trusted for it', async () => {
    const trusted = await configureSamlProvider(t, {
      domainCode: 'DEMO',
      entityId: 'https://idp.trusted.example',
      trustIdpSecondFactor: true,
    });
    const { answer } = await signInStarted(trusted, { nameId: 'company.manager' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ userid: 'company.manager' });
  });

  it('still enrols a user without a factor where the domain requires one, even from a trusted provider', async () => {
    await t.database.db.updateTable('domains').set({ two_factor_required: 'all' }).where('code', '=', 'ACME').execute();
    const acme = await configureSamlProvider(t, {
      domainCode: 'ACME',
      entityId: 'https://idp.acme.example',
      trustIdpSecondFactor: true,
    });
    const { answer } = await signInStarted(acme, { nameId: 'acme.admin' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ twoFactorRequired: true, enrol: true });
  });
});

describe('login CSRF: the response answers a request this browser started', () => {
  it('sets the request cookie HttpOnly, SameSite=Lax, only for samllogin and as long as the request lives', async () => {
    const response = await new TestClient(t.app).get(`security/saml/start?provider=${demo.providerId}`);
    const cookie = response.cookies.find((c) => c.name === FLOW_COOKIES.saml.name);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/rest/services/security/saml/samllogin',
      maxAge: 600,
    });
  });

  it('refuses in browser B the answer to a sign-in browser A started, which A still finishes', async () => {
    const a = await startSamlSignIn(t, demo.providerId);
    const answer = signedResponse(demo.idp, options(demo, { inResponseTo: a.requestId }));
    const b = new TestClient(t.app);
    await startSamlSignIn(t, demo.providerId, b);
    const refused = await samlLogin(b, answer);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ key: 'ERR_FEDERATED_OTHER_BROWSER' });
    expect(refused.headers['auth-token']).toBeUndefined();
    const fresh = await samlLogin(new TestClient(t.app), answer);
    expect(fresh.json()).toEqual({ key: 'ERR_FEDERATED_OTHER_BROWSER' });
    const finished = await samlLogin(a.browser, answer);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ userid: 'company.user' });
  });

  it('refuses an unsolicited response unless the provider allows IdP-initiated sign-in, and then accepts it', async () => {
    const unsolicited = await samlLogin(new TestClient(t.app), signedResponse(demo.idp, options(demo)));
    expect(unsolicited.statusCode).toBe(401);
    expect(unsolicited.json()).toEqual({ key: 'ERR_SAML_UNSOLICITED' });
    const open = await configureSamlProvider(t, {
      domainCode: 'DEMO',
      entityId: 'https://idp.initiated.example',
      allowIdpInitiated: true,
    });
    const accepted = await samlLogin(new TestClient(t.app), signedResponse(open.idp, options(open)));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ userid: 'company.user' });
  });

  it("refuses, even where IdP-initiated is allowed, a signed assertion answering another browser's request", async () => {
    const open = await configureSamlProvider(t, {
      domainCode: 'DEMO',
      entityId: 'https://idp.initiated-too.example',
      allowIdpInitiated: true,
    });
    const a = await startSamlSignIn(t, open.providerId);
    // The attacker's own solicited assertion, under a Response that names no request.
    const assertion = assertionXml(open.idp, options(open, { inResponseTo: a.requestId }));
    const stripped = toBase64(signAssertion(responseXml(open.idp, options(open), [assertion]), open.idp.identity));
    const refused = await samlLogin(new TestClient(t.app), stripped);
    expect(refused.json()).toEqual({ key: 'ERR_FEDERATED_OTHER_BROWSER' });
  });
});
