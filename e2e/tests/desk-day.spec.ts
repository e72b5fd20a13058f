import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { odsSheet } from '../../apps/server/test/ods-sheet.ts';
import {
  acceptCookies,
  alertsWithKey,
  clickNavEntry,
  createUserLike,
  expectStaysAbsent,
  signIn,
  translate,
  uniqueUsername,
  withDatabase,
} from './helpers.ts';
import { pick } from './shipping-form.ts';

// The machine the browser tests share is slow at times: a screen may take long to load its data.
const expect = baseExpect.configure({ timeout: 30_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const VERSION = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

/** Things a day at the desk ran into, each at the size and in the language it was seen. */
test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the console build says its implementation_version, the one the server runs: no new-version notice', async ({
    page,
  }) => {
    const answer = await page.request.get('/assets/json/version.json');
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ implementation_version: VERSION });
    await signIn(page, 'company.admin');
    await acceptCookies(page);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expectStaysAbsent(page, 2_000, async () => {
      await expect(alertsWithKey(page, 'NEW_VERSION_AVAILABLE')).toHaveCount(0);
      await expect(alertsWithKey(page, 'ERROR_GET_VERSION')).toHaveCount(0);
    });
  });

  test('a LibreOffice .ods file is imported in Spanish: its rows checked, a bad e-mail named', async ({ page }) => {
    test.setTimeout(180_000);
    const stamp = `ODS-${Date.now().toString(36).toUpperCase()}`;
    const ods = await odsSheet([
      ['Referencia', 'Asunto', 'Nombre', 'Correo electrónico'],
      [`${stamp}-1`, 'Aviso', 'Persona 1', 'persona1@example.es'],
      [`${stamp}-2`, 'Aviso', 'Persona 2', 'persona2.example.es'],
    ]);
    await signIn(page, 'company.admin');
    await acceptCookies(page);
    await clickNavEntry(page, 'MENU_IMPORT');
    await pick(page, 'import-company', /./);
    await pick(page, 'import-type', 'Notarial notification');
    await pick(page, 'import-channel', translate('es-es', 'IMPORT_CHANNEL_email'));
    const inputs = page.locator('input[type=file]');
    await inputs.nth(0).setInputFiles({
      name: 'envios.ods',
      mimeType: 'application/vnd.oasis.opendocument.spreadsheet',
      buffer: ods,
    });
    await inputs.nth(1).setInputFiles({ name: 'aviso.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('import-check').click();
    await expect(page.getByTestId('import-state')).toHaveText(translate('es-es', 'IMPORT_STATE_VALIDATED'));
    await expect(page.getByTestId('import-valid')).toHaveText('1');
    await expect(page.getByTestId('import-errors')).toHaveText('1');
    await expect(page.getByTestId('import-failed-error-3')).toHaveText(translate('es-es', 'ERR_EMAIL_INVALID'));
  });

  test('a legacy Excel .xls given to the shippings import is refused with a message saying what to do', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // The OLE2 signature every .xls file starts with.
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2048)]);
    await signIn(page, 'company.admin');
    await acceptCookies(page);
    await clickNavEntry(page, 'MENU_IMPORT');
    await pick(page, 'import-company', /./);
    await pick(page, 'import-type', 'Notarial notification');
    await pick(page, 'import-channel', translate('es-es', 'IMPORT_CHANNEL_email'));
    const inputs = page.locator('input[type=file]');
    await inputs.nth(0).setInputFiles({ name: 'envios.xls', mimeType: 'application/vnd.ms-excel', buffer: xls });
    await inputs.nth(1).setInputFiles({ name: 'aviso.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('import-check').click();
    const refusal = page.getByTestId('import-file-error');
    await expect(refusal).toHaveText(translate('es-es', 'ERR_FILE_TYPE_XLS'), { timeout: 60_000 });
    await expect(refusal).not.toContainText('{{');
    await expect(page.getByTestId('import-state')).toHaveCount(0);
  });

  test('a guessable password is flagged with its reason as it is typed on the account screen', async ({ page }) => {
    await signIn(page, 'company.user');
    await acceptCookies(page);
    await page.goto('/#/account');
    await page.getByLabel(translate('es-es', 'ACCOUNT_NEW_PASSWORD'), { exact: true }).fill('password1234');
    const policy = page.getByTestId('password-policy');
    await expect(policy).toBeVisible();
    const broken = policy.locator('li[data-state="broken"]');
    await expect(broken).not.toHaveCount(0);
    const rules = [translate('es-es', 'PWD_RULE_COMMON'), translate('es-es', 'PWD_RULE_GUESS')];
    const texts = await broken.allTextContents();
    expect(
      texts.some((text) => rules.some((rule) => text.includes(rule))),
      texts.join(' | '),
    ).toBe(true);
  });

  test('the Contact dialog shows no e-mail field to a user without an e-mail', async ({ page }) => {
    const user = await createUserLike('company.user', uniqueUsername('e2e.noemail'));
    await withDatabase((client) => client.query("UPDATE users SET email = '' WHERE id = $1", [user.id]));
    await signIn(page, user.username);
    await page.goto('/#/account');
    await acceptCookies(page);
    await page.getByTestId('report-error').click();
    const dialog = page.getByRole('dialog', { name: translate('es-es', 'FEEDBACK_TITLE') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('feedback-email')).toHaveCount(0);
  });

  test('a Portuguese administrator reads the role names in Portuguese in the user form', async ({ page }) => {
    const admin = await createUserLike('domain.admin', uniqueUsername('e2e.ptroles'));
    await withDatabase((client) => client.query("UPDATE users SET language = 'pt-pt' WHERE id = $1", [admin.id]));
    const domain = await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string }>("SELECT id FROM domains WHERE code = 'DEMO'");
      return rows[0]!.id;
    });
    await signIn(page, admin.username);
    await acceptCookies(page);
    await page.goto(`/#/administration/users/create/${domain}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await page.getByTestId('field-roleId').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.first()).toBeVisible();
    const labels = await options.allTextContents();
    expect(labels).toContain(translate('pt-pt', 'ROLE_cust_ctr_mgr'));
    expect(labels).toContain(translate('pt-pt', 'ROLE_cust_ctr_user'));
    for (const english of ['Manager', 'User', 'Administrator', 'Domain administrator']) {
      expect(labels).not.toContain(english);
    }
  });
});

test.describe('at 1280×800 on a clock far from UTC', () => {
  test.use({ viewport: { width: 1280, height: 800 }, timezoneId: 'America/St_Johns' });

  test('the shippings export writes its dates on the reader clock and names the zone in the headers', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'company.admin');
    await acceptCookies(page);
    await page.goto('/#/shippings/all');
    await expect(page.locator('.shippings-list .ant-table-row').first()).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('shippings-export').locator('button').click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await (await download).path())!);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toContain('Creado (America/St_Johns)');
    expect(headers).toContain('Actualizado (America/St_Johns)');
    expect(headers.some((header) => header.includes('UTC'))).toBe(false);
    const created = headers.indexOf('Creado (America/St_Johns)') + 1;
    const exported = new Map<string, string>();
    sheet.eachRow((row, index) => {
      // A date cell holds the wall-clock time (a spreadsheet date has no zone): read as UTC it gives that clock.
      const value = row.getCell(created).value;
      const clock = value instanceof Date ? value.toISOString() : String(value);
      if (index > 1) exported.set(String(row.getCell(1).value), clock.slice(0, 19));
    });
    expect(exported.size).toBeGreaterThan(0);
    const stored = await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string; at: string }>(
        `SELECT id::text, to_char(created_at AT TIME ZONE 'America/St_Johns', 'YYYY-MM-DD"T"HH24:MI:SS') AS at
         FROM shippings WHERE id = ANY($1::bigint[])`,
        [[...exported.keys()]],
      );
      return new Map(rows.map((row) => [row.id, row.at]));
    });
    for (const [id, at] of exported) expect(at, `shipping ${id}`).toBe(stored.get(id));
  });
});
