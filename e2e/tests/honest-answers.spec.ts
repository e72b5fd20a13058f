import { expect, test } from '@playwright/test';
import { alertsWithKey, chooseLanguageFromUserMenu, expectStaysAbsent, signIn } from './helpers.ts';

test('a shipping that does not exist shows the API error on its page and keeps the user signed in', async ({
  page,
}) => {
  await signIn(page, 'company.user');
  await page.goto('/#/shippings/detail/987654321');
  await expect(alertsWithKey(page, 'ERR_NOT_FOUND')).toBeVisible();
  await expect(page).toHaveURL(/#\/shippings\/detail\/987654321$/);
  expect(await page.evaluate(() => localStorage.getItem('frontendweb_token'))).not.toBeNull();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('with the server unreachable, the login page says so once and does not reload itself', async ({ page }) => {
  await page.route('**/rest/services/**', (route) => route.abort('connectionrefused'));
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.goto('/#/login');
  await expect(alertsWithKey(page, 'ERR_SYSTEM_NOT_AVAILABLE')).toBeVisible();
  await expectStaysAbsent(page, 3_000, () => expect(loads).toBe(1));
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByTestId('login-user')).toBeVisible();
});

test('a failed language update of the account is seen after the console moves home', async ({ page }) => {
  await signIn(page, 'company.user');
  await page.route('**/rest/services/account/users/updateLanguage', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"key":"ERR_INTERNAL"}' }),
  );
  await chooseLanguageFromUserMenu(page, 'en-en');
  await expect(page).toHaveURL(/#\/home$/);
  await expect(alertsWithKey(page, 'KO_UPDATE_ACCOUNT')).toBeVisible();
});
