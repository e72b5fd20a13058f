import { expect, type Page, test } from '@playwright/test';
import { LOCALE_BY_LANGUAGE } from '../../packages/contracts/src/constants.ts';
import {
  chooseLanguageFromUserMenu,
  createUserLike,
  type Language,
  logOut,
  signIn,
  translate,
  uniqueUsername,
  userColumn,
} from './helpers.ts';

const LANGUAGE_EXPIRES = Date.UTC(2099, 11, 31, 23, 59, 59);
const DAY_MS = 86_400_000;
/** Chromium keeps no cookie longer than 400 days (RFC 6265bis), whatever expiry the page asks for. */
const BROWSER_MAX_COOKIE_AGE_MS = 400 * DAY_MS;

/** Records every cookie string the page writes, so the expiry the console asks for can be read back. */
async function recordCookieWrites(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    if (!native?.get || !native.set) return;
    const writes: string[] = [];
    (window as unknown as { cookieWrites: string[] }).cookieWrites = writes;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => native.get!.call(document),
      set: (value: string) => {
        writes.push(value);
        native.set!.call(document, value);
      },
    });
  });
}

function cookieWrites(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites);
}

async function expectConsoleIn(page: Page, language: Language): Promise<void> {
  await expect(page.getByTestId('nav-MENU_HOME')).toHaveText(translate(language, 'MENU_HOME'));
  await expect(page.getByTestId('nav-MENU_ACCOUNT')).toHaveText(translate(language, 'MENU_ACCOUNT'));
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_BY_LANGUAGE[language]);
}

test('choosing English in the user menu translates the console, goes home and is kept in a cookie and the account', async ({
  page,
  context,
}) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.lang'));
  await recordCookieWrites(page);
  await signIn(page, user.username);
  await expectConsoleIn(page, 'es-es');

  await page.goto('/#/account');
  await expect(page.getByRole('heading', { name: translate('es-es', 'ACCOUNT_TITLE') })).toBeVisible();
  await chooseLanguageFromUserMenu(page, 'en-en');

  // With the shipping-list permission the console returns home, now in English.
  await expect(page).toHaveURL(/#\/home$/);
  await expectConsoleIn(page, 'en-en');
  await expect(
    page.getByRole('heading', { name: translate('en-en', 'HOME_WELCOME', { name: user.name }) }),
  ).toBeVisible();

  // The lang cookie: the console asks for 2099-12-31; the browser stores it as long as it allows.
  const written = (await cookieWrites(page)).filter((cookie) => cookie.startsWith('lang=en-en;'));
  expect(written).toHaveLength(1);
  expect(written[0]).toContain(`expires=${new Date(LANGUAGE_EXPIRES).toUTCString()}`);
  const stored = (await context.cookies()).find((cookie) => cookie.name === 'lang');
  expect(stored?.value).toBe('en-en');
  const storedExpiry = (stored?.expires ?? 0) * 1000;
  expect(storedExpiry).toBeGreaterThanOrEqual(
    Math.min(LANGUAGE_EXPIRES, Date.now() + BROWSER_MAX_COOKIE_AGE_MS) - DAY_MS,
  );
  expect(new Date(storedExpiry).getUTCFullYear()).toBeLessThanOrEqual(2099);

  // The account keeps the choice.
  await expect.poll(() => userColumn(user.username, 'language')).toBe('en-en');

  await page.reload();
  await expectConsoleIn(page, 'en-en');

  // A fresh browser (no lang cookie, Spanish locale) signs in and gets the account's language.
  await logOut(page);
  await context.clearCookies();
  await page.goto('/#/login');
  await page.reload();
  await expect(page.getByRole('heading', { name: translate('es-es', 'LOGIN_TITLE') })).toBeVisible();
  await signIn(page, user.username);
  await expectConsoleIn(page, 'en-en');
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en-en');
});

test('a Portuguese account signs in in Portuguese on a Spanish browser', async ({ page }) => {
  await signIn(page, 'company.manager');
  await expectConsoleIn(page, 'pt-pt');
  await expect(page.getByTestId('footer-public')).toContainText(
    translate('pt-pt', 'COPYRIGHT', { year: new Date().getFullYear() }),
  );
});

const FIRST_VISITS: { locale: string; language: Language }[] = [
  { locale: 'en-GB', language: 'en-en' },
  { locale: 'en-US', language: 'en-en' },
  { locale: 'es-ES', language: 'es-es' },
  // Spec §4: Spanish unless the browser is English.
  { locale: 'pt-PT', language: 'es-es' },
];

for (const { locale, language } of FIRST_VISITS) {
  test.describe(`a first visit with browser locale ${locale}`, () => {
    test.use({ locale });

    test(`shows the login page in ${language}`, async ({ page, context }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/#\/login$/);
      await expect(page.getByRole('heading', { name: translate(language, 'LOGIN_TITLE') })).toBeVisible();
      await expect(page.getByTestId('login-submit')).toHaveText(translate(language, 'LOGIN_SUBMIT'));
      await expect(page.getByTestId('footer-public')).toContainText(
        translate(language, 'COPYRIGHT', { year: new Date().getFullYear() }),
      );
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_BY_LANGUAGE[language]);
      // Nothing is chosen yet, so nothing is remembered.
      expect((await context.cookies()).find((cookie) => cookie.name === 'lang')).toBeUndefined();
    });
  });
}
