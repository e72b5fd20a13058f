import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, request } from '@playwright/test';
import pg from 'pg';
import { E2E } from '../e2e-env.ts';

export type Language = 'es-es' | 'en-en' | 'pt-pt';

export async function signIn(page: Page, login: string, password: string = E2E.password): Promise<void> {
  await page.goto('/#/login');
  await page.getByTestId('login-user').fill(login);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/#\/login/);
}

/**
 * Proves that something does not happen (a reload, a script that fires, a link that appears): absence
 * cannot be awaited, so the page gets `ms` to do it and `checkAbsent` then asserts it did not. The one
 * fixed wait of the browser tests; everything else waits for what it expects to see.
 */
export async function expectStaysAbsent(page: Page, ms: number, checkAbsent: () => unknown): Promise<void> {
  await page.waitForTimeout(ms);
  await checkAbsent();
}

/** Runs SQL against the browser tests' database (to set preferences, inspect stored rows). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: E2E.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Dismisses the cookie toast so it does not cover the page. */
export async function acceptCookies(page: Page): Promise<void> {
  const toast = page.getByTestId('cookie-toast');
  if (await toast.isVisible()) await toast.getByRole('button').click();
}

const translationCache = new Map<Language, Record<string, string>>();

/** The console's own translation of `key`, with `{{name}}` placeholders filled from `params`. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  let texts = translationCache.get(language);
  if (!texts) {
    const file = path.resolve(import.meta.dirname, '../../apps/console/public/locales', `${language}.json`);
    texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    translationCache.set(language, texts);
  }
  // i18next's plural keys (`KEY_one`, `KEY_other`) chosen by the language's plural rules, as the console does.
  const plural =
    typeof params.count === 'number'
      ? texts[`${key}_${new Intl.PluralRules(language.slice(0, 2)).select(params.count)}`]
      : undefined;
  const text = plural ?? texts[key] ?? texts[`${key}_other`];
  if (text === undefined) throw new Error(`no ${language} translation for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

/** Alerts of the message area that show the translation key `key` (any kind). */
export function alertsWithKey(page: Page, key: string): Locator {
  return page.locator(`[data-testid^="alert-"][data-key="${key}"]`);
}

/** Opens the user menu, then its language submenu, and picks `language`. */
export async function chooseLanguageFromUserMenu(page: Page, language: Language): Promise<void> {
  await page.getByTestId('user-menu').click();
  // The language list is a submenu that opens on hover.
  await page.locator('.ant-dropdown-menu-submenu-title').hover();
  await page.getByTestId(`language-${language}`).click();
}

/** Opens the user menu and logs out; returns once the console's reload of /login has landed, so that the caller's
 * next navigation does not race it. */
export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('logout').click();
  await reloaded;
  await expect(page).toHaveURL(/#\/login\?t=\d+$/);
}

/** The browser's stored items whose key starts with `frontendweb_`. */
export function storedConsoleItems(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const items: Record<string, string> = {};
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith('frontendweb_')) items[key] = localStorage.getItem(key) ?? '';
    }
    return items;
  });
}

/**
 * An API client signed in as `login`. The server checks the XSRF double-submit (cookie and
 * X-XSRF-TOKEN header equal) on every POST, PUT, PATCH and DELETE, not only at sign-in, so the
 * client starts with an XSRF cookie of its own and sends the same value as a header on every call,
 * with the session token, as the console does.
 */
export async function apiSignIn(
  login: string,
  password: string = E2E.password,
): Promise<{ api: APIRequestContext; token: string }> {
  const xsrf = randomBytes(24).toString('base64url');
  const { hostname } = new URL(E2E.baseUrl);
  const storageState = {
    cookies: [
      {
        name: 'XSRF-TOKEN',
        value: xsrf,
        domain: hostname,
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Strict' as const,
      },
    ],
    origins: [],
  };
  const anonymous = await request.newContext({
    baseURL: E2E.baseUrl,
    storageState,
    extraHTTPHeaders: { 'X-XSRF-TOKEN': xsrf },
  });
  const response = await anonymous.post('/rest/services/security/login', { data: { login, password } });
  expect(response.status(), `API sign-in of ${login}`).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await anonymous.dispose();
  const api = await request.newContext({
    baseURL: E2E.baseUrl,
    storageState,
    extraHTTPHeaders: { 'X-XSRF-TOKEN': xsrf, 'auth-token': token },
  });
  return { api, token };
}

/** Drops the server's cached preferences through the admin call, as a super admin. */
export async function clearPreferenceCache(): Promise<void> {
  const { api, token } = await apiSignIn('super.admin');
  try {
    const response = await api.get('/rest/services/admin/clearpreferencecache', { headers: { 'auth-token': token } });
    expect(response.status(), 'clearpreferencecache').toBe(200);
    await api.get('/rest/services/security/logout', { headers: { 'auth-token': token } });
  } finally {
    await api.dispose();
  }
}

/** Sets preferences in the database, clears the server's cache, and returns the previous values for restoring. */
export async function setPreferences(values: Record<string, string | null>): Promise<Record<string, string | null>> {
  const previous = await withDatabase(async (client) => {
    const before: Record<string, string | null> = {};
    for (const [name, value] of Object.entries(values)) {
      const { rows } = await client.query<{ value: string | null }>('SELECT value FROM preferences WHERE name = $1', [
        name,
      ]);
      if (rows.length === 0) throw new Error(`no preference ${name}`);
      before[name] = rows[0]!.value;
      await client.query('UPDATE preferences SET value = $2, updated_at = now() WHERE name = $1', [name, value]);
    }
    return before;
  });
  await clearPreferenceCache();
  return previous;
}

/** A username no other test uses, valid for the console's username rule. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/**
 * A new user that copies `source` (domain, roles, permissions, language, companies, password), so a
 * test can change or lock it without touching the seeded accounts others use.
 */
export async function createUserLike(
  source: string,
  username: string,
  name = `E2E ${username}`,
): Promise<{ id: string; username: string; name: string; email: string }> {
  const email = `${username}@e2e.sello.local`;
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (domain_id, username, name, email, password_hash, roles, permissions, language, is_sandbox,
                          custom_logo, additional_fields)
       SELECT domain_id, $2, $3, $4, password_hash, roles, permissions, language, is_sandbox, custom_logo,
              additional_fields
       FROM users WHERE username = $1 AND deleted_at IS NULL
       RETURNING id`,
      [source, username, name, email],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error(`no user ${source} to copy`);
    await client.query(
      `INSERT INTO user_companies (user_id, company_id)
       SELECT $1, uc.company_id FROM user_companies uc JOIN users u ON u.id = uc.user_id WHERE u.username = $2`,
      [id, source],
    );
    return { id, username, name, email };
  });
}

/** One column of a user's row, read straight from the database. */
export async function userColumn(username: string, column: 'language' | 'name' | 'blocked' | 'locked_until') {
  return withDatabase(async (client) => {
    const { rows } = await client.query(`SELECT ${column} AS value FROM users WHERE username = $1`, [username]);
    return rows[0]?.value as unknown;
  });
}

/** Follows a top navigation link, opening the header group that holds it first when it is in one. */
export async function clickNavEntry(page: Page, key: string): Promise<void> {
  const link = page.getByTestId(`nav-${key}`);
  if (!(await link.isVisible())) {
    await page.locator(`[data-nav-group]:has([data-testid="nav-${key}"]) > button`).click();
  }
  await link.click();
}
