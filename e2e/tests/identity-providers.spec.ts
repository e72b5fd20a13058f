import { expect, test } from '@playwright/test';
import { certificatePem, makeCertificate } from '../../apps/server/test/test-certificates.ts';
import { acceptCookies, apiSignIn, signIn, translate, withDatabase } from './helpers.ts';

/** The identity providers card under the SAML certificates tab: field errors, create, edit keeping the secret. */
test('a domain administrator configures an OpenID Connect provider, with field errors', async ({ page }) => {
  const domain = `idp-${Date.now().toString(36)}.test`;
  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration/identityproviders');
  const card = page.getByTestId('identity-providers');
  await expect(card).toBeVisible();

  await card.getByTestId('idp-new').click();
  const dialog = page.getByRole('dialog', { name: translate('es-es', 'IDP_NEW') });
  // The form is mounted and takes input before its save is clicked (a click while the dialog opened was lost once).
  await expect(dialog.getByTestId('idp-name')).toBeEditable();
  await dialog.getByTestId('idp-save').click();
  await expect(dialog.getByText(translate('es-es', 'ERR_FIELD_REQUIRED')).first()).toBeVisible();

  await dialog.getByTestId('idp-name').fill('Corporate login E2E');
  await dialog.getByTestId('idp-emailDomains').click();
  await page.keyboard.type('not_a_domain');
  await page.keyboard.press('Enter');
  await dialog.getByTestId('idp-oidcIssuer').fill('https://login.corp.test');
  await dialog.getByTestId('idp-oidcClientId').fill('sello');
  await dialog.getByTestId('idp-oidcClientSecret').fill('top-secret-value');
  await dialog.getByTestId('idp-save').click();
  await expect(dialog.getByText(translate('es-es', 'ERR_IDP_EMAIL_DOMAIN_INVALID'))).toBeVisible();

  await dialog.locator('.ant-select-selection-item-remove').first().click();
  await dialog.getByTestId('idp-emailDomains').click();
  await page.keyboard.type(domain);
  await page.keyboard.press('Enter');
  await dialog.getByTestId('idp-save').click();
  await expect(dialog).toBeHidden();
  const row = card.getByRole('row', { name: /Corporate login E2E/ });
  await expect(row).toContainText(domain);

  // Editing shows no secret and keeps the stored one when left empty.
  await row.getByRole('button', { name: translate('es-es', 'IDP_EDIT') }).click();
  await expect(
    page.getByRole('dialog', { name: translate('es-es', 'IDP_EDIT') }).getByTestId('idp-oidcClientSecret'),
  ).toHaveValue('');
  await expect(page.getByRole('dialog', { name: translate('es-es', 'IDP_EDIT') })).toContainText(
    translate('es-es', 'IDP_OIDC_CLIENT_SECRET_KEEP'),
  );
  await page
    .getByRole('dialog', { name: translate('es-es', 'IDP_EDIT') })
    .getByTestId('idp-name')
    .fill('Corporate login E2E renamed');
  await page
    .getByRole('dialog', { name: translate('es-es', 'IDP_EDIT') })
    .getByTestId('idp-save')
    .click();
  await expect(card.getByRole('row', { name: /Corporate login E2E renamed/ })).toBeVisible();
  const stored = await withDatabase(async (client) => {
    const { rows } = await client.query<{ sealed: boolean }>(
      `SELECT oidc_client_secret_sealed IS NOT NULL AS sealed FROM identity_providers WHERE name = $1`,
      ['Corporate login E2E renamed'],
    );
    return rows[0]?.sealed;
  });
  expect(stored).toBe(true);
});

test('a SAML provider allows sign-ins its IdP starts only when the administrator ticks it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const { api } = await apiSignIn('domain.admin');
  const certificate = await api.post('/rest/services/administration/samlcertificates/new', {
    data: {
      name: `E2E IdP ${stamp}`,
      entityId: `https://idp-${stamp}.test`,
      content: certificatePem(makeCertificate({ commonName: `idp ${stamp}` })),
    },
  });
  expect(certificate.status(), await certificate.text()).toBe(200);
  const certificateName = `E2E IdP ${stamp}`;
  await api.dispose();

  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration/identityproviders');
  const card = page.getByTestId('identity-providers');
  await card.getByTestId('idp-new').click();
  const dialog = page.getByRole('dialog', { name: translate('es-es', 'IDP_NEW') });
  await expect(dialog.getByTestId('idp-name')).toBeEditable();
  await dialog.getByText('SAML 2.0').click();
  await dialog.getByTestId('idp-name').fill(`SAML E2E ${stamp}`);
  await dialog.getByTestId('idp-emailDomains').click();
  await page.keyboard.type(`saml-${stamp}.test`);
  await page.keyboard.press('Enter');
  await dialog.getByTestId('idp-samlEntityId').fill(`https://idp-${stamp}.test`);
  await dialog.getByTestId('idp-samlSsoUrl').fill(`https://idp-${stamp}.test/sso`);
  await dialog.getByTestId('idp-samlCertificateId').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: certificateName })
    .click();
  const allow = dialog.getByTestId('idp-samlAllowIdpInitiated');
  await expect(allow).not.toBeChecked();
  await expect(dialog).toContainText(translate('es-es', 'IDP_SAML_ALLOW_IDP_INITIATED'));
  await allow.check();
  await dialog.getByTestId('idp-save').click();
  await expect(dialog).toBeHidden();
  const stored = () =>
    withDatabase(async (client) => {
      const { rows } = await client.query<{ allowed: boolean }>(
        'SELECT saml_allow_idp_initiated AS allowed FROM identity_providers WHERE name = $1',
        [`SAML E2E ${stamp}`],
      );
      return rows[0]?.allowed;
    });
  expect(await stored()).toBe(true);

  const row = card.getByRole('row', { name: new RegExp(`SAML E2E ${stamp}`) });
  await row.getByRole('button', { name: translate('es-es', 'IDP_EDIT') }).click();
  const edit = page.getByRole('dialog', { name: translate('es-es', 'IDP_EDIT') });
  await expect(edit.getByTestId('idp-samlAllowIdpInitiated')).toBeChecked();
  await edit.getByTestId('idp-samlAllowIdpInitiated').uncheck();
  await edit.getByTestId('idp-save').click();
  await expect(edit).toBeHidden();
  expect(await stored()).toBe(false);
});
