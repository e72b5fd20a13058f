import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, apiSignIn, signIn } from './helpers.ts';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The page is no wider than the window; on a phone the header is a single row. */
async function expectFits(page: Page, phone: boolean) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(clientWidth);
  if (!phone) return;
  const header = await page.locator('header.app-header').boundingBox();
  expect(header!.height, 'one-row header').toBeLessThanOrEqual(80);
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

    test('the shell, the shipping list and a shipping detail fit the width (one-row header on the phone)', async ({
      page,
    }) => {
      const id = await firstShippingId('domain.admin');
      await page.goto('/#/login');
      await acceptCookies(page);
      await signIn(page, 'domain.admin');
      await page.goto('/#/home');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await expectFits(page, viewport.name === 'phone');
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
      await expect(page.locator('.ant-table, [data-testid="shipping-cards"]').first()).toBeVisible();
      await expectFits(page, viewport.name === 'phone');
      await page.goto(`/#/shippings/detail/${id}`);
      await expect(page.getByTestId('shipping-detail')).toBeVisible();
      await expectFits(page, viewport.name === 'phone');
    });
  });
}
