import { expect, type Page } from '@playwright/test';

/**
 * Opens an antd select by its test id and picks the option whose text contains `text`. Only the
 * dropdown that is open counts: the one of the select chosen just before may still be fading out
 * (opacity 0, no pointer events) and hold an option with the same text, e.g. the type "Certified SMS"
 * when the channel "SMS" is picked next.
 */
export async function pick(
  page: Page,
  testId: string,
  text: string | RegExp,
  typed?: string,
  timeout?: number,
): Promise<void> {
  await page.getByTestId(testId).click();
  // The option lists are virtual: type to bring the option into view.
  if (typed) await page.keyboard.type(typed);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"]) .ant-select-item-option', {
      hasText: text,
    })
    .first()
    .click({ timeout });
}

/**
 * Picks an option and waits until the select shows it. A click the form swallows while it re-renders (it fills the
 * template as the receiver's language changes) is tried again.
 */
export async function pickShown(page: Page, testId: string, text: string): Promise<void> {
  const select = page.getByTestId(testId);
  await expect(async () => {
    if (!((await select.textContent()) ?? '').includes(text)) await pick(page, testId, text, undefined, 5_000);
    await expect(select).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

export const EMAIL = /^(Correo electrónico|E-mail)$/;

/**
 * Whether the form chose the user's only company: asked once the companies have arrived (the select stops showing
 * its loading icon), since the form chooses it in the same paint.
 */
export async function hasPreselectedCompany(page: Page): Promise<boolean> {
  const select = page.getByTestId('create-company');
  await expect(select.locator('.anticon-loading')).toHaveCount(0);
  return (await select.locator('.ant-select-selection-item').count()) > 0;
}

export async function openForm(page: Page, type: string, channel: string | RegExp): Promise<void> {
  await page.goto('/#/shippings/create');
  await expect(page.getByTestId('shipping-create')).toBeVisible();
  if (!(await hasPreselectedCompany(page))) await pick(page, 'create-company', /./);
  await pick(page, 'create-type', type, type);
  await pick(page, 'create-channel', channel);
  // The type's template for the channel is read (it may write the subject); the subject is typed after it.
  await expect(page.getByTestId('create-message-use')).toHaveAttribute('aria-busy', 'false');
}
