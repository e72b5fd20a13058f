import { expect, test } from '@playwright/test';
import { acceptCookies, signIn } from './helpers.ts';

/** Spec §6 menu visibility, per seeded role. */
const EXPECTED_MENU: Record<string, string[]> = {
  'super.admin': [
    'MENU_NEW_SHIPPING',
    'MENU_SHIPPINGS',
    'MENU_AUTHORISATIONS',
    'MENU_IMPORT',
    'MENU_IMPORT_TEMPLATE',
    'MENU_TEMPLATES',
    'MENU_TYPES',
    'MENU_ADMINISTRATION',
    'MENU_HOME',
    'MENU_ACCOUNT',
    'MENU_FAQS',
    'MENU_DELETED',
  ],
  'domain.admin': [
    'MENU_NEW_SHIPPING',
    'MENU_SHIPPINGS',
    'MENU_IMPORTS_LIST',
    'MENU_IMPORT',
    'MENU_IMPORT_TEMPLATE',
    'MENU_TEMPLATES',
    'MENU_TYPES',
    'MENU_ADMINISTRATION',
    'MENU_HOME',
    'MENU_ACCOUNT',
    'MENU_FAQS',
    'MENU_DELETED',
  ],
  'company.admin': [
    'MENU_NEW_SHIPPING',
    'MENU_SHIPPINGS',
    'MENU_IMPORTS_LIST',
    'MENU_IMPORT',
    'MENU_IMPORT_TEMPLATE',
    'MENU_TEMPLATES',
    'MENU_TYPES',
    'MENU_ADMINISTRATION',
    'MENU_HOME',
    'MENU_ACCOUNT',
    'MENU_FAQS',
    'MENU_DELETED',
  ],
  'company.manager': [
    'MENU_NEW_SHIPPING',
    'MENU_SHIPPINGS',
    'MENU_AUTHORISATIONS',
    'MENU_IMPORTS_LIST',
    'MENU_IMPORT',
    'MENU_IMPORT_TEMPLATE',
    'MENU_TEMPLATES',
    'MENU_HOME',
    'MENU_ACCOUNT',
    'MENU_FAQS',
    'MENU_DELETED',
  ],
  'company.user': ['MENU_NEW_SHIPPING', 'MENU_SHIPPINGS', 'MENU_HOME', 'MENU_ACCOUNT', 'MENU_FAQS'],
  'sandbox.user': ['MENU_NEW_SHIPPING', 'MENU_SHIPPINGS', 'MENU_HOME', 'MENU_ACCOUNT', 'MENU_FAQS'],
};

for (const [login, expected] of Object.entries(EXPECTED_MENU)) {
  test(`${login} sees exactly the menu entries spec §6 allows`, async ({ page }) => {
    await signIn(page, login);
    // The shell renders the navigation a moment after the URL leaves /login: poll until it settles.
    await expect
      .poll(() =>
        page
          .getByTestId('top-nav')
          .locator('[data-testid^="nav-"]')
          .evaluateAll((links) => links.map((link) => (link as HTMLElement).dataset.testid?.replace('nav-', ''))),
      )
      .toEqual(expected);
  });
}

test('the root path goes to the login page and an unknown path to the guarded shippings list', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login$/);
  await page.goto('/#/no/such/screen');
  await expect(page).toHaveURL(/#\/login$/);
  await signIn(page, 'company.user');
  await page.goto('/#/no/such/screen');
  await expect(page).toHaveURL(/#\/shippings$/);
  await expect(page.getByTestId('nav-MENU_SHIPPINGS')).toHaveAttribute('aria-current', 'page');
});

test('a guarded URL opened before sign-in is where the sign-in lands', async ({ page }) => {
  await page.goto('/#/faqs');
  await expect(page).toHaveURL(/#\/login$/);
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/faqs$/);
  await expect(page.getByTestId('faqs')).toBeVisible();
});

test('a route the user may not open sends the user home', async ({ page }) => {
  await signIn(page, 'company.user');
  await acceptCookies(page);
  await page.goto('/#/administration/deleted');
  await expect(page).toHaveURL(/#\/home$/);
});
