import { expect, type Page, test } from '@playwright/test';
import {
  acceptCookies,
  alertsWithKey,
  clickNavEntry,
  createUserLike,
  logOut,
  setPreferences,
  signIn,
  translate,
  uniqueUsername,
  userColumn,
  withDatabase,
} from './helpers.ts';

const YEAR = new Date().getFullYear();
const DAY_MS = 86_400_000;

/** Each footer link must lead to a page that exists. */
async function expectLinksOpen(page: Page, hrefs: string[]): Promise<void> {
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()['content-type'], href).toContain('text/html');
    const anchor = new URL(href, page.url()).hash.slice(1);
    if (anchor) expect(await response.text(), href).toContain(`id="${anchor}"`);
  }
}

async function linkTargets(page: Page, footerTestId: string): Promise<Record<string, string>> {
  return page
    .getByTestId(footerTestId)
    .locator('a')
    .evaluateAll((links) =>
      Object.fromEntries(links.map((link) => [link.textContent ?? '', link.getAttribute('href') ?? ''])),
    );
}

test.describe('footers', () => {
  test('the login page has the dark footer with the current year and the legal notice', async ({ page }) => {
    await page.goto('/#/login');
    const footer = page.getByTestId('footer-public');
    await expect(footer).toBeVisible();
    await expect(footer).toHaveClass(/footer-dark/);
    await expect(footer).toContainText(translate('es-es', 'COPYRIGHT', { year: YEAR }));
    await expect(footer.getByRole('link', { name: translate('es-es', 'LEGAL_NOTICE') })).toBeVisible();
    await expect(page.getByTestId('footer-signed-in')).toHaveCount(0);
    await expect(page.getByTestId('report-error')).toHaveCount(0);
    await expectLinksOpen(page, Object.values(await linkTargets(page, 'footer-public')));
  });

  test('/account has the light footer with the policy links and report-error; /home the dark one', async ({ page }) => {
    await signIn(page, 'company.user');
    await acceptCookies(page);
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByTestId('footer-public')).toHaveClass(/footer-dark/);
    await expect(page.getByTestId('footer-public')).toContainText(String(YEAR));
    await expect(page.getByTestId('report-error')).toHaveCount(0);

    await clickNavEntry(page, 'MENU_ACCOUNT');
    await expect(page).toHaveURL(/#\/account$/);
    const footer = page.getByTestId('footer-signed-in');
    await expect(footer).toBeVisible();
    await expect(footer).toHaveClass(/footer-light/);
    await expect(page.getByTestId('footer-public')).toHaveCount(0);
    await expect(footer).toContainText(translate('es-es', 'COPYRIGHT', { year: YEAR }));
    const links = await linkTargets(page, 'footer-signed-in');
    expect(Object.keys(links)).toEqual([
      translate('es-es', 'LEGAL_NOTICE'),
      translate('es-es', 'PRIVACY_POLICY'),
      translate('es-es', 'COOKIE_POLICY'),
    ]);
    for (const link of await footer.getByRole('link').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(page.getByTestId('report-error')).toHaveText(translate('es-es', 'REPORT_ERROR'));
    await expectLinksOpen(page, Object.values(links));

    await page.getByTestId('nav-MENU_HOME').click();
    await expect(page.getByTestId('footer-public')).toBeVisible();
    await expect(page.getByTestId('footer-signed-in')).toHaveCount(0);
  });
});

test('the cookie toast closes and stays closed after a reload', async ({ page, context }) => {
  await page.goto('/#/login');
  const toast = page.getByTestId('cookie-toast');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(translate('es-es', 'COOKIE_TOAST_TEXT'));
  await expect(toast.getByRole('link', { name: translate('es-es', 'COOKIE_POLICY') })).toBeVisible();

  await toast.getByRole('button', { name: translate('es-es', 'CLOSE') }).click();
  await expect(toast).toHaveCount(0);
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'cookies_accepted');
  expect(cookie).toBeDefined();
  const daysLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / DAY_MS;
  expect(daysLeft).toBeGreaterThan(29.9);
  expect(daysLeft).toBeLessThanOrEqual(30);

  await page.reload();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(toast).toHaveCount(0);
  await signIn(page, 'company.user');
  await expect(page.getByTestId('top-nav')).toBeVisible();
  await expect(toast).toHaveCount(0);
});

test('the loading overlay shows LOADING while a slow request is in flight', async ({ page }) => {
  await signIn(page, 'sandbox.user');
  await page.route(/\/rest\/services\/account\/users\/read/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toHaveCount(0);

  await clickNavEntry(page, 'MENU_ACCOUNT');
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveText(translate('en-en', 'LOADING'));
  await expect(overlay).toHaveText('LOADING');
  await expect(overlay.locator('.ant-spin')).toBeVisible();
  await expect(page.getByTestId('account-data')).toHaveCount(0);

  await expect(page.getByTestId('account-data')).toBeVisible({ timeout: 5_000 });
  await expect(overlay).toHaveCount(0);
});

test('the top navigation marks the entry of the current page', async ({ page }) => {
  await signIn(page, 'company.admin');
  await acceptCookies(page);
  const current = page.getByTestId('top-nav').locator('[aria-current="page"]');
  for (const [path, entry] of [
    ['/home', 'MENU_HOME'],
    ['/account', 'MENU_ACCOUNT'],
    ['/faqs', 'MENU_FAQS'],
  ] as const) {
    await page.goto(`/#${path}`);
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('data-testid', `nav-${entry}`);
    await expect(page.getByTestId(`nav-${entry}`)).toHaveClass(/\bactive\b/);
  }
  // Clicking an entry moves the mark with it.
  await page.getByTestId('nav-MENU_HOME').click();
  await expect(current).toHaveAttribute('data-testid', 'nav-MENU_HOME');
  await expect(page.getByTestId('nav-MENU_FAQS')).not.toHaveAttribute('aria-current', 'page');
});

test.describe('help menu', () => {
  const HELP_URLS = {
    MANUAL_URL_ES: 'https://docs.example.com/sello/manual-es.pdf',
    MANUAL_URL_EN: 'https://docs.example.com/sello/manual-en.pdf',
    MANUAL_URL_PT: 'https://docs.example.com/sello/manual-pt.pdf',
    VIDEO_TUTORIALS_URL: 'https://videos.example.com/sello',
    RELEASES_URL: 'https://docs.example.com/sello/releases',
  };
  let restore: Record<string, string | null> | null = null;

  test.afterEach(async () => {
    if (restore) await setPreferences(restore);
    restore = null;
  });

  async function openHelp(page: Page) {
    await page.getByTestId('help-menu').click();
    await expect(page.getByTestId('help-faqs')).toBeVisible();
  }

  test('offers only the FAQs while no help URL is configured', async ({ page }) => {
    const empty = await withDatabase(async (client) => {
      const { rows } = await client.query<{ value: string | null }>(
        `SELECT value FROM preferences WHERE name = ANY($1::text[])`,
        [Object.keys(HELP_URLS)],
      );
      return rows.every((row) => row.value === null || row.value === '');
    });
    expect(empty, 'help preferences are empty in the seed').toBe(true);

    await signIn(page, 'company.user');
    await openHelp(page);
    await expect(page.getByTestId('help-faqs')).toHaveText(translate('es-es', 'HELP_FAQS'));
    for (const entry of ['help-videos', 'help-manual', 'help-releases']) {
      await expect(page.getByTestId(entry)).toHaveCount(0);
    }
    await page.getByTestId('help-faqs').click();
    await expect(page).toHaveURL(/#\/faqs$/);
    await expect(page.getByTestId('faqs')).toBeVisible();
  });

  test('shows every configured entry and the manual in the user language', async ({ page }) => {
    restore = await setPreferences(HELP_URLS);
    for (const [login, language, manual] of [
      ['company.user', 'es-es', HELP_URLS.MANUAL_URL_ES],
      ['sandbox.user', 'en-en', HELP_URLS.MANUAL_URL_EN],
      ['company.manager', 'pt-pt', HELP_URLS.MANUAL_URL_PT],
    ] as const) {
      await signIn(page, login);
      await openHelp(page);
      const menu = page.locator('.ant-dropdown:visible');
      await expect(menu.locator('[data-testid^="help-"]')).toHaveText([
        translate(language, 'HELP_VIDEOS'),
        translate(language, 'HELP_MANUAL'),
        translate(language, 'HELP_FAQS'),
        translate(language, 'HELP_RELEASES'),
      ]);
      await expect(page.getByTestId('help-manual')).toHaveAttribute('href', manual);
      await expect(page.getByTestId('help-manual')).toHaveAttribute('target', '_blank');
      await expect(page.getByTestId('help-videos')).toHaveAttribute('href', HELP_URLS.VIDEO_TUTORIALS_URL);
      await expect(page.getByTestId('help-releases')).toHaveAttribute('href', HELP_URLS.RELEASES_URL);
      await page.keyboard.press('Escape');
      await logOut(page);
    }
  });
});

test.describe('account page', () => {
  test('saving a new name shows OK_UPDATE_ACCOUNT and the new name', async ({ page }) => {
    const user = await createUserLike('company.user', uniqueUsername('e2e.acct'));
    await signIn(page, user.username);
    await acceptCookies(page);
    await page.goto('/#/account');
    const form = page.getByTestId('account-form');
    const name = form.getByLabel(translate('es-es', 'ACCOUNT_NAME'), { exact: true });
    await expect(name).toHaveValue(user.name);

    await name.fill('Lucía Ferrer');
    await page.getByTestId('account-save').click();
    const saved = alertsWithKey(page, 'OK_UPDATE_ACCOUNT');
    await expect(saved).toHaveAttribute('data-testid', 'alert-success');
    await expect(saved).toContainText(translate('es-es', 'OK_UPDATE_ACCOUNT'));
    await expect(page.getByTestId('user-menu')).toHaveText('Lucía Ferrer');
    expect(await userColumn(user.username, 'name')).toBe('Lucía Ferrer');

    await page.reload();
    await expect(name).toHaveValue('Lucía Ferrer');
    await expect(page.getByTestId('user-menu')).toHaveText('Lucía Ferrer');
  });

  test('a wrong current password is reported on its field and nothing changes', async ({ page }) => {
    const user = await createUserLike('company.user', uniqueUsername('e2e.pwd'));
    await signIn(page, user.username);
    await acceptCookies(page);
    await page.goto('/#/account');
    const form = page.getByTestId('account-form');
    const current = form.getByLabel(translate('es-es', 'ACCOUNT_CURRENT_PASSWORD'), { exact: true });
    await current.fill('Not-My-Password-1');
    await form.getByLabel(translate('es-es', 'ACCOUNT_NEW_PASSWORD'), { exact: true }).fill('Brand-New-Password-2026');
    await form
      .getByLabel(translate('es-es', 'ACCOUNT_CONFIRM_PASSWORD'), { exact: true })
      .fill('Brand-New-Password-2026');
    const answered = page.waitForResponse((response) => response.url().includes('/account/users/update'));
    await page.getByTestId('account-save').click();
    expect((await answered).status()).toBe(400);

    const currentItem = form
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel(translate('es-es', 'ACCOUNT_CURRENT_PASSWORD'), { exact: true }) });
    await expect(currentItem.locator('.ant-form-item-explain-error')).toHaveText(
      `${translate('es-es', 'ACCOUNT_CURRENT_PASSWORD')}: ${translate('es-es', 'ERR_PWD_CURRENT_INVALID')}`,
    );
    await expect(alertsWithKey(page, 'OK_PASSWORD_CHANGED')).toHaveCount(0);
    await expect(page).toHaveURL(/#\/account$/);

    // The old password still signs in.
    await logOut(page);
    await signIn(page, user.username);
    await expect(page.getByTestId('top-nav')).toBeVisible();
  });
});
