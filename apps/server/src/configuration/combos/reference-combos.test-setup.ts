import { afterAll, beforeAll, expect } from 'vitest';
import { domainIdOf } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';

export let t: TTestApp;
/** company.user speaks Spanish, company.manager Portuguese, sandbox.user English (seed). */
export let spanish: TestClient;
export let portuguese: TestClient;
export let english: TestClient;
export let acmeAdmin: TestClient;
export let superAdmin: TestClient;
export let companyAdmin: TestClient;
export let acmeId: number;
export let demoId: number;

export type TItem = { value: string; text: string };

export async function getOk(client: TestClient, path: string) {
  const response = await client.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export const textOf = (items: TItem[], value: string) => items.find((item) => item.value === value)?.text;
export const valuesOf = (items: { value: unknown }[]) => items.map((item) => item.value);

/** Registers the suite's set-up and tear-down; call it at the top of each test file. */
export function setUpReferenceCombosTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    const signIn = (login: string) => signedInClient(t.app, login);
    spanish = await signIn('company.user');
    portuguese = await signIn('company.manager');
    english = await signIn('sandbox.user');
    acmeAdmin = await signIn('acme.admin');
    superAdmin = await signIn('super.admin');
    companyAdmin = await signIn('company.admin');
    acmeId = await domainIdOf(t.database.db, 'ACME');
    demoId = await domainIdOf(t.database.db, 'DEMO');
  });
  afterAll(() => t.close());
}
