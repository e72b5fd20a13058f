import { type Browser, expect, test } from '@playwright/test';
import { acceptCookies, clickNavEntry, signIn, withDatabase } from './helpers.ts';
import { EMAIL, hasPreselectedCompany, pick } from './shipping-form.ts';

const stamp = Date.now().toString(36).toUpperCase();
const TYPE_NAME = `E2E claim ${stamp}`;

/** An ODK XForms form: a required policy number with a pattern, a cover choice and extras. */
const CLAIM_FORM = `<h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
  <h:head><model>
    <instance><data><policy/><cover/><extras/></data></instance>
    <bind nodeset="/data/policy" required="true()" constraint="regex(., 'P-[0-9]{4}')"/>
    <bind nodeset="/data/cover" required="true()"/>
  </model></h:head>
  <h:body>
    <input ref="/data/policy"><label>Policy number</label></input>
    <select1 ref="/data/cover" appearance="minimal"><label>Cover</label>
      <item><label>Home</label><value>home</value></item>
      <item><label>Car</label><value>car</value></item>
    </select1>
    <select ref="/data/extras"><label>Extras</label>
      <item><label>Glass</label><value>glass</value></item>
      <item><label>Theft</label><value>theft</value></item>
    </select>
  </h:body>
</h:html>`;

const userId = (username: string) =>
  withDatabase(async (db) =>
    Number((await db.query('SELECT id FROM users WHERE username = $1', [username])).rows[0].id),
  );
/** The type's id and its place in the domain's order (1 = first). */
const typeRow = () =>
  withDatabase(
    async (db) =>
      (
        await db.query(
          `SELECT id, rank::int AS position FROM (
             SELECT id, name, row_number() OVER (ORDER BY position, lower(name), id) AS rank
             FROM shipping_types WHERE deleted_at IS NULL
               AND domain_id = (SELECT domain_id FROM shipping_types WHERE name = $1)) AS ranked
           WHERE name = $1`,
          [TYPE_NAME],
        )
      ).rows[0] as { id: string; position: number },
  );

/** Each authoriser in a browser of their own (a fresh session). */
async function authorise(browser: Browser, login: string, shippingId: number, state: RegExp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login);
  await page.goto(`/#/shippings/detail/${shippingId}`);
  await page.getByTestId('detail-authorize').click();
  await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', state);
  await context.close();
}

test.describe
  .serial('shipping types', () => {
    let shippingId = 0;

    test.beforeAll(async () => {
      // A second authoriser of Notaría Central besides the manager.
      await withDatabase((db) =>
        db.query(
          "UPDATE users SET permissions = array_append(permissions, 'shippingListOnlyAuth') WHERE username = 'company.admin' AND NOT 'shippingListOnlyAuth' = ANY (permissions)",
        ),
      );
    });

    test('an administrator creates a type with two authorisers and an imported form, and reorders it', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, 'domain.admin');
      await acceptCookies(page);
      await clickNavEntry(page, 'MENU_TYPES');
      await expect(page).toHaveURL(/#\/types/);
      await expect(page.getByTestId('types-list')).toBeVisible();
      await page.getByTestId('type-create').click();
      await expect(page).toHaveURL(/#\/types\/create$/);

      await pick(page, 'field-companyId', 'Notaría Central');
      await pick(page, 'field-service', /^(Comunicación|Communication)$/, 'Comun');
      await page.getByTestId('field-name').fill(TYPE_NAME);
      await page.getByTestId('field-channels').getByText(EMAIL).click();
      await page.getByTestId('field-requiresAuth').check();
      await page.getByTestId('form-save').click();
      await expect(page).toHaveURL(/#\/types\/edit\/\d+$/);

      const picker = page.getByTestId('type-wf-users-picker');
      for (const login of ['company.manager', 'company.admin']) {
        await picker
          .getByTestId('picker-available')
          .getByTestId(`picker-item-${await userId(login)}`)
          .dblclick();
      }
      await expect(picker.getByTestId('picker-selected-count')).toHaveText('(2)');
      await page.getByTestId('type-wf-users-save').click();
      await expect(page.locator('[data-testid^="alert-"][data-key="TYPE_WF_USERS_SAVED"]')).toBeVisible();

      await page.getByTestId('type-xforms-source').fill(CLAIM_FORM);
      await page.getByTestId('type-xforms-check').click();
      await expect(page.getByTestId('type-xforms-preview')).toContainText('Policy number');
      await page.getByTestId('type-xforms-attach').click();
      await expect(page.getByTestId('type-form-current')).toContainText('Cover');

      // Reorder: the new type (last) goes one place up, and the list follows.
      const before = await typeRow();
      await page.goto('/#/types?sortField=order&sortOrder=-1');
      const firstRow = () => page.locator('tbody tr[data-row-key]').first().getAttribute('data-row-key');
      await expect.poll(firstRow).toBe(before.id);
      await page.getByTestId(`type-up-${before.id}`).click();
      await expect(page.locator('[data-testid^="alert-"][data-key="TYPES_ORDER_SAVED"]')).toBeVisible();
      await expect.poll(async () => (await typeRow()).position).toBe(before.position - 1);
      await expect.poll(firstRow).not.toBe(before.id);
      await expect(page.getByTestId(`type-down-${before.id}`)).toBeEnabled();
    });

    test('a sender fills the form, the shipping waits for both authorisers and shows the values', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'company.user');
      await acceptCookies(page);
      await page.goto('/#/shippings/create');
      await expect(page.getByTestId('shipping-create')).toBeVisible();
      if (!(await hasPreselectedCompany(page))) await pick(page, 'create-company', /./);
      await pick(page, 'create-type', TYPE_NAME, TYPE_NAME);
      await pick(page, 'create-channel', EMAIL);
      await expect(page.getByTestId('create-type-facts')).toContainText('Marta Lopes');
      await page.getByTestId('create-subject').fill('Claim with a form');
      await page.getByTestId('create-message').fill('Please read the claim.');
      await page.getByTestId('receiver-name-0').fill('Lucía Fernández');
      await page.getByTestId('receiver-email-0').fill('lucia@example.com');

      // The pattern is checked by the server, the answer placed next to the control.
      await page.getByTestId('form-control-policy').fill('P-12');
      await pick(page, 'form-control-cover', 'Car');
      await page.getByTestId('form-control-extras').getByText('Theft').click();
      await page.getByTestId('create-submit').click();
      await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
      await expect(page).toHaveURL(/#\/shippings\/create/);
      await page.getByTestId('form-control-policy').fill('P-1234');
      await page.getByTestId('create-submit').click();
      await expect(page).toHaveURL(/#\/shippings\/detail\/\d+$/);
      shippingId = Number(page.url().split('/').pop());
      await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', 'pending_auth');
      const values = page.getByTestId('detail-form-values');
      await expect(values).toContainText('Policy number');
      await expect(values).toContainText('P-1234');
      await expect(values).toContainText('car');
      await expect(values).toContainText('theft');
    });

    test('the shipping leaves authorisation only after both authorisers', async ({ browser }) => {
      await authorise(browser, 'company.manager', shippingId, /^auths_pending_user$/);
      await authorise(browser, 'company.admin', shippingId, /^(pending_to_send|sent|in_course)$/);
    });
  });
