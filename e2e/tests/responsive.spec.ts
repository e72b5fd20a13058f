import { expect, type Page, test } from '@playwright/test';
import { adminScreens, demoIds } from './console-screens.ts';
import { acceptCookies, apiSignIn, signIn } from './helpers.ts';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The page is no wider than the window, and the header is a single row: every item of it on one line. */
async function expectFits(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(clientWidth);
  const header = await page.locator('header.app-header').boundingBox();
  expect(header!.height, 'one-row header').toBeLessThanOrEqual(80);
  // One row: the visible items of the header (logo, links, group and menu buttons) share one line.
  const tops = await page
    .locator('header.app-header')
    .locator('.app-logo, .nav-drawer-button, .top-nav > .top-nav-link, .top-nav-group-button, .header-button')
    .evaluateAll((items) =>
      items
        .map((item) => item.getBoundingClientRect())
        .filter((box) => box.width > 0)
        .map((box) => Math.round(box.top + box.height / 2)),
    );
  expect(Math.max(...tops) - Math.min(...tops), 'header items on one line').toBeLessThanOrEqual(8);
}

async function firstShippingId(login: string): Promise<number> {
  const { api } = await apiSignIn(login);
  const answer = await api.get('/rest/services/shippings/shippingslist?scope=all&first=0&pageSize=1');
  const { rows } = (await answer.json()) as { rows: { requestId: number }[] };
  await api.dispose();
  return rows[0]!.requestId;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the shell, the shipping list and a shipping detail fit the width with a one-row header', async ({ page }) => {
      const id = await firstShippingId('domain.admin');
      await page.goto('/#/login');
      await acceptCookies(page);
      await signIn(page, 'domain.admin');
      await page.goto('/#/home');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await expectFits(page);
      if (viewport.name === 'phone') {
        await expect(page.getByTestId('top-nav')).toBeHidden();
        await page.getByTestId('nav-drawer-button').click();
        await expect(page.getByTestId('drawer-nav')).toBeVisible();
        await page.getByTestId('drawer-nav-MENU_SHIPPINGS').click();
        await expect(page.getByTestId('drawer-nav')).toBeHidden();
        await expect(page).toHaveURL(/#\/shippings/);
      } else {
        await expect(page.getByTestId('nav-drawer-button')).toBeHidden();
        await page.getByTestId('nav-MENU_SHIPPINGS').click();
      }
      if (viewport.name === 'phone') {
        // Cards, not a table: reference, receiver, service, state, date and the link to the detail.
        await expect(page.getByTestId('row-cards')).toBeVisible();
        await expect(page.locator('.shippings-list .ant-table')).toHaveCount(0);
        const card = page.locator('[data-testid^="card-"].row-card').first();
        await expect(card.locator('.row-card-title')).not.toBeEmpty();
        await expect(card.locator('dd')).toHaveCount(3);
        await expect(card.locator('[data-testid^="card-state-"]')).toBeVisible();
        await expect(card.locator('[data-testid^="shipping-card-link-"]')).toBeVisible();
        await expect(card.getByRole('checkbox')).toBeVisible();
      } else {
        await expect(page.getByTestId('row-cards')).toHaveCount(0);
        // Each column header shows its whole title, or carries it as a tooltip.
        await expect(page.locator('.ant-table-thead th [title]').first()).toBeVisible();
        const headers = await page.locator('.ant-table-thead th [title]').evaluateAll((spans) =>
          spans.map((span) => ({
            title: span.getAttribute('title'),
            text: span.textContent,
          })),
        );
        expect(headers.length).toBeGreaterThanOrEqual(11);
        for (const header of headers) expect(header.title).toBe(header.text);
      }
      await expectFits(page);
      await page.goto(`/#/shippings/detail/${id}`);
      await expect(page.getByTestId('shipping-detail')).toBeVisible();
      await expectFits(page);
    });
  });
}

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no console screen scrolls sideways', async ({ page }) => {
    test.setTimeout(300_000);
    const screens = adminScreens(await demoIds());
    await page.goto('/#/login');
    await acceptCookies(page);
    await signIn(page, 'domain.admin');
    const wide: string[] = [];
    for (const path of screens) {
      await page.goto(`/#${path}`);
      await expect(page.locator('main.app-content')).toBeVisible();
      await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
      await expect(page.locator('main .ant-spin-spinning')).toHaveCount(0);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) wide.push(`${path}: ${scrollWidth} > ${clientWidth}`);
    }
    expect(screens.length).toBeGreaterThan(30);
    expect(wide).toEqual([]);
  });
});
