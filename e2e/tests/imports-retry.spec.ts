import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { acceptCookies, apiSignIn, clickNavEntry, signIn, translate, withDatabase } from './helpers.ts';
import { pick } from './shipping-form.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const stamp = `RTY-${Date.now().toString(36).toUpperCase()}`;
const BAD = new Set([2, 5]);

function csv(): Buffer {
  const lines = ['Referencia;Asunto;Nombre;Correo electrónico'];
  for (let index = 1; index <= 6; index++) {
    const email = BAD.has(index) ? `persona${index}.example.es` : `persona${index}@example.es`;
    lines.push(`${stamp}-${index};Aviso;Persona ${index};${email}`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function importedShippings(): Promise<string[]> {
  return withDatabase(async (client) => {
    const result = await client.query('SELECT id FROM shippings WHERE reference LIKE $1 ORDER BY id', [`${stamp}-%`]);
    return result.rows.map((row) => String(row.id));
  });
}

// A server just started answers its first sign-in slowly on a loaded machine: one through the API first.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { api } = await apiSignIn('company.admin');
  await api.dispose();
});

test('a finished import retried with its corrected errors file stays finished and creates only the corrected rows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'company.admin');
  await acceptCookies(page);
  await clickNavEntry(page, 'MENU_IMPORT');
  await pick(page, 'import-company', /./);
  await pick(page, 'import-type', 'Notarial notification');
  await pick(page, 'import-channel', 'Correo electrónico');
  const inputs = page.locator('input[type=file]');
  await inputs.nth(0).setInputFiles({ name: 'envios.csv', mimeType: 'text/csv', buffer: csv() });
  await inputs.nth(1).setInputFiles({ name: 'aviso.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-errors')).toHaveText('2');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-state')).toHaveText('Terminada');
  await expect(page.getByTestId('import-created')).toHaveText('4');
  const created = await importedShippings();
  expect(created).toHaveLength(4);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('import-download-errors').click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([
    'Referencia',
    'Asunto',
    'Nombre',
    'Correo electrónico',
    'Línea',
    'Columna',
    'Error',
  ]);
  expect(sheet.getRow(2).getCell(7).text).toBe(translate('es-es', 'ERR_EMAIL_INVALID'));
  for (const row of [2, 3]) {
    const cell = sheet.getRow(row).getCell(4);
    cell.value = String(cell.value).replace('.example', '@example');
  }
  const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-retry-with-file').click();
  await (await chooser).setFiles({
    name: 'errores.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: fixed,
  });
  // The retried rows are checked and created in the call (a loaded machine may take a while).
  await expect(page.getByTestId('import-created')).toHaveText('6', { timeout: 60_000 });
  await expect(page.getByTestId('import-errors')).toHaveText('0');
  await expect(page.getByTestId('import-state')).toHaveText('Terminada');
  const after = await importedShippings();
  expect(after.slice(0, 4)).toEqual(created);
  expect(after).toHaveLength(6);
});

test('the users import dialog shows the server refusal of a legacy .xls and stays open', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration/users');
  await expect(page.getByTestId('users-import-open')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('users-import-open').click({ timeout: 30_000 });
  const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2048)]);
  await page
    .getByRole('dialog')
    .locator('input[type=file]')
    .setInputFiles({ name: 'usuarios.xls', mimeType: 'application/vnd.ms-excel', buffer: xls });
  await page.getByTestId('users-import-submit').click();
  await expect(page.getByTestId('users-import-error')).toHaveText(translate('es-es', 'ERR_FILE_TYPE_XLS'), {
    timeout: 60_000,
  });
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('users-import-submit')).toBeVisible();
});

test('the imports list pages with the pager of every list: ten pages shown, the first six and the last four', async ({
  page,
}) => {
  await withDatabase(async (client) => {
    await client.query(
      `INSERT INTO imports (domain_id, company_id, user_id, type, state, description, file_name, settings, total)
       SELECT c.domain_id, c.id, u.id, 'FILE', 'FINISHED', 'pager ' || n, 'pager.csv',
              '{"typeId":1,"channel":"email","mapping":{},"columns":[],"documents":[]}'::jsonb, 0
       FROM companies c, users u, generate_series(1, 130) n
       WHERE c.tax_id = 'B12345674' AND u.username = 'company.admin'`,
    );
  });
  await signIn(page, 'company.admin');
  await acceptCookies(page);
  await clickNavEntry(page, 'MENU_IMPORTS_LIST');
  const pager = page.getByTestId('pager');
  await expect(pager).toBeVisible();
  const pages = pager.locator('[data-testid^="pager-page-"]');
  await expect(pages).toHaveCount(10);
  await expect(pages.first()).toHaveText('1');
  await expect(pages.last()).toHaveText('10');
  await expect(page.getByTestId('imports-table').locator('tbody tr')).toHaveCount(10);
  // Up to page 6 the window stays on 1–10; past it the current page is the sixth shown and four follow it.
  await page.getByTestId('pager-page-6').click();
  await expect(page.getByTestId('pager-page-6')).toHaveAttribute('aria-current', 'page');
  await expect(pages.first()).toHaveText('1');
  await page.getByTestId('pager-next').click();
  await expect(page.getByTestId('pager-page-7')).toHaveAttribute('aria-current', 'page');
  await expect(pages).toHaveCount(10);
  await expect(pages.first()).toHaveText('2');
  await expect(pages.last()).toHaveText('11');
  await expect(page.getByTestId('imports-table').locator('tbody tr')).toHaveCount(10);
});
