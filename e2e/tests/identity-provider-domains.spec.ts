import { expect, type Page, test } from '@playwright/test';
import { mailsTo } from './delivery-helpers.ts';
import { acceptCookies, apiSignIn, signIn, translate } from './helpers.ts';

/**
 * The e-mail domains of an identity provider are claims that route 'Sign in with your organisation' only once
 * verified (docs/decisions/federation.md "Identity providers: verified e-mail domains"): their state on the provider's screen,
 * the link a domain administrator has mailed to the domain, and a super admin's direct verification.
 */
async function createProvider(emailDomain: string): Promise<string> {
  const name = `Domain claims ${emailDomain}`;
  const { api } = await apiSignIn('domain.admin');
  const created = await api.post('/rest/services/administration/identityProviders/new', {
    data: {
      kind: 'oidc',
      name,
      emailDomains: [emailDomain],
      oidcIssuer: 'https://login.claims.test',
      oidcClientId: 'sello',
      oidcClientSecret: 'client-secret',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  await api.dispose();
  return name;
}

async function openProviders(page: Page, login: string) {
  await signIn(page, login);
  await acceptCookies(page);
  await page.goto('/#/administration/identityproviders');
  await expect(page.getByTestId('identity-providers')).toBeVisible();
}

const claimOf = (page: Page, emailDomain: string) => page.getByTestId(`idp-domain-${emailDomain}`);

test('a domain administrator has a link mailed to the domain, and following it verifies the domain', async ({
  page,
  browser,
}) => {
  const emailDomain = `mailed-${Date.now().toString(36)}.test`;
  await createProvider(emailDomain);
  await openProviders(page, 'domain.admin');
  const claim = claimOf(page, emailDomain);
  await expect(claim.getByTestId('idp-domain-state')).toHaveText(translate('es-es', 'IDP_DOMAIN_UNVERIFIED'));
  // Only a super admin verifies directly.
  await expect(claim.getByTestId('idp-domain-verify')).toHaveCount(0);

  await claim.getByTestId('idp-domain-mail').click();
  const dialog = page.getByRole('dialog', {
    name: translate('es-es', 'IDP_DOMAIN_SEND_LINK_TITLE', { emailDomain }),
  });
  await dialog.getByTestId('idp-domain-mailbox').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `hostmaster@${emailDomain}` })
    .click();
  await dialog.getByTestId('idp-domain-link-send').click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(translate('es-es', 'IDP_DOMAIN_LINK_SENT', { to: `hostmaster@${emailDomain}` })),
  ).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const text = (await mailsTo(`hostmaster@${emailDomain}`)).at(-1)?.text ?? '';
      link = /https?:\/\/\S+#\/idp-domain-verification\?token=[\w-]+/.exec(text)?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  // The mailbox's owner, not signed in to Sello, confirms with a click.
  const owner = await browser.newPage();
  await owner.goto(link);
  await owner.getByTestId('domain-verification-confirm').click();
  await expect(owner.getByTestId('domain-verified')).toContainText(emailDomain);
  await owner.reload();
  await owner.getByTestId('domain-verification-confirm').click();
  await expect(owner.getByTestId('domain-verification-error')).toHaveAttribute(
    'data-key',
    'ERR_IDP_DOMAIN_LINK_INVALID',
  );
  await owner.close();

  await page.reload();
  await expect(claimOf(page, emailDomain).getByTestId('idp-domain-state')).toHaveText(
    translate('es-es', 'IDP_DOMAIN_VERIFIED'),
  );
  await expect(claimOf(page, emailDomain).getByTestId('idp-domain-mail')).toHaveCount(0);
});

test('a super admin verifies a domain and revokes the verification from the provider screen', async ({ page }) => {
  const emailDomain = `direct-${Date.now().toString(36)}.test`;
  await createProvider(emailDomain);
  await openProviders(page, 'super.admin');
  const claim = claimOf(page, emailDomain);
  const state = claim.getByTestId('idp-domain-state');
  await expect(state).toHaveAttribute('data-state', 'unverified');

  await claim.getByTestId('idp-domain-verify').click();
  await expect(state).toHaveAttribute('data-state', 'verified');
  await expect(state).toHaveText(translate('es-es', 'IDP_DOMAIN_VERIFIED'));

  await claim.getByTestId('idp-domain-revoke').click();
  await page.getByRole('button', { name: translate('es-es', 'YES') }).click();
  await expect(state).toHaveAttribute('data-state', 'unverified');
});
