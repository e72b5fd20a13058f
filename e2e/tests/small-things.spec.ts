import { expect as baseExpect, test } from '@playwright/test';

// The machine the browser tests share is slow at times: a screen may take long to load its data.
const expect = baseExpect.configure({ timeout: 60_000 });

import { currentTotp } from '../../apps/server/test/totp-reference.ts';
import { E2E } from '../e2e-env.ts';
import {
  acceptCookies,
  apiSignIn,
  clickNavEntry,
  createUserLike,
  logOut,
  signIn,
  translate,
  uniqueUsername,
  withDatabase,
} from './helpers.ts';

const TEXTAREA_FORM = `<h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
  <h:head><model>
    <instance><data><summary/><notes/></data></instance>
    <bind nodeset="/data/summary" required="true()"/>
  </model></h:head>
  <h:body>
    <input ref="/data/summary"><label>Summary</label></input>
    <textarea ref="/data/notes"><label>Notes for the courier</label></textarea>
  </h:body>
</h:html>`;

const UPLOAD_FORM = TEXTAREA_FORM.replace(
  '<textarea ref="/data/notes"><label>Notes for the courier</label></textarea>',
  '<upload ref="/data/notes"><label>Scan</label></upload>',
);

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('identity providers have their own administration tab, not a card under the SAML certificates', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'domain.admin');
    await acceptCookies(page);
    await page.goto('/#/administration/samlcertificates');
    await expect(page.getByTestId('admin-tab-samlcertificates')).toBeVisible();
    await expect(page.getByTestId('identity-providers')).toHaveCount(0);
    await page.getByTestId('admin-tab-identityproviders').click();
    await expect(page).toHaveURL(/#\/administration\/identityproviders$/);
    await expect(page.getByTestId('identity-providers')).toBeVisible();
    await expect(page.getByTestId('idp-new')).toBeVisible();
  });

  test('the XForms card takes a textarea and names exactly what it accepts when refusing', async ({ page }) => {
    const typeId = await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `SELECT t.id FROM shipping_types t JOIN domains d ON d.id = t.domain_id
         WHERE d.code = 'DEMO' AND t.deleted_at IS NULL ORDER BY t.id LIMIT 1`,
      );
      return rows[0]!.id;
    });
    test.setTimeout(180_000);
    await signIn(page, 'domain.admin');
    await acceptCookies(page);
    await page.goto(`/#/types/edit/${typeId}`);
    const card = page.getByTestId('type-xforms-card');
    await expect(card).toContainText('textarea');
    await card.getByTestId('type-xforms-source').fill(TEXTAREA_FORM);
    await card.getByTestId('type-xforms-check').click();
    await expect(card.getByTestId('type-xforms-preview')).toContainText('Notes for the courier');
    await expect(card.getByTestId('type-xforms-preview').locator('textarea')).toHaveCount(1);

    await card.getByTestId('type-xforms-source').fill(UPLOAD_FORM);
    await card.getByTestId('type-xforms-check').click();
    await expect(card.getByTestId('type-xforms-errors')).toContainText(
      `notes: ${translate('es-es', 'ERR_XFORM_UNSUPPORTED_CONTROL')}`,
    );
  });

  test('a list column that cuts a long value shows the whole value as a tooltip', async ({ page }) => {
    test.setTimeout(180_000);
    const long = `E2E description long enough to be cut in its column ${'and then some more words '.repeat(8)}end`;
    const type = await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string; name: string; description: string | null }>(
        `SELECT t.id, t.name, t.description FROM shipping_types t JOIN domains d ON d.id = t.domain_id
         WHERE d.code = 'DEMO' AND t.deleted_at IS NULL ORDER BY t.id LIMIT 1`,
      );
      await client.query('UPDATE shipping_types SET description = $2 WHERE id = $1', [rows[0]!.id, long]);
      return rows[0]!;
    });
    try {
      await signIn(page, 'domain.admin');
      await acceptCookies(page);
      await page.goto('/#/types');
      await page.getByTestId('filter-name').click();
      await page.getByTestId('filter-input-name').fill(type.name);
      await page.getByTestId('filter-apply-name').click();
      const cell = page.getByTestId('truncated-cell').filter({ hasText: 'E2E description long enough' });
      await expect(cell).toHaveAttribute('title', long.trim());
      // A value that fits carries no tooltip.
      const fits = await cell.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(fits).toBe(true);
    } finally {
      await withDatabase((client) =>
        client.query('UPDATE shipping_types SET description = $2 WHERE id = $1', [type.id, type.description]),
      );
    }
  });

  test('the imports list entry shows only where its page opens: not to a manager without shpImport', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const manager = await createUserLike('company.manager', uniqueUsername('e2e.noimport'));
    await withDatabase((client) =>
      client.query(`UPDATE users SET permissions = array_remove(permissions, 'shpImport') WHERE username = $1`, [
        manager.username,
      ]),
    );
    await signIn(page, manager.username);
    await acceptCookies(page);
    await expect(page.getByTestId('top-nav')).toBeVisible();
    await expect(page.getByTestId('nav-MENU_SHIPPINGS')).toBeVisible();
    await expect(page.locator('[data-testid="nav-MENU_IMPORTS_LIST"]')).toHaveCount(0);
    // The page the entry led to refuses this user: the guard sends them home.
    await page.goto('/#/imports-list');
    await expect(page).toHaveURL(/#\/home$/);

    // A manager with the flag sees the entry and it opens the list.
    await logOut(page);
    await signIn(page, 'company.manager');
    await clickNavEntry(page, 'MENU_IMPORTS_LIST');
    await expect(page).toHaveURL(/#\/imports-list$/);
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the cookie toast covers none of the two-factor buttons', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createUserLike('company.user', uniqueUsername('e2e.toast2fa'));
    const { api } = await apiSignIn(user.username);
    const { secret } = (await (await api.post('/rest/services/account/twoFactor/enrol')).json()) as { secret: string };
    expect(
      (await api.post('/rest/services/account/twoFactor/confirm', { data: { code: currentTotp(secret) } })).status(),
    ).toBe(200);
    await api.dispose();

    await page.goto('/#/login');
    await page.getByTestId('login-user').fill(user.username);
    await page.getByTestId('login-password').fill(E2E.password);
    await page.getByTestId('login-submit').click();
    const form = page.getByTestId('two-factor-form');
    await expect(form).toBeVisible();
    const toast = page.getByTestId('cookie-toast');
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    const buttons = form.locator('button');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const button of await buttons.all()) {
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      const now = (await toast.boundingBox())!;
      const overlaps =
        box.x < now.x + now.width &&
        now.x < box.x + box.width &&
        box.y < now.y + now.height &&
        now.y < box.y + box.height;
      expect(overlaps, `${await button.textContent()} under the toast`).toBe(false);
    }
    expect(toastBox.width).toBeGreaterThan(0);
    // The code is entered and sent with the toast still open.
    // The next step's code: the current one was spent confirming the enrolment (a code works once).
    await page.getByTestId('two-factor-code').fill(currentTotp(secret, 1));
    await page.getByTestId('two-factor-submit').click();
    await expect(page).not.toHaveURL(/#\/login/);
  });
});
