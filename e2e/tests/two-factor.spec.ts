import { expect, type Page, test } from '@playwright/test';
import { currentTotp } from '../../apps/server/test/totp-reference.ts';
import { E2E } from '../e2e-env.ts';
import {
  acceptCookies,
  apiSignIn,
  createUserLike,
  logOut,
  translate,
  uniqueUsername,
  withDatabase,
} from './helpers.ts';

/** The password step of the login form; answers once the server has answered. */
async function submitPassword(page: Page, login: string) {
  await page.goto('/#/login');
  await page.getByTestId('login-user').fill(login);
  await page.getByTestId('login-password').fill(E2E.password);
  const answered = page.waitForResponse((response) => response.url().includes('/rest/services/security/login'));
  await page.getByTestId('login-submit').click();
  await answered;
}

/** Signed in: the top bar shows and the login screen is gone (the console returns to the last page). */
async function expectSignedIn(page: Page) {
  await expect(page.getByTestId('top-nav')).toBeVisible();
  await expect(page).not.toHaveURL(/#\/login/);
}

async function submitCode(page: Page, code: string) {
  await page.getByTestId('two-factor-code').fill(code);
  const answered = page.waitForResponse((response) => response.url().includes('/security/twoFactorLogin'));
  await page.getByTestId('two-factor-submit').click();
  return (await answered).status();
}

test('a user enrols an authenticator, signs in with its code, trusts the browser and is not asked again', async ({
  page,
}) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.totp'));
  await submitPassword(page, user.username);
  await expect(page).toHaveURL(/#\/home$/);
  await acceptCookies(page);

  // Enrolment on the account screen: QR code and key, confirmed by a first code; ten recovery codes once.
  await page.goto('/#/account');
  await expect(page.getByTestId('two-factor-state')).toHaveAttribute('data-enrolled', 'false');
  await page.getByTestId('two-factor-enrol').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByTestId('two-factor-confirm-code').fill('000000');
  await page.getByTestId('two-factor-confirm').click();
  await expect(page.getByTestId('two-factor-confirm-error')).toHaveText(translate('es-es', 'ERR_2FA_CODE_INVALID'));
  await page.getByTestId('two-factor-confirm-code').fill(currentTotp(secret));
  await page.getByTestId('two-factor-confirm').click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await expect(page.getByTestId('two-factor-state')).toHaveAttribute('data-enrolled', 'true');
  await logOut(page);

  // The password alone no longer opens the session: the code of the next step does.
  await submitPassword(page, user.username);
  await expect(page.getByTestId('two-factor-form')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  await page.getByTestId('two-factor-trust').check();
  expect(await submitCode(page, currentTotp(secret, 1))).toBe(200);
  await expectSignedIn(page);
  await logOut(page);

  // Within the cool-down this browser goes straight in after the password.
  await submitPassword(page, user.username);
  await expectSignedIn(page);
  await expect(page.getByTestId('two-factor-form')).toHaveCount(0);
  const trusted = await withDatabase(async (client) => {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM trusted_browsers WHERE user_id = $1', [
      user.id,
    ]);
    return rows[0].n as number;
  });
  expect(trusted).toBe(1);
});

test('five wrong codes end the attempt and lead back to the password', async ({ page }) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.totp5'));
  const { api } = await apiSignIn(user.username);
  const { secret } = (await (await api.post('/rest/services/account/twoFactor/enrol')).json()) as { secret: string };
  const confirmed = await api.post('/rest/services/account/twoFactor/confirm', { data: { code: currentTotp(secret) } });
  expect(confirmed.status()).toBe(200);
  await api.dispose();

  await submitPassword(page, user.username);
  await expect(page.getByTestId('two-factor-form')).toBeVisible();
  const wrong = String((Number(currentTotp(secret, 1)) + 500_000) % 1_000_000).padStart(6, '0');
  for (let attempt = 1; attempt <= 4; attempt++) {
    expect(await submitCode(page, wrong)).toBe(401);
    await expect(page.getByTestId('two-factor-error')).toContainText(
      translate('es-es', 'TWO_FACTOR_ATTEMPTS_LEFT', { count: 5 - attempt }),
    );
  }
  expect(await submitCode(page, wrong)).toBe(401);
  // Back at the password, with the reason; the session is not open.
  await expect(page.getByTestId('two-factor-form')).toHaveCount(0);
  await expect(page.getByTestId('login-error')).toHaveAttribute('data-key', 'ERR_2FA_CHALLENGE_ENDED');
  await expect(page.getByTestId('login-error')).toHaveText(translate('es-es', 'ERR_2FA_CHALLENGE_ENDED'));
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
  await expect(page.getByTestId('login-password')).toHaveValue('');
});
