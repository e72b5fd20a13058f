import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../../test/test-app.ts';
import { makeCertificate, pkcs12DataUrl, type TTestIdentity } from '../../../test/test-certificates.ts';

export const P12_PASSWORD = 'P12-Secret-Pass';

export let t: TTestApp;
export let demoId: string;
export let acmeId: string;
export let ca: TTestIdentity;
export let seal: TTestIdentity;
export let soon: TTestIdentity;
export let expired: TTestIdentity;
export let renewed: TTestIdentity;
export let domainAdmin: TestClient;
export let acmeAdmin: TestClient;
export let superAdmin: TestClient;

export function p12Upload(name: string, identity = seal, extra: Record<string, unknown> = {}) {
  return {
    name,
    content: pkcs12DataUrl(identity, [identity.certificate, ca.certificate], P12_PASSWORD, `${name} alias`),
    password: P12_PASSWORD,
    ...extra,
  };
}

export async function create(client: TestClient, body: unknown, domainId?: string) {
  return client.post(`administration/certificates/new${domainId ? `?domainid=${domainId}` : ''}`, body);
}

export async function createOk(client: TestClient, body: unknown, domainId?: string): Promise<Record<string, unknown>> {
  const response = await create(client, body, domainId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export function listQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return `administration/certificates/read?${search}`;
}

export async function readXlsx(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** Registers the suite's set-up and tear-down; call it at the top of each test file. */
export function setUpCertificatesTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    const domains = await t.database.db.selectFrom('domains').select(['id', 'code']).execute();
    demoId = domains.find((domain) => domain.code === 'DEMO')!.id;
    acmeId = domains.find((domain) => domain.code === 'ACME')!.id;
    ca = makeCertificate({ commonName: 'Sello Test CA', ca: true, validToDays: 3650 });
    seal = makeCertificate({ commonName: 'Sello Demo Seal', issuer: ca, validToDays: 400 });
    soon = makeCertificate({ commonName: 'Ending Seal', issuer: ca, validToDays: 10 });
    expired = makeCertificate({ commonName: 'Old Seal', issuer: ca, validFromDays: -400, validToDays: -2 });
    renewed = makeCertificate({ commonName: 'Sello Demo Seal', issuer: ca, validToDays: 800 });
    [domainAdmin, acmeAdmin, superAdmin] = await Promise.all([
      signedInClient(t.app, 'domain.admin'),
      signedInClient(t.app, 'acme.admin'),
      signedInClient(t.app, 'super.admin'),
    ]);
  });
  afterAll(() => t.close());
}
