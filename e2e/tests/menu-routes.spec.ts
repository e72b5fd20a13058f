import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';

import { acceptCookies, signIn } from './helpers.ts';

// The machine the browser tests share is slow at times: a screen may take long to load its data.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Every menu entry a user sees opens its screen: the browser version of the menu-against-route unit test. Each
 * entry's route (hash path, with its query) and an element only that screen draws; landing elsewhere (home, where
 * the guard sends a refused route) or on the router's error page fails.
 */
const SCREENS: { path: RegExp; marker: string }[] = [
  { path: /^#\/shippings\/create$/, marker: 'shipping-create' },
  { path: /^#\/shippings\?view=auth$/, marker: 'shippings-list' },
  { path: /^#\/shippings$/, marker: 'shippings-list' },
  { path: /^#\/imports-list$/, marker: 'imports-list-page' },
  { path: /^#\/shippings\/import$/, marker: 'import-file-page' },
  { path: /^#\/shippings\/import\/template$/, marker: 'import-template-page' },
  { path: /^#\/templates$/, marker: 'templates-page' },
  { path: /^#\/types$/, marker: 'types-list' },
  { path: /^#\/administration\/deleted$/, marker: 'deleted-tabs' },
  { path: /^#\/administration\/audit$/, marker: 'audit-filters' },
  { path: /^#\/administration\/settings$/, marker: 'settings-page' },
  { path: /^#\/administration(\/[a-z]+(\/\d+)?)?$/, marker: 'admin-tabs' },
  { path: /^#\/home$/, marker: 'dashboard' },
  { path: /^#\/account$/, marker: 'account-data' },
  { path: /^#\/faqs$/, marker: 'faqs' },
];

/** The screen a link's href names (`#/shippings?view=auth`), or a failure naming the href no screen is known for. */
function screenOf(href: string) {
  const screen = SCREENS.find((candidate) => candidate.path.test(href));
  if (!screen) throw new Error(`no known screen for the menu entry ${href}`);
  return screen;
}

/** Clicks `link` and checks that the page lands on the route its href names and draws that screen. */
async function expectOpens(page: Page, link: Locator, what: string): Promise<void> {
  const href = await link.getAttribute('href');
  expect(href, `${what} has a route`).toMatch(/^#\//);
  const screen = screenOf(href!);
  await link.click();
  await expect.poll(() => new URL(page.url()).hash, { message: `${what} lands on ${href}` }).toMatch(screen.path);
  await expect(page.getByTestId(screen.marker), `${what} shows its screen`).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
}

/** The top navigation's entries, those inside the header groups included. */
async function topEntries(page: Page): Promise<string[]> {
  const nav = page.getByTestId('top-nav');
  await expect(nav.locator('[data-testid^="nav-MENU_"]').first()).toBeAttached();
  return nav
    .locator('[data-testid^="nav-MENU_"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLElement).dataset.testid!.replace('nav-', '')));
}

async function openHeaderMenu(page: Page, testId: string): Promise<Locator> {
  await page.getByTestId(testId).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').last();
  await expect(menu).toBeVisible();
  return menu;
}

async function closeMenus(page: Page, testId: string): Promise<void> {
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await page.keyboard.press('Escape');
  try {
    await expect(open).toHaveCount(0, { timeout: 3_000 });
  } catch {
    await page.getByTestId(testId).click();
    await expect(open).toHaveCount(0);
  }
}

/** Every internal link of a header menu (user, help) opens its screen; an external one names a web address. */
async function checkHeaderMenu(page: Page, testId: string): Promise<number> {
  const menu = await openHeaderMenu(page, testId);
  const hrefs = await menu
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  await closeMenus(page, testId);
  for (const href of hrefs) {
    if (!href.startsWith('#/')) {
      expect(href, `${testId}: an external entry`).toMatch(/^https?:\/\//);
      continue;
    }
    const reopened = await openHeaderMenu(page, testId);
    await expectOpens(page, reopened.locator(`a[href="${href}"]`), `${testId} ${href}`);
  }
  return hrefs.length;
}

const ROLES = ['super.admin', 'domain.admin', 'company.admin', 'company.manager', 'company.user'] as const;

for (const login of ROLES) {
  test(`at 1280 px every menu entry ${login} sees opens its screen`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, login);
    await acceptCookies(page);
    const entries = await topEntries(page);
    expect(entries.length).toBeGreaterThan(3);
    for (const key of entries) {
      const link = page.getByTestId(`nav-${key}`);
      // Entries inside a header group are reached through its button, as a user does.
      if (!(await link.isVisible())) {
        await page.locator(`[data-nav-group]:has([data-testid="nav-${key}"]) > button`).click();
      }
      await expectOpens(page, link, key);
    }
    expect(await checkHeaderMenu(page, 'user-menu')).toBeGreaterThan(0);
    await checkHeaderMenu(page, 'help-menu');
  });
}

test('at 390 px every entry of the phone menu opens its screen (domain.admin)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.getByTestId('nav-drawer-button').click();
  const drawer = page.getByTestId('drawer-nav');
  await expect(drawer).toBeVisible();
  const entries = await drawer
    .locator('[data-testid^="drawer-nav-MENU_"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLElement).dataset.testid!.replace('drawer-nav-', '')));
  expect(entries.length).toBeGreaterThan(3);
  await page.keyboard.press('Escape');
  for (const key of entries) {
    await page.getByTestId('nav-drawer-button').click();
    await expectOpens(page, page.getByTestId(`drawer-nav-${key}`), `drawer ${key}`);
    // The drawer closes on the new page.
    await expect(page.getByTestId('drawer-nav')).toBeHidden();
  }
  expect(await checkHeaderMenu(page, 'user-menu')).toBeGreaterThan(0);
});
