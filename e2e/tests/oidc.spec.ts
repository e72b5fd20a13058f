import { expect, test } from '@playwright/test';
import { OIDC_CLIENT, startOidcPeer, type TOidcTestPeer } from '../../apps/server/test/oidc-peer.ts';
import { currentTotp } from '../../apps/server/test/totp-reference.ts';
import { E2E } from '../e2e-env.ts';
import { apiSignIn, createUserLike, translate, uniqueUsername } from './helpers.ts';

/**
 * 'Sign in with your organisation' against a certified OpenID provider (the `oidc-provider` package, started by
 * this file): login page → e-mail → the provider's login form → `/oauth/oauthlogin` → home.
 */
let peer: TOidcTestPeer;
let providerId: number;

test.beforeAll(async () => {
  peer = await startOidcPeer([`${E2E.baseUrl}/oauth/oauthlogin`]);
  // The administrator configures the provider through the administration call.
  const { api } = await apiSignIn('domain.admin');
  const created = await api.post('/rest/services/administration/identityProviders/new', {
    data: {
      kind: 'oidc',
      name: 'E2E OpenID provider',
      emailDomains: ['sello.local', 'e2e.sello.local'],
      oidcIssuer: peer.issuer,
      oidcClientId: OIDC_CLIENT.id,
      oidcClientSecret: OIDC_CLIENT.secret,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const provider = (await created.json()) as { id: number; emailDomainClaims: { id: number }[] };
  providerId = provider.id;
  await api.dispose();
  // Only verified e-mail domains route 'Sign in with your organisation': the super admin verifies them.
  const superAdmin = await apiSignIn('super.admin');
  for (const claim of provider.emailDomainClaims) {
    const verified = await superAdmin.api.put(
      `/rest/services/administration/identityProviders/verifyDomain/${claim.id}`,
    );
    expect(verified.status(), await verified.text()).toBe(200);
  }
  await superAdmin.api.dispose();
});

test.afterAll(async () => {
  const { api } = await apiSignIn('domain.admin');
  await api.delete(`/rest/services/administration/identityProviders/delete/${providerId}`);
  await api.dispose();
  await peer.close();
});

async function signInWithOrganisation(page: import('@playwright/test').Page, email: string, providerLogin = email) {
  await page.goto('/#/login');
  await page.getByTestId('organisation-open').click();
  await page.getByTestId('organisation-email').fill(email);
  await page.getByTestId('organisation-submit').click();
  // The provider's own login page, on its own origin.
  await expect(page).toHaveURL(new RegExp(`^${peer.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(providerLogin);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
}

test('a user signs in with their organisation through the code + PKCE flow and lands on the home page', async ({
  page,
}) => {
  await signInWithOrganisation(page, 'company.user@sello.local');
  await expect(page).toHaveURL(/#\/(home|shippings)$/);
  await expect(page.getByTestId('top-nav')).toBeVisible();
});

test('an e-mail domain without a provider is refused on the login page with its key', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('organisation-open').click();
  await page.getByTestId('organisation-email').fill('someone@nowhere.test');
  await page.getByTestId('organisation-submit').click();
  const error = page.getByTestId('organisation-error');
  await expect(error).toHaveAttribute('data-key', 'ERR_IDP_NOT_FOUND');
  await expect(error).toHaveText(translate('es-es', 'ERR_IDP_NOT_FOUND'));
});

test('the provider vouching for an unknown user is refused back on the login page, translated', async ({ page }) => {
  await signInWithOrganisation(page, 'company.user@sello.local', 'nobody@sello.local');
  await expect(page).toHaveURL(/#\/login$/);
  const error = page.getByTestId('login-error');
  await expect(error).toHaveAttribute('data-key', 'ERR_OIDC_USER_UNKNOWN');
  await expect(error).toHaveText(translate('es-es', 'ERR_OIDC_USER_UNKNOWN'));
});

test("Sello's own second factor is still asked after the provider", async ({ page }) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.oidc2fa'));
  const { api } = await apiSignIn(user.username);
  const { secret } = (await (await api.post('/rest/services/account/twoFactor/enrol')).json()) as { secret: string };
  expect(
    (await api.post('/rest/services/account/twoFactor/confirm', { data: { code: currentTotp(secret) } })).status(),
  ).toBe(200);
  await api.dispose();

  await signInWithOrganisation(page, user.email);
  await expect(page.getByTestId('two-factor-form')).toBeVisible();
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
});
