import { expect, type Page, test } from '@playwright/test';
import { E2E } from '../e2e-env.ts';
import { createUserLike, signIn, storedConsoleItems, translate, uniqueUsername, userColumn } from './helpers.ts';

/** Submits the login form and waits for the server's answer; returns its status. */
async function submitLogin(page: Page, login: string, password: string): Promise<number> {
  await page.getByTestId('login-user').fill(login);
  await page.getByTestId('login-password').fill(password);
  const answered = page.waitForResponse((response) => response.url().includes('/rest/services/security/login'));
  await page.getByTestId('login-submit').click();
  return (await answered).status();
}

async function expectLoginError(page: Page, key: string): Promise<void> {
  const error = page.getByTestId('login-error');
  await expect(error).toHaveAttribute('data-key', key);
  await expect(error).toHaveText(translate('es-es', key));
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
  expect(await storedConsoleItems(page)).toEqual({});
}

test('a wrong password or an unknown user shows the translated ERR_LOGIN_INVALID', async ({ page }) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.wrong'));
  await page.goto('/#/login');

  expect(await submitLogin(page, user.username, 'Not-The-Password-1')).toBe(401);
  await expectLoginError(page, 'ERR_LOGIN_INVALID');

  // An unknown user reads exactly the same, so user names cannot be probed.
  expect(await submitLogin(page, 'nobody.at.all', 'Not-The-Password-1')).toBe(401);
  await expectLoginError(page, 'ERR_LOGIN_INVALID');

  // The right password still works after a failure.
  expect(await submitLogin(page, user.username, E2E.password)).toBe(200);
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByTestId('login-error')).toHaveCount(0);
});

test('five failed sign-ins delay the login from this network for a while; the fifth still reads as invalid, then every attempt shows ERR_LOGIN_DELAYED', async ({
  page,
}) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.lock'));
  await page.goto('/#/login');

  for (let attempt = 1; attempt <= 4; attempt++) {
    expect(await submitLogin(page, user.username, `Wrong-Password-${attempt}`), `attempt ${attempt}`).toBe(401);
    await expectLoginError(page, 'ERR_LOGIN_INVALID');
  }
  expect(await userColumn(user.username, 'locked_until')).toBeNull();

  // The fifth wrong password delays this network, but answers as any wrong password does: nobody learns it.
  expect(await submitLogin(page, user.username, 'Wrong-Password-5')).toBe(401);
  await expectLoginError(page, 'ERR_LOGIN_INVALID');
  // Administrators see the account locked for a while (written after the answer), never blocked.
  await expect.poll(() => userColumn(user.username, 'locked_until')).not.toBeNull();
  expect(await userColumn(user.username, 'blocked')).toBe(false);

  expect(await submitLogin(page, user.username, E2E.password)).toBe(429);
  await expectLoginError(page, 'ERR_LOGIN_DELAYED');

  // Other accounts are not affected.
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/home$/);
});
