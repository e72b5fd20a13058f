import { expect, test } from '@playwright/test';
import { acceptCookies, alertsWithKey, signIn, translate, withDatabase } from './helpers.ts';
import { EMAIL, hasPreselectedCompany, openForm, pick } from './shipping-form.ts';

const stamp = Date.now().toString(36).toUpperCase();

test.describe('what people type is not lost (issue 14)', () => {
  test('keeps the new-shipping form as a draft on the server across a forced sign-out and offers it back', async ({
    page,
  }) => {
    await signIn(page, 'company.admin');
    await acceptCookies(page);
    await openForm(page, 'Notarial notification', EMAIL);
    const reference = `DRAFT-${stamp}`;
    await page.getByTestId('create-reference').fill(reference);
    await page.getByTestId('create-subject').fill('Aviso que no debe perderse');
    await page.getByTestId('receiver-name-0').fill('Lucía Pérez');
    const saved = page.waitForResponse(
      (response) => response.url().includes('/drafts/saveDraft') && response.status() === 200,
    );
    await page.getByTestId('receiver-email-0').fill('lucia@example.es');
    await saved;

    // Nothing of it in the browser's storage: the draft lives on the server, for this user.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(reference);
    const rows = await withDatabase((client) =>
      client.query<{ payload: { reference?: string } }>(
        `SELECT d.payload FROM form_drafts d JOIN users u ON u.id = d.user_id
          WHERE u.username = 'company.admin' AND d.form = '/shippings/create'`,
      ),
    );
    expect(rows.rows[0]?.payload.reference).toBe(reference);

    // The session is ended on the server (as an administrator or an expiry would): the next call signs out.
    await withDatabase((client) =>
      client.query(
        `UPDATE sessions SET revoked_at = now(), expires_at = now()
          WHERE user_id = (SELECT id FROM users WHERE username = 'company.admin') AND revoked_at IS NULL`,
      ),
    );
    await page.goto('/#/shippings');
    // The console's own sign-out reloads /login?t=…; the user is told why once it has landed. Navigating before
    // that reload lands would race it.
    await expect(page).toHaveURL(/#\/login\?t=\d+$/);
    await expect(alertsWithKey(page, 'ERR_TKN_INVALID')).toBeVisible();

    // After the next sign-in the console offers the form that kept a draft.
    await signIn(page, 'company.admin');
    const waiting = alertsWithKey(page, 'DRAFT_WAITING');
    await expect(waiting).toBeVisible();
    await waiting.getByTestId('alert-action').click();
    await expect(page).toHaveURL(/#\/shippings\/create$/);
    const offer = page.getByTestId('draft-offer');
    await expect(offer).toBeVisible();
    await expect(page.getByTestId('create-reference')).toHaveValue('');
    await page.getByTestId('draft-restore').click();
    await expect(page.getByTestId('create-reference')).toHaveValue(reference);
    await expect(page.getByTestId('create-subject')).toHaveValue('Aviso que no debe perderse');
    await expect(page.getByTestId('receiver-name-0')).toHaveValue('Lucía Pérez');
    await expect(page.getByTestId('receiver-email-0')).toHaveValue('lucia@example.es');
    await expect(offer).toHaveCount(0);

    await expect(alertsWithKey(page, 'DRAFT_WAITING')).toHaveCount(0);

    // Restoring keeps the draft until the shipping is sent; discarded, it is offered no more.
    await page.reload();
    await expect(page.getByTestId('draft-offer')).toBeVisible();
    await page.getByTestId('draft-discard').click();
    await expect(page.getByTestId('draft-offer')).toHaveCount(0);
    const read = page.waitForResponse((response) => response.url().includes('/drafts/readDrafts'));
    await page.reload();
    expect(await (await read).json()).toEqual([]);
    await expect(page.getByTestId('shipping-create')).toBeVisible();
    await expect(page.getByTestId('draft-offer')).toHaveCount(0);
  });

  test('says, as soon as the type is chosen, whether the shipping needs authorisation and by whom', async ({
    page,
  }) => {
    await signIn(page, 'company.admin');
    await acceptCookies(page);
    await page.goto('/#/shippings/create');
    await expect(page.getByTestId('shipping-create')).toBeVisible();
    if (!(await hasPreselectedCompany(page))) await pick(page, 'create-company', /./);
    await expect(page.getByTestId('create-auth-notice')).toHaveCount(0);

    await pick(page, 'create-type', 'Deed acceptance', 'Deed');
    const notice = page.getByTestId('create-auth-notice');
    await expect(notice).toHaveAttribute('data-needs-auth', 'yes');
    await expect(notice).toContainText(
      translate('es-es', 'CREATE_AUTH_NEEDED_BY', { names: 'Marta Lopes', count: 48 }),
    );

    await pick(page, 'create-type', 'Notarial notification', 'Notarial');
    await expect(notice).toHaveAttribute('data-needs-auth', 'no');
    await expect(notice).toContainText(translate('es-es', 'CREATE_AUTH_NOT_NEEDED'));
  });
});
