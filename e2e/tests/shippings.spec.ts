import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { acceptCookies, signIn } from './helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const stamp = Date.now().toString(36).toUpperCase();
const reference = (index: number) => `E2E-${stamp}-${index}`;

/** Opens an antd select by its test id and picks the option whose text contains `text`. */
async function pick(page: Page, testId: string, text: string | RegExp, typed?: string): Promise<void> {
  await page.getByTestId(testId).click();
  // The option lists are virtual: type to bring the option into view.
  if (typed) await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

async function createShipping(page: Page, index: number, type: string, channel: string | RegExp) {
  await page.goto('/#/shippings/create');
  await expect(page.getByTestId('shipping-create')).toBeVisible();
  if ((await page.locator('[data-testid=create-company] .ant-select-selection-item').count()) === 0)
    await pick(page, 'create-company', /./);
  await pick(page, 'create-type', type, type);
  await pick(page, 'create-channel', channel);
  await page.getByTestId('create-reference').fill(reference(index));
  await page.getByTestId('create-subject').fill(`E2E shipping ${index}`);
  await page.getByTestId('receiver-name-0').fill(`Receiver ${index}`);
  await page.getByTestId('receiver-email-0').fill(`receiver${index}@example.com`);
  await page.getByTestId('receiver-mobile-0').fill('+34612345678');
  await page.getByTestId('receiver-document-0').fill('12345678Z');
  await page
    .locator('.shipping-create .ant-upload input[type=file]')
    .setInputFiles({ name: `document-${index}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/#\/shippings\/detail\/\d+$/);
  return Number(page.url().split('/').pop());
}

/** The list filtered by free text (kept in the URL). */
async function search(page: Page, path: string, text: string): Promise<void> {
  await page.goto(`/#${path}`);
  await page.getByTestId('shippings-search').locator('input').fill(text);
  await page.getByTestId('shippings-search').locator('input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.shippings-list .ant-spin-spinning')).toHaveCount(0);
}

test.describe
  .serial('shippings', () => {
    const ids: number[] = [];

    test('creates shippings of three kinds through the form', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'company.admin');
      await acceptCookies(page);
      ids.push(await createShipping(page, 1, 'Deed acceptance', /^(Correo electrónico|E-mail)$/));
      await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', 'pending_auth');
      ids.push(await createShipping(page, 2, 'Certified e-mail', /^(Correo electrónico|E-mail)$/));
      ids.push(await createShipping(page, 3, 'Notarial notification', /^(Correo electrónico|E-mail)$/));
      expect(new Set(ids).size).toBe(3);
    });

    test('finds a shipping with filters and opens its detail', async ({ page }) => {
      await signIn(page, 'company.admin');
      await search(page, '/shippings/all', reference(2));
      await expect(page.getByTestId(`row-${ids[1]}`)).toBeVisible();
      await expect(page.getByTestId(`shipping-link-${ids[0]}`)).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId(`shipping-link-${ids[1]}`)).toBeVisible();
      await page.getByTestId(`shipping-link-${ids[1]}`).click();
      await expect(page.getByTestId('shipping-detail')).toBeVisible();
      await expect(page.getByTestId('detail-data')).toContainText(reference(2));
      await expect(page.getByTestId('detail-events')).toBeVisible();
    });

    test('an authoriser authorises one shipping and denies another', async ({ page }) => {
      await signIn(page, 'company.manager');
      await page.goto(`/#/shippings?view=auth&q=${reference(1)}`);
      await page.getByTestId(`select-${ids[0]}`).check();
      await page.getByTestId('batch-authorize').click();
      await expect(page.getByTestId(`outcome-${ids[0]}`)).toHaveAttribute('data-ok', 'true');

      await page.goto('/#/shippings?view=auth&q=DEED-303');
      const link = page.locator('[data-testid^="shipping-link-"]').first();
      await link.click();
      await page.getByTestId('detail-deny').click();
      await page.getByTestId('deny-ok').click();
      await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', 'no_auth');
    });

    test('deletes two shippings in a batch and recovers one', async ({ page }) => {
      await signIn(page, 'company.admin');
      await search(page, '/shippings/all', 'DEED-30');
      const rows = page.locator('tr', { has: page.locator('[data-state="pending_auth"]'), hasText: 'DEED-30' });
      await expect(rows.first()).toBeVisible();
      const chosen: number[] = [];
      for (let index = 0; index < 2; index++) {
        const row = rows.nth(index);
        chosen.push(Number(await row.locator('[data-testid^="shipping-link-"]').innerText()));
        await row.locator('input[type=checkbox]').check({ force: true });
      }
      await expect(page.getByTestId('shippings-selected-count')).toContainText('2');
      await page.getByTestId('batch-delete').click();
      await page.getByTestId('confirm-ok').click();
      for (const id of chosen) await expect(page.getByTestId(`outcome-${id}`)).toHaveAttribute('data-ok', 'true');

      await page.goto(`/#/shippings/detail/${chosen[0]}`);
      await expect(page.getByTestId('detail-state')).toBeVisible();
    });

    test('exports the list to Excel', async ({ page }) => {
      await signIn(page, 'company.admin');
      await search(page, '/shippings/all', `E2E-${stamp}`);
      const download = page.waitForEvent('download');
      await page.getByTestId('shippings-export').locator('button').click();
      const file = await (await download).path();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.worksheets[0];
      expect(sheet).toBeDefined();
      const cells: string[] = [];
      sheet?.eachRow((row) => {
        row.eachCell((cell) => {
          cells.push(String(cell.value));
        });
      });
      for (const index of [1, 2, 3]) expect(cells).toContain(reference(index));
      expect(cells).not.toContain('DEED-303');
    });
  });
