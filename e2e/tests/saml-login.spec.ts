import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createTestIdp, readAuthnRequest, signedResponse, type TTestIdp } from '../../apps/server/test/saml-idp.ts';
import { currentTotp } from '../../apps/server/test/totp-reference.ts';
import { E2E } from '../e2e-env.ts';
import { apiSignIn, createUserLike, translate, uniqueUsername, withDatabase } from './helpers.ts';

/**
 * SAML 2.0 sign-in in Chromium against a small identity provider of the test's own: its single sign-on page reads
 * Sello's AuthnRequest and auto-posts a response signed with its key to Sello's ACS, as a real IdP's page does.
 */
let idpUrl = '';
let idp: TTestIdp;
let server: Server;
let providerId: string;
let sp: { entityId: string; acs: string };
/** Whom the IdP signs in next (its own sign-in form is out of scope: the user is taken as already known to it). */
let nextUser = 'company.user';

function autoPostPage(samlResponse: string): string {
  return (
    '<!doctype html><html><body><p>Test IdP: signing you in…</p>' +
    `<form method="post" action="${sp.acs}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"></form>` +
    '<script>document.forms[0].submit()</script></body></html>'
  );
}

/** The IdP's pages: its SSO endpoint (SP-initiated) and a link that starts an IdP-initiated sign-in. */
function answerIdp(path: string, response: ServerResponse) {
  const url = new URL(path, idpUrl);
  const common = { audience: sp.entityId, acs: sp.acs, nameId: nextUser };
  let samlResponse: string;
  if (url.pathname === '/sso') {
    const authnRequest = readAuthnRequest(url.toString());
    samlResponse = signedResponse(idp, { ...common, inResponseTo: authnRequest.id });
  } else if (url.pathname === '/idp-initiated') {
    samlResponse = signedResponse(idp, common);
  } else {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(autoPostPage(samlResponse));
}

test.beforeAll(async () => {
  // Any free port: the IdP's address is known once it listens.
  server = createServer((request, response) => answerIdp(request.url ?? '/', response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  idpUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp = createTestIdp(`${idpUrl}/metadata`);
  const metadata = await (await fetch(`${E2E.baseUrl}/rest/services/security/saml/metadata/DEMO`)).text();
  sp = {
    entityId: /entityID="([^"]+)"/.exec(metadata)![1]!,
    acs: /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(metadata)![1]!,
  };
  const domainId = await withDatabase(
    async (client) => (await client.query<{ id: string }>(`SELECT id FROM domains WHERE code = 'DEMO'`)).rows[0]!.id,
  );
  const { api } = await apiSignIn('super.admin');
  const created = await api.post(`/rest/services/administration/samlcertificates/new?domainid=${domainId}`, {
    data: { name: `E2E IdP ${Date.now()}`, entityId: idp.entityId, content: idp.certificatePem },
  });
  expect(created.status()).toBe(200);
  const certificateId = ((await created.json()) as { id: number }).id;
  // Configured through the administration, as a super admin: it signs in the domain's users below super admin.
  const provider = await api.post(`/rest/services/administration/identityProviders/new?domainid=${domainId}`, {
    data: {
      kind: 'saml',
      name: `E2E SAML ${Date.now()}`,
      emailDomains: [`saml-${Date.now().toString(36)}.e2e.test`],
      samlEntityId: idp.entityId,
      samlSsoUrl: `${idpUrl}/sso`,
      samlCertificateId: certificateId,
    },
  });
  expect(provider.status()).toBe(200);
  providerId = String(((await provider.json()) as { id: number }).id);
  await api.dispose();
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

test('SP-initiated: Sello sends the browser to the IdP, whose signed answer ends on the home page', async ({
  page,
}) => {
  nextUser = 'company.user';
  await page.goto(`/rest/services/security/saml/start?provider=${providerId}`);
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByTestId('top-nav')).toBeVisible();
  // The response travelled in the fragment and is gone from the address bar.
  expect(page.url()).not.toContain('SAMLResponse');
});

/** Whether the provider accepts sign-ins its IdP starts (off unless the administrator allows them). */
async function allowIdpInitiated(allowed: boolean) {
  await withDatabase((client) =>
    client.query('UPDATE identity_providers SET saml_allow_idp_initiated = $1 WHERE id = $2', [allowed, providerId]),
  );
}

test('IdP-initiated, not allowed by the provider: refused on the login page with a translated key', async ({
  page,
}) => {
  await allowIdpInitiated(false);
  nextUser = 'company.user';
  await page.goto(`${idpUrl}/idp-initiated`);
  await expect(page).toHaveURL(/#\/login$/);
  const error = page.getByTestId('login-error');
  await expect(error).toHaveAttribute('data-key', 'ERR_SAML_UNSOLICITED');
  await expect(error).toHaveText(translate('es-es', 'ERR_SAML_UNSOLICITED'));
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
});

test('IdP-initiated: an unknown user is refused with a translated key on the login page', async ({ page }) => {
  await allowIdpInitiated(true);
  nextUser = 'nobody.at.all@nowhere.example';
  await page.goto(`${idpUrl}/idp-initiated`);
  await expect(page).toHaveURL(/#\/login$/);
  const error = page.getByTestId('login-error');
  await expect(error).toHaveAttribute('data-key', 'ERR_SAML_USER_UNKNOWN');
  await expect(error).toHaveText(translate('es-es', 'ERR_SAML_USER_UNKNOWN'));
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
});

test("Sello's own second factor is still asked after the IdP (the provider is not trusted for it)", async ({
  page,
}) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.saml2fa'));
  const { api } = await apiSignIn(user.username);
  const { secret } = (await (await api.post('/rest/services/account/twoFactor/enrol')).json()) as { secret: string };
  expect(
    (await api.post('/rest/services/account/twoFactor/confirm', { data: { code: currentTotp(secret) } })).status(),
  ).toBe(200);
  await api.dispose();

  nextUser = user.username;
  await page.goto(`/rest/services/security/saml/start?provider=${providerId}`);
  await expect(page.getByTestId('two-factor-form')).toBeVisible();
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
  await page.getByTestId('two-factor-code').fill(currentTotp(secret, 1));
  await page.getByTestId('two-factor-submit').click();
  await expect(page.getByTestId('top-nav')).toBeVisible();
  await expect(page).toHaveURL(/#\/home$/);
});
