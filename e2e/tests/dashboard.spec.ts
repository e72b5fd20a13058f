import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, apiSignIn, type Language, signIn, translate } from './helpers.ts';

type TDashboard = {
  total: number;
  byState: { state: string; count: number }[];
  pendingAuthorisations: number;
};

/** The dashboard the server answers `login` for the last 30 days, as the console asks for it. */
async function dashboardOf(login: string, scope: 'own' | 'all' = 'all'): Promise<TDashboard> {
  const { api, token } = await apiSignIn(login);
  try {
    const today = new Date();
    const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29).getTime();
    const to = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 23, 59, 59, 999).getTime();
    const response = await api.get(
      `/rest/services/shippings/dashboard?filterFrom=${from}&filterTo=${to}&scope=${scope}&timeZone=UTC`,
      { headers: { 'auth-token': token } },
    );
    expect(response.status()).toBe(200);
    return (await response.json()) as TDashboard;
  } finally {
    await api.dispose();
  }
}

async function openDashboard(page: Page, login: string): Promise<void> {
  await signIn(page, login);
  await acceptCookies(page);
  await page.goto('/#/home');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('dashboard-total')).toBeVisible();
}

test('the dashboard shows the counts, and a state bar opens the list of that state only', async ({ page }) => {
  const expected = await dashboardOf('company.admin');
  expect(expected.total).toBeGreaterThan(0);
  await openDashboard(page, 'company.admin');

  await expect(page.getByTestId('dashboard-total')).toHaveAttribute('data-count', String(expected.total));
  await expect(page.getByTestId('dashboard-total')).toContainText(String(expected.total));
  const present = expected.byState.filter((entry) => entry.count > 0);
  for (const { state, count } of present) {
    const bar = page.getByTestId(`dashboard-state-${state}`);
    await expect(bar).toHaveAttribute('data-count', String(count));
    await expect(bar).toHaveAccessibleName(
      translate('es-es', 'DASHBOARD_BAR_LABEL', { label: translate('es-es', `SHIPPING_STATE_${state}`), count }),
    );
  }
  // States without shippings draw no bar.
  const absent = expected.byState.find((entry) => entry.count === 0);
  if (absent) await expect(page.getByTestId(`dashboard-state-${absent.state}`)).toHaveCount(0);

  // The most frequent state: its bar lands on the list of all shippings filtered by it.
  const { state, count } = [...present].sort((a, b) => b.count - a.count)[0]!;
  await page.getByTestId(`dashboard-state-${state}`).click();
  await expect(page).toHaveURL(/#\/shippings\/all\?/);
  expect(new URL(page.url().replace('/#/', '/')).searchParams.get('filters')).toBe(JSON.stringify({ state }));
  await expect(page.getByTestId('pager-total')).toHaveText(translate('es-es', 'PAGER_TOTAL', { count }));
  const states = page.locator('[data-testid^="row-state-"]');
  await expect(states).toHaveCount(Math.min(count, 10));
  for (const shown of await states.all()) await expect(shown).toHaveAttribute('data-state', state);
  await expect(page.getByTestId(`list-filter-tag-state`)).toBeVisible();
});

test('a day bar opens the list of that day, and the scope switch counts only the own shippings', async ({ page }) => {
  const own = await dashboardOf('company.admin', 'own');
  await openDashboard(page, 'company.admin');
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  const todayBar = page.getByTestId(`dashboard-day-${today}`);
  const todayCount = Number(await todayBar.getAttribute('data-count'));
  await todayBar.click();
  await expect(page).toHaveURL(new RegExp(`#/shippings/all\\?from=${today}&to=${today}$`));
  await expect(page.getByTestId('pager-total')).toHaveText(translate('es-es', 'PAGER_TOTAL', { count: todayCount }));

  await page.goto('/#/home');
  await page.getByTestId('dashboard-scope').getByText(translate('es-es', 'SHIPPINGS_VIEW_OWN')).click();
  await expect(page).toHaveURL(/#\/home\?scope=own$/);
  await expect(page.getByTestId('dashboard-total')).toHaveAttribute('data-count', String(own.total));
});

const PENDING_LANGUAGE: Language = 'pt-pt';

test('an authoriser in Portuguese sees the pending tile translated and reaches the authorisations list', async ({
  page,
}) => {
  const expected = await dashboardOf('company.manager');
  await openDashboard(page, 'company.manager');
  const tile = page.getByTestId('dashboard-pending');
  await expect(tile).toHaveAttribute('data-count', String(expected.pendingAuthorisations));
  await expect(tile).toContainText(translate(PENDING_LANGUAGE, 'DASHBOARD_PENDING'));
  await expect(page.getByText(translate(PENDING_LANGUAGE, 'DASHBOARD_BY_STATE'), { exact: true })).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(/#\/shippings\?view=auth$/);
  await expect(page.getByTestId('pager-total')).toHaveText(
    translate(PENDING_LANGUAGE, 'PAGER_TOTAL', { count: expected.pendingAuthorisations }),
  );
});

test('an English-speaking user reads the dashboard in English', async ({ page }) => {
  await openDashboard(page, 'sandbox.user');
  for (const key of ['DASHBOARD_BY_STATE', 'DASHBOARD_BY_RESULT', 'DASHBOARD_BY_DAY', 'DASHBOARD_RECENT_ERRORS']) {
    await expect(page.getByText(translate('en-en', key), { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('dashboard-pending')).toContainText(translate('en-en', 'DASHBOARD_PENDING'));
  await expect(page.getByTestId('dashboard-total')).toContainText(translate('en-en', 'DASHBOARD_TOTAL'));
});
