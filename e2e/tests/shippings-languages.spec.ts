import { expect, type Page, test } from '@playwright/test';
import { SHIPPING_DOCUMENT_KINDS } from '../../packages/contracts/src/catalogue/shippings-detail.ts';
import { RESULT_FILTERS, SERVICE_KINDS, SHIPPING_STATE_FILTERS } from '../../packages/contracts/src/enums.ts';
import { acceptCookies, type Language, signIn, translate, withDatabase } from './helpers.ts';
import { hasPreselectedCompany } from './shipping-form.ts';

/**
 * What an untranslated key looks like on screen: upper-case words joined by underscores, also with the
 * lower-case enum tail of keys built from a value (`SHIPPING_STATE_pending_auth`).
 */
const RAW_KEY = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+(?:_[a-z][A-Za-z0-9]*)*\b/g;

/** Enum values of several words, which no label should show as they are (`pending_auth`, `non_report`). */
const RAW_ENUM = /\b[a-z]+(?:_[a-z]+)+\b/g;
const ENUM_VALUES = new Set<string>([
  ...SHIPPING_STATE_FILTERS,
  ...RESULT_FILTERS,
  ...SERVICE_KINDS,
  ...SHIPPING_DOCUMENT_KINDS,
]);

/**
 * Codes the screens show as data, not as labels: the service codes of contracts (`PT0002_ACCEPTANCE`)
 * and the auxiliary ones. Anything else in the shape of a key is a missing translation.
 */
const ALLOWED_CODES = /^(PT\d{4}_[A-Z_]+|PKI_CLOUD|BIOHAND_GRAPH|WHATSAPP_SMS|WHATSAPP_VOICE)$/;

/** Text a user can see or hear: the rendered text, and placeholders, titles and accessible names. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('[placeholder], [title], [aria-label]'))) {
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

async function expectNoRawKeys(page: Page, where: string): Promise<void> {
  // Labels are read once the screen has its data: wait for the calls to settle.
  await page.waitForLoadState('networkidle');
  const found = new Set<string>();
  const texts = await visibleTexts(page);
  for (const text of texts) {
    for (const match of text.matchAll(RAW_KEY)) if (!ALLOWED_CODES.test(match[0])) found.add(match[0]);
    for (const match of text.matchAll(RAW_ENUM)) if (ENUM_VALUES.has(match[0])) found.add(match[0]);
  }
  expect([...found], `untranslated keys or raw values on ${where}`).toEqual([]);
}

/** Opens an antd select by its test id and picks the option whose text matches (typed first when given). */
async function pick(page: Page, testId: string, text: string | RegExp, typed?: string): Promise<void> {
  await page.getByTestId(testId).click();
  if (typed) await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

/**
 * The demo authoriser, company.manager, is the one the demo shippings wait for; each run gives the
 * account another language (the console signs in in the account's language) and puts back its own.
 */
const AUTHORISER = 'company.manager';

function setAccountLanguage(username: string, language: string) {
  return withDatabase((client) =>
    client.query('UPDATE users SET language = $1 WHERE username = $2', [language, username]),
  );
}

let ownLanguage: string | undefined;

test.beforeAll(async () => {
  ownLanguage = await withDatabase(async (client) => {
    const { rows } = await client.query<{ language: string }>('SELECT language FROM users WHERE username = $1', [
      AUTHORISER,
    ]);
    return rows[0]?.language;
  });
});

test.afterAll(async () => {
  if (ownLanguage) await setAccountLanguage(AUTHORISER, ownLanguage);
});

const LANGUAGES: Language[] = ['es-es', 'en-en', 'pt-pt'];

for (const language of LANGUAGES) {
  test(`the shippings screens speak ${language} and show no untranslated key`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
    await setAccountLanguage(AUTHORISER, language);
    await signIn(page, AUTHORISER);
    await acceptCookies(page);
    await expect(page.getByTestId('nav-MENU_HOME')).toHaveText(t('MENU_HOME'));

    // Every shipping the user may see, with its state and result labels and the state filter's options.
    await page.goto('/#/shippings/all');
    await expect(page.getByRole('heading', { name: t('SHIPPINGS_ALL_TITLE') })).toBeVisible();
    await expect(page.locator('.shippings-list .ant-table-row').first()).toBeVisible();
    await expect(page.locator('.ant-table-thead').getByText(t('SHIPPING_STATE'), { exact: true })).toBeVisible();
    await page.getByTestId('filter-state').click();
    await expect(
      page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: t('SHIPPING_STATE_pending_auth') }),
    ).toBeVisible();
    await expectNoRawKeys(page, `the list with the state filter open (${language})`);
    await page.keyboard.press('Escape');

    // The authorisations view, then the detail of a shipping waiting for this user.
    await page.goto(`/#/shippings?view=auth`);
    await expect(page.getByRole('heading', { name: t('SHIPPINGS_AUTH_TITLE') })).toBeVisible();
    const firstLink = page.locator('[data-testid^="shipping-link-"]').first();
    await expect(firstLink).toBeVisible();
    await expect(page.locator('[data-testid^="row-state-"]').first()).toHaveText(t('SHIPPING_STATE_pending_auth'));
    await expectNoRawKeys(page, `the authorisations view (${language})`);

    await firstLink.click();
    await expect(page.getByTestId('shipping-detail')).toBeVisible();
    await expect(page.getByTestId('detail-state')).toHaveText(t('SHIPPING_STATE_pending_auth'));
    await expect(page.getByTestId('detail-authorize')).toHaveText(t('SHIPPING_ACTION_AUTHORIZE'));
    await expect(page.getByText(t('SHIPPING_RECEIVERS'), { exact: true })).toBeVisible();
    await expect(page.getByText(t('SHIPPING_EVENTS'), { exact: true })).toBeVisible();
    await expect(page.getByTestId('detail-authorisations')).toBeVisible();
    await expectNoRawKeys(page, `a shipping's detail (${language})`);

    await page.getByTestId('detail-deny').click();
    await expect(page.locator('.ant-modal:visible')).toContainText(t('SHIPPING_RESULT_authorizer_reject'));
    await expectNoRawKeys(page, `the deny dialog (${language})`);
    await page.getByTestId('deny-cancel').click();

    const download = page.getByTestId('detail-download');
    if (await download.isEnabled()) {
      await download.click();
      await expect(page.locator('.ant-modal:visible')).toContainText(t('DOWNLOAD_OPTION_pack'));
      await expectNoRawKeys(page, `the download dialog (${language})`);
      await page.getByTestId('download-cancel').click();
    }

    // A denied shipping shows its result.
    await page.goto(`/#/shippings/all?filters=${encodeURIComponent(JSON.stringify({ state: 'no_auth' }))}`);
    const deniedResult = page.locator('[data-testid^="row-result-"]').first();
    await expect(deniedResult).toHaveText(t('SHIPPING_RESULT_authorizer_reject'));
    await page.locator('[data-testid^="shipping-link-"]').first().click();
    await expect(page.getByTestId('detail-result')).toHaveText(t('SHIPPING_RESULT_authorizer_reject'));
    await expectNoRawKeys(page, `a denied shipping's detail (${language})`);

    // The create form.
    await page.goto('/#/shippings/create');
    await expect(page.getByTestId('shipping-create')).toBeVisible();
    await expectNoRawKeys(page, `the create form (${language})`);
    // With a type chosen the form shows the type's fields; the channel list names each channel.
    if (!(await hasPreselectedCompany(page))) await pick(page, 'create-company', /./);
    await pick(page, 'create-type', 'Deed acceptance', 'Deed acceptance');
    await page.getByTestId('create-channel').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
    await expectNoRawKeys(page, `the create form with a type chosen (${language})`);
  });
}
