import { expect as baseExpect, type Page, test } from '@playwright/test';

import { acceptCookies, apiSignIn, clickNavEntry, type Language, signIn, translate, withDatabase } from './helpers.ts';
import { pick } from './shipping-form.ts';

// The machine the browser tests share is slow at times: a screen may take long to load its data.
const expect = baseExpect.configure({ timeout: 30_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** Errors antd shows under form items (not those fading out). */
const SHOWN_ERROR = '.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)';
const HEADER = 'Referencia;Asunto;Nombre;Correo electrónico';
const EMAIL = 'Correo electrónico';

/** A CSV of `count` people; those in `bad` have an e-mail without its @. Person n is on line n + 1. */
function csv(stamp: string, count: number, bad: ReadonlySet<number>): Buffer {
  const lines = [HEADER];
  for (let n = 1; n <= count; n++) {
    lines.push(`${stamp}-${n};Aviso;Persona ${n};persona${n}${bad.has(n) ? '.' : '@'}example.es`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function shippingsOf(stamp: string): Promise<string[]> {
  return withDatabase(async (client) => {
    const result = await client.query('SELECT id FROM shippings WHERE reference LIKE $1 ORDER BY id', [`${stamp}-%`]);
    return result.rows.map((row) => String(row.id));
  });
}

async function uploadAndCheck(page: Page, language: Language, file: Buffer): Promise<void> {
  await pick(page, 'import-company', /./);
  await pick(page, 'import-type', 'Notarial notification');
  await pick(page, 'import-channel', translate(language, 'IMPORT_CHANNEL_email'));
  const inputs = page.locator('input[type=file]');
  await inputs.nth(0).setInputFiles({ name: 'envios.csv', mimeType: 'text/csv', buffer: file });
  await inputs.nth(1).setInputFiles({ name: 'aviso.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('import-check').click();
}

/** Opens a failed row's form, sets the given fields and keeps the edit on screen. */
async function editRow(page: Page, line: number, values: Record<string, string>): Promise<void> {
  await page.getByTestId(`import-row-edit-${line}`).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await page.getByTestId('import-row-keep').click();
  await expect(dialog).toBeHidden();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { api } = await apiSignIn('company.admin');
  await api.dispose();
});

test('at 1280 px in Spanish, failed rows of a finished import are corrected on screen: one created, one failing anew', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const stamp = `EDR-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'company.admin');
  await acceptCookies(page);
  await clickNavEntry(page, 'MENU_IMPORT');
  await uploadAndCheck(page, 'es-es', csv(stamp, 5, new Set([2, 4])));
  await expect(page.getByTestId('import-errors')).toHaveText('2');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-state')).toHaveText(translate('es-es', 'IMPORT_STATE_FINISHED'));
  await expect(page.getByTestId('import-created')).toHaveText('3');
  const created = await shippingsOf(stamp);
  expect(created).toHaveLength(3);

  const failed = page.getByTestId('import-failed-rows');
  await expect(failed.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(page.getByTestId('import-failed-error-3')).toHaveText(translate('es-es', 'ERR_EMAIL_INVALID'));
  await expect(page.getByTestId('import-retry-rows')).toBeDisabled();

  // The form shows the row's cells and its error on the column the error is about.
  await page.getByTestId('import-row-edit-3').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(EMAIL, { exact: true })).toHaveValue('persona2.example.es');
  await expect(dialog.locator(`.ant-form-item-has-error ${SHOWN_ERROR}`)).toHaveText(
    translate('es-es', 'ERR_EMAIL_INVALID'),
  );
  await dialog.getByLabel(EMAIL, { exact: true }).fill('x'.repeat(2001));
  await expect(dialog.locator(SHOWN_ERROR)).toHaveText(translate('es-es', 'ERR_FIELD_TOO_LONG'));
  await dialog.getByLabel(EMAIL, { exact: true }).fill('persona2@example.es');
  await page.getByTestId('import-row-keep').click();
  await expect(dialog).toBeHidden();
  // The fourth person's e-mail is fixed but the name emptied: the same rules refuse it for its name.
  await editRow(page, 5, { [EMAIL]: 'persona4@example.es', Nombre: '' });
  await expect(page.getByTestId('import-retry-rows')).toHaveText(
    translate('es-es', 'IMPORT_RETRY_EDITED_ROWS', { count: 2 }),
  );
  await page.getByTestId('import-retry-rows').click();

  await expect(page.getByTestId('import-created')).toHaveText('4', { timeout: 60_000 });
  await expect(page.getByTestId('import-errors')).toHaveText('1');
  await expect(page.getByTestId('import-state')).toHaveText(translate('es-es', 'IMPORT_STATE_FINISHED'));
  await expect(failed.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('import-failed-error-5')).toHaveText(translate('es-es', 'ERR_FIELD_REQUIRED'));
  const after = await shippingsOf(stamp);
  expect(after).toHaveLength(4);
  expect(after.slice(0, 3)).toEqual(created);
});

test('at 390 px in Portuguese, a long failed-rows list pages with the spec pager and a row on page 2 is corrected', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await withDatabase((client) =>
    client.query("UPDATE users SET language = 'pt-pt' WHERE username = 'company.manager'"),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = `EDP-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'company.manager');
  await acceptCookies(page);
  await page.getByTestId('nav-drawer-button').click();
  await page.getByTestId('drawer-nav-MENU_IMPORT').click();
  // The drawer gives the focus back to its button as it closes: a select opened before that would close again.
  await expect(page.getByTestId('drawer-nav')).toBeHidden();
  await expect(page.getByTestId('import-file-page')).toBeVisible();
  const bad = new Set(Array.from({ length: 12 }, (_, index) => index + 2));
  await uploadAndCheck(page, 'pt-pt', csv(stamp, 13, bad));
  await expect(page.getByTestId('import-errors')).toHaveText('12');

  const failed = page.getByTestId('import-failed-rows');
  await expect(failed.locator('tbody tr.ant-table-row')).toHaveCount(10);
  await expect(page.getByTestId('import-failed-error-3')).toHaveText(translate('pt-pt', 'ERR_EMAIL_INVALID'));
  await expect(failed.getByTestId('pager-total')).toHaveText(translate('pt-pt', 'PAGER_TOTAL', { count: 12 }));
  await failed.getByTestId('pager-page-2').click();
  await expect(failed.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await editRow(page, 14, { [EMAIL]: 'persona13@example.es' });
  await expect(page.getByTestId('import-retry-rows')).toHaveText(
    translate('pt-pt', 'IMPORT_RETRY_EDITED_ROWS', { count: 1 }),
  );
  await page.getByTestId('import-retry-rows').click();

  await expect(page.getByTestId('import-errors')).toHaveText('11', { timeout: 60_000 });
  await expect(page.getByTestId('import-valid')).toHaveText('2');
  await expect(page.getByTestId('import-state')).toHaveText(translate('pt-pt', 'IMPORT_STATE_VALIDATED'));
  // Still on page 2, which now holds the one failed row left after the first ten.
  await expect(failed.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('import-row-edit-13')).toBeVisible();
  await expect(page.getByTestId('import-row-edit-14')).toHaveCount(0);
  // Nothing is created until the import is confirmed.
  expect(await shippingsOf(stamp)).toHaveLength(0);
});
