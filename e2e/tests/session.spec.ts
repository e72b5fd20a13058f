import { expect, type Page, test } from '@playwright/test';
import { alertsWithKey, logOut, setPreferences, signIn, storedConsoleItems, translate } from './helpers.ts';

/** A 1.5-minute session: the warning comes after 30 s, the refresh threshold after 45 s. */
const SESSION_MINUTES = '1.5';
const SESSION_MS = 90_000;

let restore: Record<string, string | null> = {};

test.beforeAll(async () => {
  restore = await setPreferences({ FRONTEND_SESSION_TIME_MINUTES: SESSION_MINUTES });
});

test.afterAll(async () => {
  await setPreferences(restore);
});

/** Every distinct alert element the message area ever shows in this document, in order, as `kind:key`. */
async function recordAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const elements = new WeakSet<Element>();
    (window as unknown as { alertLog: string[] }).alertLog = seen;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const found = [node, ...node.querySelectorAll<HTMLElement>('[data-testid^="alert-"]')];
          for (const element of found) {
            const testId = element.dataset.testid;
            // React may move an element it already shows; that is not a new alert.
            if (!testId?.startsWith('alert-') || elements.has(element)) continue;
            elements.add(element);
            seen.push(`${testId.slice(6)}:${element.dataset.key}`);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

function alertLog(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { alertLog: string[] }).alertLog);
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('frontendweb_token'));
}

async function tokenWorks(page: Page, token: string): Promise<number> {
  return (await page.request.get('/rest/services/account/users/read', { headers: { 'auth-token': token } })).status();
}

test('the session warns a minute before it ends, then signs the user out with ERR_TKN_INVALID shown once', async ({
  page,
}) => {
  await page.clock.install();
  await recordAlerts(page);
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/home$/);
  const token = await storedToken(page);
  expect(token).not.toBeNull();

  // The server granted the preference's session time.
  const left = await page.evaluate(() => Number(localStorage.getItem('frontendweb_expiration')) - Date.now());
  expect(left).toBeGreaterThan(SESSION_MS - 15_000);
  expect(left).toBeLessThanOrEqual(SESSION_MS);
  await expect(alertsWithKey(page, 'SESSION_END_INFO')).toHaveCount(0);

  // Within the next 30-second checks one finds less than a minute left. Time moves in 5 s steps so the
  // check's phase (when its interval started while the page loaded) does not matter.
  const warning = page.getByTestId('alert-warning');
  await expect
    .poll(
      async () => {
        if ((await warning.count()) === 0) await page.clock.fastForward(5_000);
        return warning.count();
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(1);
  const leftAtWarning = await page.evaluate(() => Number(localStorage.getItem('frontendweb_expiration')) - Date.now());
  expect(leftAtWarning).toBeGreaterThan(0);
  expect(leftAtWarning).toBeLessThan(60_000);
  await expect(warning).toHaveAttribute('data-key', 'SESSION_END_INFO');
  await expect(warning).toContainText(translate('es-es', 'SESSION_END_INFO'));
  await expect(page).toHaveURL(/#\/home$/);

  // A minute later the session is over.
  await page.clock.fastForward(60_000);
  await expect(page).toHaveURL(/#\/login\?t=\d+$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  const expired = alertsWithKey(page, 'ERR_TKN_INVALID');
  await expect(expired).toHaveCount(1);
  await expect(expired).toHaveAttribute('data-testid', 'alert-error');
  await expect(expired).toContainText(translate('es-es', 'ERR_TKN_INVALID'));
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
  expect(await storedConsoleItems(page)).toEqual({});

  // Let the alert run its course: it was shown once and never again.
  await page.clock.runFor(6_000);
  await expect(expired).toHaveCount(0);
  expect((await alertLog(page)).filter((entry) => entry.endsWith(':ERR_TKN_INVALID'))).toEqual([
    'error:ERR_TKN_INVALID',
  ]);

  // The console ended the session on the server too.
  await expect.poll(() => tokenWorks(page, token!)).toBe(401);
});

test('a click after half the session time extends the session', async ({ page }) => {
  await page.clock.install();
  const refreshCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/services/security/refreshToken')) refreshCalls.push(request.url());
  });
  await signIn(page, 'company.user');
  const heading = page.getByRole('heading', { level: 2 });
  await expect(heading).toBeVisible();
  const firstToken = await storedToken(page);
  const firstExpiration = await page.evaluate(() => Number(localStorage.getItem('frontendweb_expiration')));

  // Early in the session a click changes nothing.
  await heading.click();

  // Past half of the 90 s, a click asks for a new token.
  await page.clock.fastForward(50_000);
  const refreshed = page.waitForResponse((response) => response.url().includes('/security/refreshToken'));
  await heading.click();
  expect((await refreshed).status()).toBe(200);

  const success = alertsWithKey(page, 'OK_TOKEN_REFRESH_WITH_MINUTES');
  await expect(success).toHaveAttribute('data-testid', 'alert-success');
  const [before, after] = translate('es-es', 'OK_TOKEN_REFRESH_WITH_MINUTES').split('{{minutes}}');
  await expect(success).toContainText(new RegExp(`${escapeRegExp(before!)}\\d+${escapeRegExp(after!)}`));

  await expect.poll(() => storedToken(page)).not.toBe(firstToken);
  const secondToken = await storedToken(page);
  const secondExpiration = await page.evaluate(() => Number(localStorage.getItem('frontendweb_expiration')));
  expect(secondExpiration).toBeGreaterThan(firstExpiration);
  expect(refreshCalls).toHaveLength(1);
  expect(await tokenWorks(page, secondToken!)).toBe(200);
  await expect(page).toHaveURL(/#\/home$/);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('logging out clears every frontendweb_ item and reloads the login page with a time-stamp', async ({ page }) => {
  await signIn(page, 'company.user');
  const stored = await storedConsoleItems(page);
  expect(Object.keys(stored)).toEqual(
    expect.arrayContaining(['frontendweb_token', 'frontendweb_expiration', 'frontendweb_user']),
  );
  const token = stored.frontendweb_token!;

  const before = Date.now();
  await logOut(page);
  const stamp = Number(new URL(page.url()).hash.match(/\?t=(\d+)$/)?.[1]);
  expect(stamp).toBeGreaterThanOrEqual(before - 1_000);
  expect(stamp).toBeLessThanOrEqual(Date.now() + 1_000);

  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('top-nav')).toHaveCount(0);
  expect(await storedConsoleItems(page)).toEqual({});
  await expect.poll(() => tokenWorks(page, token)).toBe(401);

  // The guarded pages are closed again.
  await page.goto('/#/home');
  await expect(page).toHaveURL(/#\/login$/);
});
