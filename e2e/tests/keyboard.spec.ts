import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E } from '../e2e-env.ts';
import { pinFromOutbox, sendAcceptance, shippingState } from './portal-helpers.ts';
import { hasPreselectedCompany } from './shipping-form.ts';

// No test here touches the mouse: Tab, Shift+Tab, typing, Enter, Space, the arrows and Escape only.

/** Presses Tab until the focus is on (or inside) `target`; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focus is on `target` or inside it (an antd field's test id is on its box). */
async function expectFocusIn(target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

/** The focused element, or the box of the antd field it is the input of, draws a focus outline. */
async function expectFocusRing(page: Page): Promise<void> {
  const outlined = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const box =
      element.closest<HTMLElement>('.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker') ?? element;
    const style = getComputedStyle(box);
    return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
  });
  expect(outlined, 'a visible focus ring').toBe(true);
}

async function chooseOption(page: Page, select: Locator, typed: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(typed);
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last()).toBeVisible();
  await page.keyboard.press('Enter');
}

async function signInByKeyboard(page: Page, login: string): Promise<void> {
  await page.goto('/#/login');
  await tabTo(page, page.getByTestId('login-user'));
  await expectFocusRing(page);
  await page.keyboard.type(login);
  await page.keyboard.press('Tab');
  await expectFocusIn(page.getByTestId('login-password'));
  await expectFocusRing(page);
  await page.keyboard.type(E2E.password);
  // The password's show/hide button may come between: Tab on to the submit button.
  await tabTo(page, page.getByTestId('login-submit'), 3);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/#\/login/);
}

test('signs in with the keyboard alone, the focus visible on every stop', async ({ page }) => {
  await signInByKeyboard(page, 'company.user');
  await expect(page.getByTestId('top-nav')).toBeVisible();
});

test('creates a shipping with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByKeyboard(page, 'company.admin');
  await page.goto('/#/shippings/create');
  await expect(page.getByTestId('shipping-create')).toBeVisible();
  const reference = `KBD-${Date.now().toString(36).toUpperCase()}`;

  if (!(await hasPreselectedCompany(page))) await chooseOption(page, page.getByTestId('create-company'), 'Notar');
  await chooseOption(page, page.getByTestId('create-type'), 'Certified SMS');
  await chooseOption(page, page.getByTestId('create-channel'), 'SMS');
  await expect(page.getByTestId('create-message-use')).toHaveAttribute('aria-busy', 'false');
  for (const [testId, text] of [
    ['create-reference', reference],
    ['create-subject', `Keyboard ${reference}`],
    ['create-message', `Keyboard message ${reference}`],
    ['receiver-name-0', 'Keyboard Receiver'],
    ['receiver-mobile-0', '+34612345678'],
    ['receiver-document-0', '12345678Z'],
  ] as const) {
    await tabTo(page, page.getByTestId(testId));
    await expectFocusRing(page);
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByTestId('create-submit'));
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/shippings\/detail\/\d+$/);
  await expect(page.getByTestId('shipping-detail')).toContainText(reference);

  // The header's groups open from the keyboard, and Escape gives the focus back to the group's button.
  const group = page.getByTestId('navgroup-MENU_GROUP_SETUP');
  await tabTo(page, group);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('nav-MENU_TEMPLATES')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(group).toBeFocused();
  await expect(group).toHaveAttribute('aria-expanded', 'false');

  // A dialog takes the focus when it opens and gives it back to what opened it when it closes.
  const report = page.getByTestId('report-error');
  await tabTo(page, report, 200);
  await page.keyboard.press('Enter');
  const dialog = page.locator('[role="dialog"][aria-modal="true"]');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();
});

test('a receiver accepts with the PIN using the keyboard alone', async ({ page }) => {
  const sent = await sendAcceptance('en-en', `Keyboard PIN ${Date.now().toString(36)}`);
  await page.goto(`/portal/#/r/${sent.token}`);
  const requestPin = page.getByRole('button', { name: 'Send me a PIN' });
  await tabTo(page, requestPin);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('.portal-note', { hasText: '678' })).toBeVisible();
  const pinField = page.locator('input[inputmode=numeric]');
  const pin = await pinFromOutbox(sent.receiverId);
  await tabTo(page, pinField);
  await expectFocusRing(page);
  await page.keyboard.type(pin);
  await tabTo(page, page.getByRole('button', { name: 'Accept with the PIN' }));
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('You have accepted. Thank you.');
  expect((await shippingState(sent.shippingId))?.result).toBe('accepted');
});
