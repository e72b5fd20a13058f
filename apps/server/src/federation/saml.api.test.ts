import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSamlProvider, samlLogin, type TSamlSetup } from '../../test/saml-fixtures.ts';
import {
  assertionXml,
  fromBase64,
  responseXml,
  signedAssertionOf,
  signedResponse,
  type TAssertionOptions,
  toBase64,
} from '../../test/saml-idp.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { makeCertificate } from '../../test/test-certificates.ts';

let t: TTestApp;
let demo: TSamlSetup;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  // The checks of a response hold whoever started the sign-in: here the IdP does (saml-flows tests the binding).
  demo = await configureSamlProvider(t, {
    domainCode: 'DEMO',
    entityId: 'https://idp.demo.example',
    allowIdpInitiated: true,
  });
});
afterAll(() => t.close());

const options = (extra: Partial<TAssertionOptions> = {}): TAssertionOptions => ({
  audience: demo.spEntityId,
  acs: demo.acs,
  nameId: 'company.user',
  ...extra,
});

async function expectRefused(samlResponse: string, key: string) {
  const response = await samlLogin(new TestClient(t.app), samlResponse);
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json()).toEqual({ key });
  expect(response.headers['auth-token']).toBeUndefined();
}

describe('SAML sign-in with a signed response of the identity provider', () => {
  it('signs the user in (IdP-initiated) and the session works', async () => {
    const browser = new TestClient(t.app);
    const response = await samlLogin(browser, signedResponse(demo.idp, options()));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ userid: 'company.user', domainName: 'Sello Demo' });
    expect((await browser.get('account/users/read')).statusCode).toBe(200);
  });

  it('finds the user by the configured attribute (here the e-mail) instead of the NameID', async () => {
    const byMail = await configureSamlProvider(t, {
      domainCode: 'DEMO',
      entityId: 'https://mail-idp.demo.example',
      userAttribute: 'mail',
      allowIdpInitiated: true,
    });
    const answer = await samlLogin(
      new TestClient(t.app),
      signedResponse(byMail.idp, {
        ...options(),
        nameId: 'opaque-4711',
        attributes: { mail: 'company.manager@sello.local' },
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ userid: 'company.manager' });
  });

  it('accepts a response that expired less than the 60 s of clock skew ago', async () => {
    const response = await samlLogin(
      new TestClient(t.app),
      signedResponse(demo.idp, options({ notOnOrAfterSeconds: -30 })),
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses an unsigned response', async () => {
    const xml = responseXml(demo.idp, options(), [assertionXml(demo.idp, options())]);
    await expectRefused(toBase64(xml), 'ERR_SAML_SIGNATURE_INVALID');
  });

  it('refuses a response signed by another key', async () => {
    const intruder = makeCertificate({ commonName: 'Intruder' });
    await expectRefused(signedResponse(demo.idp, options(), intruder), 'ERR_SAML_SIGNATURE_INVALID');
  });

  it('refuses a response whose signed content was changed', async () => {
    const tampered = fromBase64(signedResponse(demo.idp, options())).replace('>company.user<', '>domain.admin<');
    await expectRefused(toBase64(tampered), 'ERR_SAML_SIGNATURE_INVALID');
  });

  it('refuses an expired response (beyond the skew) and one not yet valid', async () => {
    await expectRefused(signedResponse(demo.idp, options({ notOnOrAfterSeconds: -90 })), 'ERR_SAML_EXPIRED');
    await expectRefused(signedResponse(demo.idp, options({ notBeforeSeconds: 120 })), 'ERR_SAML_NOT_YET_VALID');
  });

  it('refuses a wrong audience', async () => {
    await expectRefused(
      signedResponse(demo.idp, options({ audience: 'https://another-sp.example/metadata' })),
      'ERR_SAML_AUDIENCE_INVALID',
    );
  });

  it('refuses a wrong destination and a wrong recipient', async () => {
    const elsewhere = 'https://another-sp.example/acs';
    await expectRefused(signedResponse(demo.idp, options({ destination: elsewhere })), 'ERR_SAML_DESTINATION_INVALID');
    await expectRefused(signedResponse(demo.idp, options({ recipient: elsewhere })), 'ERR_SAML_DESTINATION_INVALID');
  });

  it('refuses an assertion whose issuer is not the provider', async () => {
    await expectRefused(
      signedResponse(demo.idp, options({ issuer: 'https://other-idp.example' })),
      'ERR_SAML_ISSUER_INVALID',
    );
  });

  it('refuses the same response a second time (replay), kept in PostgreSQL until it expires', async () => {
    const once = signedResponse(demo.idp, options());
    expect((await samlLogin(new TestClient(t.app), once)).statusCode).toBe(200);
    await expectRefused(once, 'ERR_SAML_REPLAYED');
    const row = await t.database.db
      .selectFrom('saml_used_assertions')
      .select('expires_at')
      .where('provider_id', '=', demo.providerId)
      .orderBy('expires_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses signature wrapping: a second, unsigned assertion beside the signed one', async () => {
    const signed = signedAssertionOf(signedResponse(demo.idp, options()));
    const forged = assertionXml(demo.idp, options({ nameId: 'domain.admin' }));
    await expectRefused(toBase64(responseXml(demo.idp, options(), [forged, signed])), 'ERR_SAML_SIGNATURE_INVALID');
    await expectRefused(toBase64(responseXml(demo.idp, options(), [signed, forged])), 'ERR_SAML_SIGNATURE_INVALID');
  });

  it('refuses signature wrapping: the signed assertion hidden while a forged one takes its ID and signature', async () => {
    const signed = signedAssertionOf(signedResponse(demo.idp, options()));
    const forgedWithSameId = signed.replace('>company.user<', '>domain.admin<');
    await expectRefused(
      toBase64(responseXml(demo.idp, options(), [forgedWithSameId], signed)),
      'ERR_SAML_SIGNATURE_INVALID',
    );
    // The forged assertion carries the original, signed one inside it (in its Advice).
    const forged = assertionXml(demo.idp, options({ nameId: 'domain.admin' })).replace(
      '<saml:Conditions',
      `<saml:Advice>${signed}</saml:Advice><saml:Conditions`,
    );
    await expectRefused(toBase64(responseXml(demo.idp, options(), [forged])), 'ERR_SAML_SIGNATURE_INVALID');
  });

  it('refuses a response that is not SAML, or names an unknown provider', async () => {
    await expectRefused(toBase64('<html>nope</html>'), 'ERR_SAML_INVALID');
    await expectRefused('not base64 at all!', 'ERR_SAML_INVALID');
    await expectRefused(
      toBase64('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "y">]><samlp:Response>&x;</samlp:Response>'),
      'ERR_SAML_INVALID',
    );
    const stranger = { ...demo.idp, entityId: 'https://unknown-idp.example' };
    await expectRefused(signedResponse(stranger, options()), 'ERR_SAML_PROVIDER_UNKNOWN');
  });

  it('answers 400 (never 5xx) to a malformed call', async () => {
    const response = await new TestClient(t.app).post('security/saml/samllogin', { saml_assertion: 42 });
    expect(response.statusCode).toBe(400);
  });
});

describe('who is signed in', () => {
  it('refuses an unknown user and never creates one', async () => {
    const before = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expectRefused(
      signedResponse(demo.idp, options({ nameId: 'nobody@nowhere.example' })),
      'ERR_SAML_USER_UNKNOWN',
    );
    const after = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("refuses a user of another domain: the provider signs in only its own domain's users", async () => {
    await expectRefused(signedResponse(demo.idp, options({ nameId: 'acme.admin' })), 'ERR_SAML_USER_UNKNOWN');
  });

  it('refuses a blocked user', async () => {
    await t.database.db.updateTable('users').set({ blocked: true }).where('username', '=', 'sandbox.user').execute();
    await expectRefused(signedResponse(demo.idp, options({ nameId: 'sandbox.user' })), 'ERR_SAML_USER_BLOCKED');
    await t.database.db.updateTable('users').set({ blocked: false }).where('username', '=', 'sandbox.user').execute();
  });

  it('refuses while the chosen certificate is inactive, and accepts again once it is active', async () => {
    await t.database.db
      .updateTable('saml_certificates')
      .set({ active: false })
      .where('id', '=', demo.certificateId)
      .execute();
    await expectRefused(signedResponse(demo.idp, options()), 'ERR_SAML_CERTIFICATE_INVALID');
    await t.database.db
      .updateTable('saml_certificates')
      .set({ active: true })
      .where('id', '=', demo.certificateId)
      .execute();
    expect((await samlLogin(new TestClient(t.app), signedResponse(demo.idp, options()))).statusCode).toBe(200);
  });

  it('refuses while the chosen certificate is outside its validity', async () => {
    await t.database.db
      .updateTable('saml_certificates')
      .set({ valid_to: new Date(Date.now() - 1000) })
      .where('id', '=', demo.certificateId)
      .execute();
    await expectRefused(signedResponse(demo.idp, options()), 'ERR_SAML_CERTIFICATE_INVALID');
    await t.database.db
      .updateTable('saml_certificates')
      .set({ valid_to: new Date(Date.now() + 86_400_000) })
      .where('id', '=', demo.certificateId)
      .execute();
  });
});

describe('the SP metadata and the ACS', () => {
  it("publishes the domain's entity id and ACS URL, and 404 for an unknown domain", async () => {
    expect(demo.spEntityId).toMatch(/\/rest\/services\/security\/saml\/metadata\/DEMO$/);
    expect(demo.acs).toMatch(/\/rest\/services\/security\/saml\/acs\/DEMO$/);
    const unknown = await new TestClient(t.app).get('security/saml/metadata/NO-SUCH-DOMAIN');
    expect(unknown.statusCode).toBe(404);
  });

  it("takes the IdP's form post without an XSRF header and hands the response to the console route in the fragment", async () => {
    const samlResponse = signedResponse(demo.idp, options());
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/services/security/saml/acs/DEMO',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.search).toBe('');
    expect(location.hash.startsWith('#/saml/samllogin?')).toBe(true);
    const carried = new URLSearchParams(location.hash.slice(location.hash.indexOf('?'))).get('SAMLResponse');
    expect(carried).toBe(samlResponse);
    expect((await samlLogin(new TestClient(t.app), carried!)).statusCode).toBe(200);
  });

  it('sends a post without a response to the console route with a refusal', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/services/security/saml/acs/DEMO',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RelayState=x',
    });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toMatch(/#\/saml\/samllogin\?error=ERR_SAML_INVALID$/);
    const unknownDomain = await t.app.inject({
      method: 'POST',
      url: '/rest/services/security/saml/acs/NO-SUCH-DOMAIN',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse: signedResponse(demo.idp, options()) }).toString(),
    });
    expect(unknownDomain.statusCode).toBe(303);
    expect(String(unknownDomain.headers.location)).toMatch(/#\/saml\/samllogin\?error=ERR_SAML_PROVIDER_UNKNOWN$/);
  });
});

describe('access to the SAML calls (all public: the signed response, not a session, says who signs in)', () => {
  it('answers every caller alike, and a session of another domain never changes whom a response signs in', async () => {
    const callers = [
      new TestClient(t.app),
      ...(await Promise.all(
        ['company.user', 'acme.admin', 'super.admin'].map((login) => signedInClient(t.app, login)),
      )),
    ];
    for (const caller of callers) {
      expect((await caller.get('security/saml/metadata/ACME')).body).toContain('/security/saml/acs/ACME');
      expect((await caller.get(`security/saml/start?provider=${demo.providerId}`)).statusCode).toBe(302);
      const answer = await samlLogin(caller, signedResponse(demo.idp, options()));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ userid: 'company.user', domainName: 'Sello Demo' });
      const refused = await samlLogin(caller, signedResponse(demo.idp, options({ nameId: 'acme.admin' })));
      expect(refused.json()).toEqual({ key: 'ERR_SAML_USER_UNKNOWN' });
    }
  });
});
