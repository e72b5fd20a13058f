import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E } from '../e2e-env.ts';

export async function signIn(page: Page, login: string, password: string = E2E.password): Promise<void> {
  await page.goto('/#/login');
  await page.getByTestId('login-user').fill(login);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/#\/login/);
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
