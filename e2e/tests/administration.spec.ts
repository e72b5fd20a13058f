import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  acceptCookies,
  alertsWithKey,
  clickNavEntry,
  createUserLike,
  signIn,
  translate,
  uniqueUsername,
  userColumn,
  withDatabase,
} from './helpers.ts';

/**
 * Spec §6: the menu of a manager made by a domain admin, who gives only the flags they hold (not
 * shippingListOnlyAuth, so no MENU_AUTHORISATIONS), without MENU_TEMPLATES once the templates flag is
 * taken away.
 */
const MANAGER_WITHOUT_TEMPLATES_MENU = [
  'MENU_NEW_SHIPPING',
  'MENU_SHIPPINGS',
  'MENU_IMPORTS_LIST',
  'MENU_IMPORT',
  'MENU_IMPORT_TEMPLATE',
  'MENU_HOME',
  'MENU_ACCOUNT',
  'MENU_FAQS',
  'MENU_DELETED',
];

/** A text no other test (or run) uses, for names that are filtered on. */
function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 46656).toString(36)}`;
}

/** A valid company tax id (letter, seven digits, letter or digit) no other test uses. */
/** A random entity NIF of letter Q with its right control letter (the console and the server check it). */
function uniqueTaxId(): string {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  let sum = 0;
  for (const [index, char] of [...digits].entries()) {
    const digit = Number(char);
    sum += index % 2 === 0 ? Math.floor((digit * 2) / 10) + ((digit * 2) % 10) : digit;
  }
  return `Q${digits}${'JABCDEFGHI'[(10 - (sum % 10)) % 10]}`;
}

/** Inserts a company into domain.admin's domain (test set-up); answers its id. */
async function createCompanyInDemo(name: string, taxId: string = uniqueTaxId()): Promise<number> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO companies (domain_id, name, tax_id, email)
       SELECT domain_id, $1, $2, 'e2e@company.local' FROM users WHERE username = 'domain.admin'
       RETURNING id`,
      [name, taxId],
    );
    return Number(rows[0]!.id);
  });
}

async function companyRow(id: number): Promise<{ deleted_at: Date | null; deleted_by: string | null } | undefined> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ deleted_at: Date | null; deleted_by: string | null }>(
      'SELECT deleted_at, deleted_by FROM companies WHERE id = $1',
      [id],
    );
    return rows[0];
  });
}

/** The menu entries of the top navigation, in order. */
function menuEntries(page: Page): Promise<(string | undefined)[]> {
  return page
    .getByTestId('top-nav')
    .locator('[data-testid^="nav-"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLElement).dataset.testid?.replace('nav-', '')));
}

/** Narrows the shown list to the rows whose `field` contains `text`. */
async function filterList(page: Page, field: string, text: string): Promise<void> {
  await page.getByTestId(`filter-${field}`).click();
  await page.getByTestId(`filter-input-${field}`).fill(text);
  await page.getByTestId(`filter-apply-${field}`).click();
  await expect(page.getByTestId(`list-filter-tag-${field}`)).toBeVisible();
}

/** Picks the option labelled `label` of the antd select whose input carries `testId`. */
async function chooseOption(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();
}

/** Tries the sign-in form in a fresh browser context; answers the server's status. */
async function loginStatus(browser: Browser, login: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.getByTestId('login-user').fill(login);
    await page.getByTestId('login-password').fill('Sello-Demo-2026');
    const answered = page.waitForResponse((response) => response.url().includes('/rest/services/security/login'));
    await page.getByTestId('login-submit').click();
    return (await answered).status();
  } finally {
    await context.close();
  }
}

test('a domain admin creates a company (the invalid tax id first), a user in it, and that user sees exactly the menu allowed', async ({
  page,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const companyName = `E2E Company ${suffix}`;
  const taxId = uniqueTaxId();
  const username = uniqueUsername('e2e.mgr');

  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await clickNavEntry(page, 'MENU_ADMINISTRATION');
  await page.getByTestId('admin-tab-companies').click();
  await expect(page).toHaveURL(/#\/administration\/companies(\/\d+)?$/);
  // A tab's list loads on demand: until it has, the list shown (and its create button) is the previous tab's.
  await expect(page.getByTestId('filter-taxId')).toBeVisible();

  // The company: a tax id of the wrong shape is refused next to its field before anything is sent.
  await page.getByTestId('admin-create').click();
  const created: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/administration/companies/new')) created.push(request.method());
  });
  await page.getByTestId('field-name').fill(companyName);
  await page.getByTestId('field-taxId').fill('12345');
  await page.getByTestId('form-save').click();
  // The message names the field and says what is expected; the banner names the field too.
  const taxIdLabel = translate('es-es', 'COMPANY_TAX_ID');
  await expect(page.locator('#company_taxId_help')).toHaveText(
    `${taxIdLabel}: ${translate('es-es', 'ERR_PATTERN_TAX_ID')}`,
  );
  await expect(page.getByText(translate('es-es', 'ERR_VALIDATION_FIELDS', { fields: taxIdLabel }))).toBeVisible();
  expect(created).toEqual([]);
  await page.getByTestId('field-taxId').fill(taxId);
  await expect(page.locator('#company_taxId_help')).toHaveCount(0);
  await page.getByTestId('form-save').click();
  await expect(page).toHaveURL(/#\/administration\/companies(\/\d+)?$/);
  expect(created).toHaveLength(1);
  await filterList(page, 'name', suffix);
  const companyRows = page.getByTestId('admin-table').locator('tbody tr[data-testid^="row-"]');
  await expect(companyRows).toHaveCount(1);
  await expect(companyRows.first()).toContainText(companyName);
  await expect(companyRows.first()).toContainText(taxId);

  // The user in it: a manager, without the templates flag the role starts with.
  await page.getByTestId('admin-tab-users').click();
  await expect(page.getByTestId('filter-userid')).toBeVisible();
  await page.getByTestId('admin-create').click();
  await page.getByTestId('field-userid').fill(username);
  await page.getByTestId('field-name').fill(`E2E ${username}`);
  await page.getByTestId('field-email').fill(`${username}@e2e.sello.local`);
  await chooseOption(page, 'field-roleId', translate('es-es', 'ROLE_cust_ctr_mgr'));
  await expect(page.getByTestId('permission-templates')).toBeChecked();
  // A manager's flag the domain admin does not hold is not given (nor can it be).
  await expect(page.getByTestId('permission-shippingListOnlyAuth')).not.toBeChecked();
  await expect(page.getByTestId('permission-shippingListOnlyAuth')).toBeDisabled();
  await expect(page.getByTestId('permission-administration')).not.toBeChecked();
  await page.getByTestId('permission-templates').uncheck();
  await chooseOption(page, 'field-companyIds', companyName);
  await page.keyboard.press('Escape');
  const chosenCompanies = page.getByTestId('field-companyIds').locator('.ant-select-selection-item');
  await expect(chosenCompanies).toHaveCount(1);
  await expect(chosenCompanies).toContainText(companyName);
  await page.getByTestId('form-save').click();
  await expect(page).toHaveURL(/#\/administration\/users(\/\d+)?$/);

  const stored = await withDatabase(async (client) => {
    const { rows } = await client.query<{ roles: unknown; companies: string[] }>(
      `SELECT u.roles, array(SELECT c.name FROM user_companies uc JOIN companies c ON c.id = uc.company_id
                             WHERE uc.user_id = u.id) AS companies
       FROM users u WHERE u.username = $1`,
      [username],
    );
    // Test set-up, not product behaviour: the new user gets company.user's password to sign in with.
    await client.query(
      `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE username = 'company.user')
       WHERE username = $1`,
      [username],
    );
    return rows[0];
  });
  expect(stored?.companies).toEqual([companyName]);
  expect(JSON.stringify(stored?.roles)).toContain('cust_ctr_mgr');

  // Signed in as the new user (a browser of its own), the menu is exactly what a manager without templates may open.
  const context = await browser.newContext();
  try {
    const userPage = await context.newPage();
    await signIn(userPage, username);
    await expect.poll(() => menuEntries(userPage)).toEqual(MANAGER_WITHOUT_TEMPLATES_MENU);
  } finally {
    await context.close();
  }
});

test('a deleted company is in the deleted items, with who deleted it, and is recovered from there', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const name = `E2E Bin ${suffix}`;
  const id = await createCompanyInDemo(name);

  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration/companies');
  await filterList(page, 'name', suffix);
  await expect(page.getByTestId(`row-${id}`)).toContainText(name);
  await page.getByTestId(`row-delete-${id}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`row-${id}`)).toHaveCount(0);
  expect((await companyRow(id))?.deleted_at).not.toBeNull();

  await clickNavEntry(page, 'MENU_DELETED');
  await expect(page).toHaveURL(/#\/administration\/deleted/);
  await page.getByTestId('deleted-tab-companies').click();
  await filterList(page, 'name', suffix);
  const row = page.getByTestId(`row-${id}`);
  await expect(row).toContainText(name);
  // Who deleted it: the domain admin, by name.
  const deleter = await withDatabase(async (client) => {
    const { rows } = await client.query<{ name: string }>("SELECT name FROM users WHERE username = 'domain.admin'");
    return rows[0]!.name;
  });
  await expect(row).toContainText(deleter);
  await page.getByTestId(`row-recover-${id}`).click();
  await expect(alertsWithKey(page, 'DELETED_RECOVERED_OK')).toBeVisible();
  await expect(page.getByTestId(`row-${id}`)).toHaveCount(0);
  expect(await companyRow(id)).toEqual({ deleted_at: null, deleted_by: null });

  await page.goto('/#/administration/companies');
  await filterList(page, 'name', suffix);
  await expect(page.getByTestId(`row-${id}`)).toContainText(name);
});

test('a deleted document type is in the types bin with who deleted it; a name taken again blocks its recovery', async ({
  page,
}) => {
  const name = `E2E Type ${uniqueSuffix()}`;
  // A type of domain.admin's domain, deleted by domain.admin (test set-up).
  const { id, deleter } = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; deleter: string }>(
      `INSERT INTO shipping_types (domain_id, name, service_kind, deleted_at, deleted_by)
       SELECT domain_id, $1, 'notification', now(), id FROM users WHERE username = 'domain.admin'
       RETURNING id, (SELECT name FROM users WHERE username = 'domain.admin') AS deleter`,
      [name],
    );
    return { id: Number(rows[0]!.id), deleter: rows[0]!.deleter };
  });
  // Meanwhile a live type took the same name.
  const liveId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO shipping_types (domain_id, name, service_kind)
       SELECT domain_id, upper($1), 'notification' FROM users WHERE username = 'domain.admin' RETURNING id`,
      [name],
    );
    return Number(rows[0]!.id);
  });

  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration/deleted');
  await page.getByTestId('deleted-tab-types').click();
  await filterList(page, 'name', name);
  const row = page.getByTestId(`row-${id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText(deleter);

  await page.getByTestId(`row-recover-${id}`).click();
  await expect(alertsWithKey(page, 'DELETED_RECOVER_CONFLICT')).toBeVisible();
  await expect(row).toBeVisible();

  await withDatabase((client) => client.query('DELETE FROM shipping_types WHERE id = $1', [liveId]));
  await page.getByTestId(`row-recover-${id}`).click();
  await expect(alertsWithKey(page, 'DELETED_RECOVERED_OK')).toBeVisible();
  await expect(page.getByTestId(`row-${id}`)).toHaveCount(0);
  const recovered = await withDatabase(async (client) => {
    const { rows } = await client.query<{ deleted_at: Date | null }>(
      'SELECT deleted_at FROM shipping_types WHERE id = $1',
      [id],
    );
    return rows[0];
  });
  expect(recovered).toEqual({ deleted_at: null });
});

test('a domain admin blocks a user, who then cannot sign in, and unblocks it from the list', async ({
  page,
  browser,
}) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.blk'));
  const id = Number(user.id);

  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration/users');
  await filterList(page, 'userid', user.username);
  await expect(page.getByTestId(`row-${id}`)).toBeVisible();
  await expect(page.getByTestId(`blocked-badge-${id}`)).toHaveCount(0);
  await expect(page.getByTestId(`row-unblock-${id}`)).toHaveCount(0);

  await page.getByTestId(`row-edit-${id}`).click();
  await expect(page.getByTestId('field-userid')).toHaveValue(user.username);
  await page.getByTestId('field-blocked').click();
  await expect(page.getByTestId('field-blocked')).toBeChecked();
  await page.getByTestId('form-save').click();
  // Back on the list as it was left, with the filter still on.
  await expect(page.getByTestId('list-filter-tag-userid')).toBeVisible();
  await expect(page.getByTestId(`blocked-badge-${id}`)).toBeVisible();
  expect(await userColumn(user.username, 'blocked')).toBe(true);
  expect(await loginStatus(browser, user.username)).toBe(403);

  await page.getByTestId(`row-unblock-${id}`).click();
  await expect(alertsWithKey(page, 'USER_UNBLOCKED_OK')).toBeVisible();
  await expect(page.getByTestId(`blocked-badge-${id}`)).toHaveCount(0);
  await expect(page.getByTestId(`row-unblock-${id}`)).toHaveCount(0);
  expect(await userColumn(user.username, 'blocked')).toBe(false);
  expect(await loginStatus(browser, user.username)).toBe(200);
});

test('document types picked with the dual-list picker survive a reload', async ({ page }) => {
  const domainId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ domain_id: string }>(
      "SELECT domain_id FROM users WHERE username = 'domain.admin'",
    );
    return Number(rows[0]!.domain_id);
  });
  const before = await withDatabase(async (client) => {
    const { rows } = await client.query<{ type_id: string; position: number }>(
      'SELECT type_id, position FROM domain_document_types WHERE domain_id = $1 ORDER BY position',
      [domainId],
    );
    return rows;
  });
  const itemIds = (list: Locator) =>
    list
      .locator('[data-testid^="picker-item-"]')
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.testid?.replace('picker-item-', '')));
  const selectableIds = (list: Locator) =>
    list
      .locator('[data-testid^="picker-item-"]:not([aria-disabled="true"])')
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.testid?.replace('picker-item-', '')));

  try {
    await signIn(page, 'domain.admin');
    await acceptCookies(page);
    await page.goto('/#/administration/domains');
    await page.getByTestId(`row-edit-${domainId}`).click();
    const card = page.getByTestId('domain-types');
    const available = card.getByTestId('picker-available');
    const selected = card.getByTestId('picker-selected');
    await expect(available).toBeVisible();

    // Every selectable type goes across; then the last chosen moves one place up.
    const initiallySelected = await itemIds(selected);
    const movable = await selectableIds(available);
    expect(movable.length, 'types to choose from').toBeGreaterThan(0);
    await card.getByTestId('picker-move-all').click();
    const all = [...initiallySelected, ...movable];
    await expect.poll(() => itemIds(selected)).toEqual(all);
    await expect.poll(() => selectableIds(available)).toEqual([]);
    const last = all.at(-1)!;
    await selected.getByTestId(`picker-item-${last}`).click();
    await card.getByTestId('picker-up').click();
    const expected = [...all.slice(0, -2), last, all.at(-2)!];
    await expect.poll(() => itemIds(selected)).toEqual(expected);
    await card.getByTestId('domain-types-save').click();
    await expect(alertsWithKey(page, 'DOMAIN_DOCUMENT_TYPES_SAVED')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('domain-types').getByTestId('picker-selected')).toBeVisible();
    await expect.poll(() => itemIds(page.getByTestId('domain-types').getByTestId('picker-selected'))).toEqual(expected);
    await expect
      .poll(() => selectableIds(page.getByTestId('domain-types').getByTestId('picker-available')))
      .toEqual([]);
  } finally {
    // Other tests see the seeded choice again.
    await withDatabase(async (client) => {
      await client.query('DELETE FROM domain_document_types WHERE domain_id = $1', [domainId]);
      for (const row of before) {
        await client.query('INSERT INTO domain_document_types (domain_id, type_id, position) VALUES ($1, $2, $3)', [
          domainId,
          row.type_id,
          row.position,
        ]);
      }
    });
  }
});

test('the export of the companies list as shown (filtered, sorted) downloads an Excel file of the same rows', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const taxIds = [uniqueTaxId(), uniqueTaxId(), uniqueTaxId()];
  for (const [index, taxId] of taxIds.entries()) await createCompanyInDemo(`E2E Export ${suffix} ${index}`, taxId);

  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration/companies');
  await filterList(page, 'name', `Export ${suffix}`);
  const table = page.getByTestId('admin-table');
  const rows = table.locator('tbody tr[data-testid^="row-"]');
  await expect(rows).toHaveCount(3);
  // Sorted by tax id, descending (the second click on the header).
  const taxIdHeader = table.locator('th').filter({ hasText: translate('es-es', 'COMPANY_TAX_ID') });
  // The order is the URL's: the second click reads it, so it waits for the first one's to show.
  await taxIdHeader.click();
  await expect(page).toHaveURL(/sortField=taxId&sortOrder=1/);
  await taxIdHeader.click();
  const descending = [...taxIds].sort().reverse();
  await expect(page).toHaveURL(/sortOrder=-1/);
  await expect
    .poll(() => rows.evaluateAll((cells) => cells.map((row) => row.textContent ?? '')))
    .toEqual(descending.map((taxId) => expect.stringContaining(taxId)));

  const downloading = page.waitForEvent('download');
  await page.getByTestId('admin-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('companies.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  // Spanish headings (the console's language), then exactly the rows shown, in the order shown.
  expect(values[0]?.slice(0, 3)).toEqual(['Id', 'Nombre', 'CIF']);
  expect(values.slice(1).map((row) => row[2])).toEqual(descending);
  expect(values.slice(1).map((row) => row[1])).toEqual(
    descending.map((taxId) => `E2E Export ${suffix} ${taxIds.indexOf(taxId)}`),
  );
});
