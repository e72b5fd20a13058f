import { expect as baseExpect, type Page, test } from '@playwright/test';

// The machine the browser tests share is slow at times: a screen may take long to load its data.
const expect = baseExpect.configure({ timeout: 60_000 });

import { E2E } from '../e2e-env.ts';
import { acceptCookies, alertsWithKey, logOut, setPreferences, signIn, translate, withDatabase } from './helpers.ts';

const SESSION = 'FRONTEND_SESSION_TIME_MINUTES';

/** Signs in through the form and answers how many minutes the new session lasts, as the server's answer says. */
async function signInMinutes(page: Page, login: string): Promise<number> {
  await page.goto('/#/login');
  await page.getByTestId('login-user').fill(login);
  await page.getByTestId('login-password').fill(E2E.password);
  const answer = page.waitForResponse((response) => response.url().endsWith('/rest/services/security/login'));
  await page.getByTestId('login-submit').click();
  const body = (await (await answer).json()) as { expiration: number };
  await expect(page).not.toHaveURL(/#\/login/);
  return Math.round((body.expiration - Date.now()) / 60_000);
}

test('a super admin changes the session length and the help manual on screen; both apply at once', async ({ page }) => {
  test.setTimeout(240_000);
  const previous = await setPreferences({ [SESSION]: '30', MANUAL_URL_ES: null });
  try {
    // Opened before signing in: the sign-in lands there (a super admin's landing page is the administration).
    await page.goto('/#/administration/settings');
    await expect(page).toHaveURL(/#\/login/);
    await page.getByTestId('login-user').fill('super.admin');
    await page.getByTestId('login-password').fill(E2E.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/#\/administration\/settings$/);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { name: translate('es-es', 'SETTINGS_TITLE') })).toBeVisible();
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-settings')).toBeVisible();
    await page.keyboard.press('Escape');

    const session = page.getByTestId(`setting-${SESSION}`);
    await expect(session).toHaveValue('30');
    // Outside its range: said next to the field, nothing saved.
    await session.fill('721');
    await page.getByTestId('platform-settings-save').click();
    await expect(page.getByText(translate('es-es', 'ERR_SETTING_OUT_OF_RANGE'))).toBeVisible();
    expect(await storedSession()).toBe('30');

    await session.fill('480');
    await page.getByTestId('setting-MANUAL_URL_ES').fill('https://ayuda.sello.test/manual.pdf');
    await page.getByTestId('platform-settings-save').click();
    await expect(alertsWithKey(page, 'OK_SETTINGS_SAVED')).toHaveCount(1);
    expect(await storedSession()).toBe('480');

    // The help menu offers the manual without a reload.
    await page.getByTestId('help-menu').click();
    await expect(page.getByTestId('help-manual')).toHaveAttribute('href', 'https://ayuda.sello.test/manual.pdf');
    await page.keyboard.press('Escape');

    // The next sign-in lasts the new length.
    await logOut(page);
    expect(await signInMinutes(page, 'company.user')).toBe(480);

    // The change is in the audit trail, with its before and after.
    const audit = await withDatabase(async (client) => {
      const { rows } = await client.query<{ changes: Record<string, unknown> }>(
        `SELECT changes FROM audit_records WHERE entity = 'preferences' AND actor_name = 'super.admin'
         ORDER BY id DESC LIMIT 1`,
      );
      return rows[0]?.changes;
    });
    expect(audit).toEqual({
      [SESSION]: { before: '30', after: '480' },
      MANUAL_URL_ES: { before: null, after: 'https://ayuda.sello.test/manual.pdf' },
    });
  } finally {
    await setPreferences(previous);
  }
});

test("a domain admin gives their domain its own session length; the domain's users get it", async ({ page }) => {
  test.setTimeout(240_000);
  const previous = await setPreferences({ [SESSION]: '30' });
  try {
    await signIn(page, 'domain.admin');
    await acceptCookies(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-settings').click();
    await expect(page).toHaveURL(/#\/administration\/settings$/);
    // Platform settings are for super admins only.
    await expect(page.getByTestId('platform-settings')).toHaveCount(0);
    const own = page.getByTestId('domain-setting-session');
    await expect(own).toHaveAttribute('placeholder', '30');
    await own.fill('240');
    await page.getByTestId('domain-settings-save').click();
    await expect(alertsWithKey(page, 'OK_SETTINGS_SAVED')).toHaveCount(1);
    await logOut(page);
    expect(await signInMinutes(page, 'company.user')).toBe(240);
  } finally {
    await withDatabase((client) => client.query('DELETE FROM domain_preferences'));
    await setPreferences(previous);
  }
});

function storedSession(): Promise<string | null> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ value: string | null }>('SELECT value FROM preferences WHERE name = $1', [
      SESSION,
    ]);
    return rows[0]?.value ?? null;
  });
}
