import { expect, test } from '@playwright/test';
import { acceptCookies, signIn, withDatabase } from './helpers.ts';
import { EMAIL, openForm, pick, pickShown } from './shipping-form.ts';

/** The demo's notarial notice in each receiver language: the type's default template and the subject it writes. */
const DEFAULTS = [
  { language: 'Español', template: 'Aviso notarial', subject: 'Notificación notarial' },
  { language: 'English', template: 'Notarial notice', subject: 'Notarial notification' },
  { language: 'Português', template: 'Notificação notarial', subject: 'Notificação notarial' },
];

test("the new-shipping form starts with the type's default in the receiver's language (es, en, pt)", async ({
  page,
}) => {
  await signIn(page, 'company.user');
  await acceptCookies(page);
  await openForm(page, 'Notarial notification', EMAIL);
  // The receiver starts in the sender's language (Spanish): the Spanish default, never the English one.
  await expect(page.getByTestId('receiver-language-0')).toContainText('Español');
  for (const expected of [DEFAULTS[0]!, DEFAULTS[1]!, DEFAULTS[2]!, DEFAULTS[0]!]) {
    await pickShown(page, 'receiver-language-0', expected.language);
    await expect(page.getByTestId('create-template')).toContainText(expected.template);
    await expect(page.getByTestId('create-subject')).toHaveValue(expected.subject);
    await expect(page.getByTestId('create-template-language')).toHaveCount(0);
  }
  // A template the sender chooses stays when the receiver's language changes.
  await pick(page, 'create-template', 'Acceptance request', 'Acceptance');
  await pickShown(page, 'receiver-language-0', 'Português');
  await expect(page.getByTestId('create-template')).toContainText('Acceptance request');
});

test('the type editor shows the default template of each language', async ({ page }) => {
  const typeId = await withDatabase(async (client) => {
    const type = await client.query<{ id: string }>(
      "SELECT id FROM shipping_types WHERE name = 'Notarial notification'",
    );
    return Number(type.rows[0]!.id);
  });
  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto(`/#/types/edit/${typeId}`);
  const section = page.getByTestId('type-default-templates');
  await expect(section).toBeVisible();
  await expect(page.getByTestId('field-defaultTemplate-HTML-es-es')).toContainText('Aviso notarial');
  await expect(page.getByTestId('field-defaultTemplate-HTML-en-en')).toContainText('Notarial notice');
  await expect(page.getByTestId('field-defaultTemplate-HTML-pt-pt')).toContainText('Notificação notarial');
  // Each language offers only the templates written in it.
  await page.getByTestId('field-defaultTemplate-HTML-pt-pt').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  await expect(options.filter({ hasText: 'Notarial notice' })).toHaveCount(0);
});
