import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from '../e2e-env.ts';
import { mailsTo } from './delivery-helpers.ts';
import {
  acceptCookies,
  alertsWithKey,
  createUserLike,
  signIn,
  translate,
  uniqueUsername,
  withDatabase,
} from './helpers.ts';

/** Waits for the newest mail to `address` whose subject is `subject`, and answers its /pwdrcvmail link. */
async function waitForPasswordLink(address: string, subject: string, after = 0): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(address)).slice(after).filter((mail) => mail.subject === subject);
        const match = /https?:\/\/\S+#\/pwdrcvmail\?recoveryToken=[\w-]+&loginToken=[\w-]+/.exec(
          mails.at(-1)?.text ?? '',
        );
        link = match?.[0] ?? '';
        return link;
      },
      { timeout: 30_000, message: `a '${subject}' mail with a link to ${address}` },
    )
    .not.toBe('');
  return link;
}

/** Fills the set-password form of a link and saves; the policy list follows what is typed. */
async function setPassword(page: Page, password: string): Promise<void> {
  await page.getByTestId('new-password').fill('short');
  await expect(page.getByTestId('newpassword-error')).toHaveText(translate('es-es', 'ERR_PWD_TOO_SHORT'));
  await expect(page.getByTestId('password-policy').locator('li').first()).toHaveAttribute('data-state', 'broken');
  await page.getByTestId('new-password').fill(password);
  await expect(page.getByTestId('newpassword-error')).toHaveCount(0);
  await expect(page.getByTestId('password-policy').locator('li').first()).toHaveAttribute('data-state', 'met');
  await page.getByTestId('confirm-password').fill(`${password}x`);
  await expect(page.getByTestId('confirm-error')).toHaveText(translate('es-es', 'ERR_PWD_MISMATCH'));
  await page.getByTestId('confirm-password').fill(password);
  await page.getByTestId('set-password-submit').click();
  await expect(page.getByTestId('password-set')).toHaveText(translate('es-es', 'PWD_SET_DONE'));
}

async function signInFresh(browser: Browser, login: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, login, password);
  return page;
}

test('a created user sets a password from the welcome mail, signs in, forgets it and recovers it', async ({
  page,
  browser,
}) => {
  const username = uniqueUsername('e2e.pwd');
  const email = `${username}@e2e.sello.local`;

  // The administrator creates the user: a welcome mail with a link goes out.
  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration/users');
  await page.getByTestId('admin-create').click();
  await page.getByTestId('field-userid').fill(username);
  await page.getByTestId('field-name').fill(`E2E ${username}`);
  await page.getByTestId('field-email').fill(email);
  await page.getByTestId('field-roleId').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: translate('es-es', 'ROLE_cust_ctr_mgr') })
    .click();
  await page.getByTestId('form-save').click();
  await expect(alertsWithKey(page, 'USER_CREATED_MAIL_SENT')).toBeVisible();
  const welcome = await waitForPasswordLink(email, 'Su cuenta de Sello');

  // The user opens the link in a browser of their own and chooses a password.
  const user = await (await browser.newContext()).newPage();
  await user.goto(welcome);
  await expect(user.getByTestId('set-password-form')).toContainText(username);
  await setPassword(user, 'Tres tristes tigres 2026');
  // The link works once (opened again, as from the mail: a fresh load).
  await user.goto(welcome);
  await user.reload();
  await expect(user.getByTestId('recovery-error')).toHaveAttribute('data-key', 'ERR_PWD_RECOVER_TOKEN');
  await signIn(user, username, 'Tres tristes tigres 2026');

  // Later the user forgets it: from the login page, 'forgot password'.
  const sentBefore = (await mailsTo(email)).length;
  const forgetful = await (await browser.newContext()).newPage();
  await forgetful.goto('/#/login');
  await forgetful.getByTestId('forgot-password').click();
  await expect(forgetful).toHaveURL(/#\/pwdrcvmail$/);
  await forgetful.getByTestId('recover-login').fill(username);
  await forgetful.getByTestId('recover-submit').click();
  await expect(forgetful.getByTestId('recover-sent')).toHaveText(translate('es-es', 'PWD_RECOVER_SENT'));
  const recovery = await waitForPasswordLink(email, 'Recupere su contraseña de Sello', sentBefore);

  // Opened in the browser still signed in: the session ends, the page reloads with the form.
  await user.goto(recovery);
  await expect(user.getByTestId('set-password-form')).toBeVisible();
  await expect(user.getByTestId('top-nav')).toHaveCount(0);
  await setPassword(user, 'Otra frase bastante larga');
  await expect
    .poll(async () => (await mailsTo(email)).some((mail) => mail.subject === 'Su contraseña de Sello ha cambiado'))
    .toBe(true);

  const oldOne = await (await browser.newContext()).newPage();
  await oldOne.goto('/#/login');
  await oldOne.getByTestId('login-user').fill(username);
  await oldOne.getByTestId('login-password').fill('Tres tristes tigres 2026');
  await oldOne.getByTestId('login-submit').click();
  await expect(oldOne.getByTestId('login-error')).toHaveAttribute('data-key', 'ERR_LOGIN_INVALID');
  await signInFresh(browser, username, 'Otra frase bastante larga');
});

test('an expired password is changed at sign-in', async ({ page }) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.exp'));
  const domainId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ domain_id: string }>(
      `UPDATE users SET password_changed_at = now() - interval '40 days' WHERE id = $1 RETURNING domain_id`,
      [user.id],
    );
    await client.query('UPDATE domains SET password_max_age_days = 30 WHERE id = $1', [rows[0]?.domain_id]);
    return rows[0]?.domain_id;
  });
  try {
    await page.goto('/#/login');
    await page.getByTestId('login-user').fill(user.username);
    await page.getByTestId('login-password').fill(E2E.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('expired-password-form')).toContainText(translate('es-es', 'ERR_PWD_EXPIRED'));
    // The same password again is refused by the server: it is one of the last five.
    await page.getByTestId('new-password').fill(E2E.password);
    await page.getByTestId('confirm-password').fill(E2E.password);
    await page.getByTestId('expired-submit').click();
    await expect(page.getByTestId('newpassword-error')).toHaveText(translate('es-es', 'ERR_PWD_REUSED'));
    await page.getByTestId('new-password').fill('Nueva clave para la primavera');
    await page.getByTestId('confirm-password').fill('Nueva clave para la primavera');
    await page.getByTestId('expired-submit').click();
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByTestId('top-nav')).toBeVisible();
  } finally {
    await withDatabase((client) =>
      client.query('UPDATE domains SET password_max_age_days = NULL WHERE id = $1', [domainId]),
    );
  }
});
