import { afterAll, beforeAll } from 'vitest';
import { companyIdOf, domainIdOf, groupIdOf, userIdOf } from '../../../test/admin-fixtures.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';

export let t: TTestApp;
export let sink: Awaited<ReturnType<typeof startSmtpSink>>;
export let domainAdmin: TestClient;
export let superAdmin: TestClient;
export let demo: number;
export let acme: number;
export let notaria: number;
export let seguros: number;
export let acmeCompany: number;
export let legal: number;

export const ROLE = { superAdmin: 1, domainAdmin: 2, admin: 3, manager: 4, user: 5 };

export const newUser = (overrides: Record<string, unknown> = {}) => ({
  userid: 'lucia.martin',
  name: 'Lucía Martín',
  email: 'lucia.martin@central.local',
  language: 'es-es',
  roleId: ROLE.user,
  companyIds: [notaria],
  groupIds: [legal],
  active: true,
  ...overrides,
});

export async function detailOf(client: TestClient, username: string) {
  const response = await client.get(`administration/users/detail?selected=${await userIdOf(t.database.db, username)}`);
  return response.json();
}

/** Registers the suite's set-up and tear-down; call it at the top of each test file. */
export function setUpUsersTestApp(): void {
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      SMTP_URL: sink.url,
      LOGIN_MAX_FAILED_ATTEMPTS: '3',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    });
    domainAdmin = await signedInClient(t.app, 'domain.admin');
    superAdmin = await signedInClient(t.app, 'super.admin');
    demo = await domainIdOf(t.database.db, 'DEMO');
    acme = await domainIdOf(t.database.db, 'ACME');
    notaria = await companyIdOf(t.database.db, 'B12345674');
    seguros = await companyIdOf(t.database.db, 'A76543214');
    acmeCompany = await companyIdOf(t.database.db, 'B87654323');
    legal = await groupIdOf(t.database.db, 'Legal');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
}
