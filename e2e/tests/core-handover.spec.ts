import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { currentTotp } from '../../apps/server/test/totp-reference.ts';
import { E2E } from '../e2e-env.ts';
import { apiSignIn, createUserLike, translate, uniqueUsername, withDatabase } from './helpers.ts';

/** The core platform's server-to-server call, signed with the shared secret. */
async function askHandover(body: { login: string; uuid?: string }): Promise<{ path: string }> {
  const raw = JSON.stringify(body);
  const response = await fetch(`${E2E.baseUrl}/rest/services/security/saml/coreHandover`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sello-signature': createHmac('sha256', E2E.coreHandoverSecret).update(raw).digest('hex'),
    },
    body: raw,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { path: string };
}

test('the core platform hands a user over to a shipping; the link works once', async ({ page, browser }) => {
  const shipping = await withDatabase(async (client) => {
    const result = await client.query<{ id: string; guid: string }>(
      `SELECT s.id, s.guid FROM shippings s JOIN users u ON u.id = s.sender_id
       WHERE u.username = 'company.user' AND s.deleted_at IS NULL ORDER BY s.id LIMIT 1`,
    );
    return result.rows[0]!;
  });
  const { path } = await askHandover({ login: 'company.user', uuid: shipping.guid });
  expect(path).toContain(`/saml/samlCoreLogin/`);

  await page.goto(`/#${path}`);
  await expect(page).toHaveURL(new RegExp(`#/shippings/detail/${shipping.id}$`));
  await expect(page.getByTestId('top-nav')).toBeVisible();

  // The same link in a fresh browser is refused on the login page.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(`${E2E.baseUrl}/#${path}`);
  await expect(other).toHaveURL(/#\/login$/);
  const error = other.getByTestId('login-error');
  await expect(error).toHaveAttribute('data-key', 'ERR_HANDOVER_INVALID');
  await expect(error).toHaveText(translate('es-es', 'ERR_HANDOVER_INVALID'));
  await fresh.close();
});

test('a hand-over still asks the second factor of a user who has one', async ({ page }) => {
  const user = await createUserLike('company.user', uniqueUsername('e2e.core2fa'));
  const { api } = await apiSignIn(user.username);
  const { secret } = (await (await api.post('/rest/services/account/twoFactor/enrol')).json()) as { secret: string };
  expect(
    (await api.post('/rest/services/account/twoFactor/confirm', { data: { code: currentTotp(secret) } })).status(),
  ).toBe(200);
  await api.dispose();

  const { path } = await askHandover({ login: user.username });
  await page.goto(`/#${path}`);
  await expect(page.getByTestId('two-factor-form')).toBeVisible();
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
  await page.getByTestId('two-factor-code').fill(currentTotp(secret, 1));
  const answered = page.waitForResponse((response) => response.url().includes('/security/twoFactorLogin'));
  await page.getByTestId('two-factor-submit').click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId('top-nav')).toBeVisible();
  await expect(page).not.toHaveURL(/saml|login/);
});
