import { expect } from 'vitest';
import { insertSamlProvider } from '../src/federation/saml.queries.ts';
import { createTestIdp, readAuthnRequest, type TTestIdp } from './saml-idp.ts';
import { signedInClient, TestClient, type TTestApp } from './test-app.ts';

export type TSamlSetup = {
  idp: TTestIdp;
  providerId: string;
  certificateId: string;
  domainId: string;
  /** Sello's service-provider entity id and ACS URL for the domain, as its metadata publishes them. */
  spEntityId: string;
  acs: string;
};

/** Sello's published metadata of a domain: its entity id and ACS URL. */
export async function readSpMetadata(t: TTestApp, domainCode: string) {
  const response = await new TestClient(t.app).get(`security/saml/metadata/${domainCode}`);
  expect(response.statusCode, response.body).toBe(200);
  const entityId = /entityID="([^"]+)"/.exec(response.body)?.[1];
  const acs = /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(response.body)?.[1];
  if (!entityId || !acs) throw new Error(`unexpected metadata ${response.body}`);
  return { entityId, acs, body: response.body };
}

/**
 * A test IdP configured for a domain as an administrator would: its certificate uploaded as one of the domain's
 * SAML certificates (the real administration call), and an identity_providers row naming it.
 */
export async function configureSamlProvider(
  t: TTestApp,
  options: {
    domainCode: string;
    entityId: string;
    userAttribute?: string;
    trustIdpSecondFactor?: boolean;
    /** Whether the IdP may start sign-ins itself (unsolicited responses); off unless a test says so. */
    allowIdpInitiated?: boolean;
  },
): Promise<TSamlSetup> {
  const idp = createTestIdp(options.entityId);
  const domain = await t.database.db
    .selectFrom('domains')
    .select('id')
    .where('code', '=', options.domainCode)
    .executeTakeFirstOrThrow();
  const admin = await signedInClient(t.app, 'super.admin');
  const created = await admin.post(`administration/samlcertificates/new?domainid=${domain.id}`, {
    name: `IdP ${options.entityId}`,
    entityId: options.entityId,
    content: idp.certificatePem,
  });
  expect(created.statusCode, created.body).toBe(200);
  const certificateId = String((created.json() as { id: number }).id);
  const providerId = await insertSamlProvider(t.database.db, {
    domainId: domain.id,
    name: `SAML ${options.entityId}`,
    entityId: options.entityId,
    ssoUrl: `${options.entityId}/sso`,
    certificateId,
    userAttribute: options.userAttribute ?? null,
    trustIdpSecondFactor: options.trustIdpSecondFactor ?? false,
    allowIdpInitiated: options.allowIdpInitiated ?? false,
  });
  const sp = await readSpMetadata(t, options.domainCode);
  return { idp, providerId, certificateId, domainId: domain.id, spEntityId: sp.entityId, acs: sp.acs };
}

/**
 * The login page's SP-initiated start in a browser: Sello redirects to the IdP with an AuthnRequest and the
 * browser keeps the request's cookie. Answers the browser and the request's id (the IdP's InResponseTo).
 */
export async function startSamlSignIn(t: TTestApp, providerId: string, browser = new TestClient(t.app)) {
  const response = await browser.get(`security/saml/start?provider=${providerId}`);
  expect(response.statusCode, response.body).toBe(302);
  const location = String(response.headers.location);
  return { browser, location, requestId: readAuthnRequest(location).id };
}

/** The console route's call: `samllogin` with the response the ACS handed over. */
export function samlLogin(client: TestClient, samlResponse: string) {
  return client.post('security/saml/samllogin', { saml_assertion: samlResponse });
}
