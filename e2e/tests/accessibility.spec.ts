import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, apiSignIn, chooseLanguageFromUserMenu, signIn } from './helpers.ts';

const LANGUAGES = ['es-es', 'en-en', 'pt-pt'] as const;

/** Serious and critical axe-core violations of the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

async function firstShippingId(): Promise<number> {
  const { api } = await apiSignIn('domain.admin');
  const answer = await api.get('/rest/services/shippings/shippingslist?scope=all&first=0&pageSize=1');
  const { rows } = (await answer.json()) as { rows: { requestId: number }[] };
  await api.dispose();
  return rows[0]!.requestId;
}

const SCREENS: { path: (id: number) => string; ready: string }[] = [
  { path: () => '/#/home', ready: 'dashboard' },
  { path: () => '/#/shippings/all', ready: 'shippings-selected-count' },
  { path: (id) => `/#/shippings/detail/${id}`, ready: 'shipping-detail' },
  { path: () => '/#/account', ready: 'account-data' },
  { path: () => '/#/faqs', ready: 'faqs' },
];

// The sign-in page belongs to issue 13 (a `p` of too little contrast remains there).
test.fixme('the sign-in page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/#/login');
  await acceptCookies(page);
  expect(await seriousViolations(page)).toEqual([]);
});

// Not yet green (issue 14, left for a follow-up): the dashboard links' aria-label differs from their visible
// text (label-content-name-mismatch), the list's and the account page's antd Select inputs have no label, and
// the gold tag's text lacks contrast. Run it with `--grep accessibility` after removing `fixme` to list them.
for (const language of LANGUAGES) {
  test.fixme(`the console screens have no serious or critical accessibility violation in ${language}`, async ({
    page,
  }) => {
    const id = await firstShippingId();
    await page.goto('/#/login');
    await acceptCookies(page);
    await signIn(page, 'domain.admin');
    await chooseLanguageFromUserMenu(page, language);
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen.path(id));
      await expect(page.getByTestId(screen.ready).first()).toBeVisible();
      found.push(...(await seriousViolations(page)).map((line) => `${screen.path(id)} ${line}`));
    }
    expect(found).toEqual([]);
  });
}
