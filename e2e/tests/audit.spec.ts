import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { acceptCookies, signIn, translate, withDatabase } from './helpers.ts';

/** Picks the option labelled `label` of the antd select that carries `testId`. */
async function chooseOption(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();
}

test('a domain admin deletes a company and finds it in the audit screen, with its field change, and exports it', async ({
  page,
}) => {
  const name = `E2E Audit ${Date.now().toString(36)}`;
  const id = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO companies (domain_id, name, tax_id, email)
       SELECT domain_id, $1, 'Q' || lpad((floor(random() * 9999999))::text, 7, '0') || 'A', 'e2e@company.local'
       FROM users WHERE username = 'domain.admin' RETURNING id`,
      [name],
    );
    return Number(rows[0]!.id);
  });

  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration/companies');
  await page.getByTestId('filter-name').click();
  await page.getByTestId('filter-input-name').fill(name);
  await page.getByTestId('filter-apply-name').click();
  await page.getByTestId(`row-delete-${id}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`row-${id}`)).toHaveCount(0);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-audit').click();
  await expect(page).toHaveURL(/#\/administration\/audit$/);
  await expect(page.getByRole('heading', { name: translate('es-es', 'AUDIT_TITLE') })).toBeVisible();
  await chooseOption(page, 'audit-entity', 'companies');
  await chooseOption(page, 'audit-action', 'delete');
  const row = page
    .locator(`[data-testid="audit-table"] tr.ant-table-row`)
    .filter({ hasText: String(id) })
    .first();
  await expect(row).toContainText('domain.admin');
  await row.locator('.ant-table-row-expand-icon').click();
  const detail = page.locator('[data-testid^="audit-detail-"]');
  await expect(detail).toContainText('deleted');
  await expect(detail).toContainText('false');
  await expect(detail).toContainText('true');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('audit.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const lines: string[] = [];
  workbook.worksheets[0]!.eachRow((line) => lines.push((line.values as unknown[]).slice(1).join(' | ')));
  // Only the filtered records: every line after the headings is a deleted company, one of them this one.
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain('companies | ');
  expect(
    lines.slice(1).some((line) => line.includes(` ${id} | delete`) && line.includes('deleted: false → true')),
  ).toBe(true);
});
