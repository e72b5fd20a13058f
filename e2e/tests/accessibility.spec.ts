import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { LOCALE_BY_LANGUAGE } from '../../packages/contracts/src/constants.ts';
import { E2E } from '../e2e-env.ts';
import { adminScreens, demoIds } from './console-screens.ts';
import { acceptCookies, createUserLike, type Language, signIn, uniqueUsername, withDatabase } from './helpers.ts';
import { sendAcceptance } from './portal-helpers.ts';

const LANGUAGES: readonly Language[] = ['es-es', 'en-en', 'pt-pt'];

/**
 * Serious and critical axe-core violations of the page as it is now, one line each. The console has no
 * frames, so axe runs in the page itself (legacy mode) instead of finishing each run in a new window.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
}

const inFlight = new WeakMap<Page, { count: number }>();

/** Counts the page's requests in flight from now on (a request that began before is never counted below 0). */
function trackRequests(page: Page): { count: number } {
  let counter = inFlight.get(page);
  if (counter) return counter;
  const created = { count: 0 };
  page.on('request', () => created.count++);
  const settle = () => {
    created.count = Math.max(0, created.count - 1);
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  inFlight.set(page, created);
  counter = created;
  return counter;
}

/** The route has drawn its screen: no route spinner, no request in flight, no spinning table. */
async function waitForScreen(page: Page): Promise<void> {
  const requests = trackRequests(page);
  await expect(page.locator('main.app-content')).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(page.locator('main .ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('main h1, main h2, main .ant-card, main .ant-table, main form').first()).toBeVisible();
  // Colours caught mid-transition (a button enabled as its data arrives) are neither the old nor the new ones:
  // axe reads the page once its data has arrived and every finite animation and transition has ended.
  await expect.poll(() => requests.count, { timeout: 15_000 }).toBe(0);
  // Two frames: what the last answer changes is rendered, so its transitions have begun.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

async function setLanguageCookie(context: BrowserContext, language: Language): Promise<void> {
  const { hostname } = new URL(E2E.baseUrl);
  await context.addCookies([{ name: 'lang', value: language, domain: hostname, path: '/' }]);
}

/** A user of its own (a copy of `source` speaking `language`), so the seeded accounts keep their language. */
async function userSpeaking(source: string, language: Language): Promise<string> {
  const user = await createUserLike(source, uniqueUsername('e2e.axe'));
  await withDatabase((client) => client.query('UPDATE users SET language = $2 WHERE id = $1', [user.id, language]));
  return user.username;
}

async function visitAll(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(`/#${path}`);
    await waitForScreen(page);
    found.push(...(await seriousViolations(page)).map((line) => `${path} ${line}`));
  }
  return found;
}

for (const language of LANGUAGES) {
  test(`the sign-in page and every console screen have no serious or critical accessibility violation in ${language}`, async ({
    page,
    context,
    browser,
  }) => {
    // About 45 screens: axe takes one to four seconds on each on a loaded machine.
    test.setTimeout(600_000);
    const ids = await demoIds();
    trackRequests(page);
    // As a person who asked for less motion: no antd transition can leave a colour half-way when axe reads it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await setLanguageCookie(context, language);
    await page.goto('/#/login');
    await acceptCookies(page);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    const found = (await seriousViolations(page)).map((line) => `/login ${line}`);

    await signIn(page, await userSpeaking('domain.admin', language));
    await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_BY_LANGUAGE[language]);
    found.push(...(await visitAll(page, adminScreens(ids))));

    // The authorisations view belongs to users who authorise (the manager), in a browser of its own.
    const managerContext = await browser.newContext();
    await setLanguageCookie(managerContext, language);
    const managerPage = await managerContext.newPage();
    trackRequests(managerPage);
    await managerPage.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(managerPage, await userSpeaking('company.manager', language));
    found.push(...(await visitAll(managerPage, ['/shippings?view=auth', '/home'])));
    await managerContext.close();
    expect(found).toEqual([]);
  });

  test(`the recipient page has no serious or critical accessibility violation in ${language}`, async ({ page }) => {
    const sent = await sendAcceptance(language, `Accessible ${Date.now().toString(36)} ${language}`);
    await page.goto(`/portal/#/r/${sent.token}`);
    await expect(page.locator('h1, h2').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
