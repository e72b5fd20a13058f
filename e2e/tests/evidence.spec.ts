import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/** The checkbox of a download option, whether antd puts the test id on the input or on its label. */
const option = (page: Page, name: string) =>
  page.locator(`input[data-testid=download-option-${name}], [data-testid=download-option-${name}] input`);

test('the list download dialog enables only the files the chosen shippings have', async ({ page }) => {
  await signIn(page, 'company.admin');
  await page.goto('/#/shippings/all');
  await page.getByTestId('shippings-search').locator('input').fill('DEED-30');
  await page.getByTestId('shippings-search').locator('input').press('Enter');
  await page.waitForLoadState('networkidle');
  const row = page.locator('tr', { hasText: 'DEED-30' }).first();
  await expect(row).toBeVisible();
  await row.locator('input[type=checkbox]').check({ force: true });
  await page.getByTestId('batch-download').click();
  await expect(page.locator('.ant-modal')).toBeVisible();
  // The seeded shippings have not been sent: only their originals exist.
  await expect(option(page, 'original')).toBeEnabled();
  await expect(option(page, 'pack')).toBeEnabled();
  for (const missing of ['sent', 'nonReport', 'certificate', 'courier']) {
    await expect(option(page, missing)).toBeDisabled();
  }
});
