import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { waitForRecipientLink } from './delivery-helpers.ts';
import { acceptCookies, clickNavEntry, signIn, translate, withDatabase } from './helpers.ts';
import { pick } from './shipping-form.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const stamp = `IMP-${Date.now().toString(36).toUpperCase()}`;
const BAD = new Set([7, 15, 23]);

/** 30 rows as a Spanish Excel saves "CSV (delimitado por comas)": Windows-1252, `;`, CRLF, Spanish headers. */
function spanishSpreadsheetCsv(): Buffer {
  const lines = ['Referencia;Asunto;Nombre;Tipo documento;Documento;Correo electrónico'];
  for (let index = 1; index <= 30; index++) {
    const email = BAD.has(index) ? `persona${index}.example.es` : `persona${index}@example.es`;
    lines.push(`${stamp}-${index};Notificación;Señora Núñez ${index};DNI;12345678Z;${email}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

async function importedShippings(): Promise<number> {
  return withDatabase(async (client) => {
    const result = await client.query('SELECT count(*) AS n FROM shippings WHERE reference LIKE $1', [`${stamp}-%`]);
    return Number(result.rows[0].n);
  });
}

test('imports 30 rows with 3 bad ones, downloads and fixes the errors, re-imports and confirms', async ({ page }) => {
  await signIn(page, 'company.admin');
  await acceptCookies(page);
  await clickNavEntry(page, 'MENU_IMPORT');
  await expect(page.getByTestId('import-file-page')).toBeVisible();
  await pick(page, 'import-company', /./);
  await pick(page, 'import-type', 'Notarial notification');
  await pick(page, 'import-channel', 'Correo electrónico');
  await page.getByTestId('import-description').fill(stamp);
  const inputs = page.locator('input[type=file]');
  await inputs.nth(0).setInputFiles({ name: 'envios.csv', mimeType: 'text/csv', buffer: spanishSpreadsheetCsv() });
  await inputs.nth(1).setInputFiles({ name: 'aviso.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('import-check').click();

  await expect(page.getByTestId('import-state')).toHaveText('Comprobada');
  await expect(page.getByTestId('import-valid')).toHaveText('27');
  await expect(page.getByTestId('import-errors')).toHaveText('3');
  const lines = page.getByTestId('import-lines');
  await expect(lines.getByText(translate('es-es', 'ERR_EMAIL_INVALID'))).toHaveCount(3);
  await expect(lines.getByText('Correo electrónico', { exact: true })).toHaveCount(3);
  expect(await importedShippings()).toBe(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('import-download-errors').click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(4);

  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-state')).toHaveText('Terminada');
  await expect(page.getByTestId('import-created')).toHaveText('27');
  expect(await importedShippings()).toBe(27);

  // Fix the three addresses in the downloaded file and upload it again.
  for (let row = 2; row <= 4; row++) {
    const cell = sheet.getRow(row).getCell(6);
    cell.value = String(cell.value).replace('.example', '@example');
  }
  const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
  await page.locator('.ant-upload-list-item').first().hover();
  await inputs.nth(0).setInputFiles({
    name: 'errores.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: fixed,
  });
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-valid')).toHaveText('3');
  await expect(page.getByTestId('import-errors')).toHaveText('0');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-state')).toHaveText('Terminada');
  expect(await importedShippings()).toBe(30);

  // The shippings are in the list, and the import in the imports list with its rows.
  await page.goto('/#/shippings');
  await expect(page.getByText(`${stamp}-23`).first()).toBeVisible();
  await clickNavEntry(page, 'MENU_IMPORTS_LIST');
  await page.getByTestId('imports-table').getByRole('link').first().click();
  await expect(page.getByTestId('import-result')).toBeVisible();
  await expect(page.getByTestId('import-created')).toHaveText('3');
});

test('an import from a template fills the template variables in the messages sent', async ({ page }) => {
  test.setTimeout(180_000);
  const address = `${stamp.toLowerCase()}@example.es`;
  await signIn(page, 'company.admin');
  await acceptCookies(page);
  await clickNavEntry(page, 'MENU_IMPORT_TEMPLATE');
  await pick(page, 'import-company', /./);
  await pick(page, 'import-type', 'Policy renewal notice');
  await pick(page, 'import-channel', 'Correo electrónico');
  // A template in each of three languages: the list is long, the name typed brings it into view.
  await pick(page, 'import-template', 'Renewal with documents', 'Renewal');
  const rows = page.getByTestId('import-template-rows');
  await rows.getByLabel('name 1').fill('Lucía Fernández');
  await rows.getByLabel('email 1').fill(address);
  await rows.getByLabel('reference 1').fill(`POL-${stamp}`);
  await rows.getByLabel('deadline 1').fill('31/12/2026');
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-valid')).toHaveText('1');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-state')).toHaveText('Terminada');
  // The e-mail carries the receiver's link; the page it opens shows the message with the variables filled.
  const link = await waitForRecipientLink(address);
  await page.goto(link);
  await expect(page.getByText(`POL-${stamp}`)).toBeVisible();
  await expect(page.getByText('2026-12-31')).toBeVisible();
});
