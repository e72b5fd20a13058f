// Exports write their date-times on the reader's clock: the zone the console sends (the Time-Zone header, or
// the timeZone field of a DownloadFile form), named in each date column's header; UTC when none or an unknown one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDownloadFile, readXlsx } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let superAdmin: TestClient;
let created: Map<string, Date>;

/** The wall-clock time of `at` in `zone`, to the second, as Intl (not the server's code) reads it. */
function wallClock(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(at)
    .replace(' ', 'T');
}

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signedInClient(t.app, 'super.admin');
  // One domain created in summer time and one in winter time in Madrid, at an odd second.
  await sql`UPDATE domains SET created_at = '2026-07-15T21:30:07Z' WHERE code = 'ACME'`.execute(t.database.db);
  await sql`UPDATE domains SET created_at = '2026-01-15T23:30:07Z' WHERE code = 'DEMO'`.execute(t.database.db);
  const { rows } = await sql<{ code: string; created_at: Date }>`SELECT code, created_at FROM domains`.execute(
    t.database.db,
  );
  created = new Map(rows.map((row) => [row.code, row.created_at]));
});
afterAll(() => t.close());

/** The header and, per domain code, the "created" cell of an export read back. */
async function createdColumn(body: Buffer) {
  const rows = await readXlsx(body);
  const header = rows[0] as string[];
  const column = header.findIndex((name) => name.startsWith('Created'));
  const cells = new Map(rows.slice(1).map((row) => [row[1] as string, String(row[column]).slice(0, 19)]));
  return { header: header[column], cells };
}

describe('exports in the reader time zone', () => {
  it('a DownloadFile form with timeZone Europe/Madrid: summer and winter times on the Madrid clock, the zone in the header', async () => {
    const response = await postDownloadFile(
      t.app,
      'administration/domains/export',
      { language: 'en-en' },
      superAdmin.token!,
      {
        timeZone: 'Europe/Madrid',
      },
    );
    expect(response.statusCode).toBe(200);
    const { header, cells } = await createdColumn(response.rawPayload);
    expect(header).toBe('Created (Europe/Madrid)');
    expect(cells.get('ACME')).toBe('2026-07-15T23:30:07');
    expect(cells.get('DEMO')).toBe('2026-01-16T00:30:07');
    for (const [code, at] of created) expect(cells.get(code)).toBe(wallClock(at, 'Europe/Madrid'));
  });

  it('the Time-Zone header of a direct call, a zone with a half-hour offset', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/rest/services/administration/domains/export?language=en-en',
      headers: { 'auth-token': superAdmin.token!, 'Time-Zone': 'America/St_Johns' },
    });
    expect(response.statusCode).toBe(200);
    const { header, cells } = await createdColumn(response.rawPayload);
    expect(header).toBe('Created (America/St_Johns)');
    expect(cells.get('ACME')).toBe('2026-07-15T19:00:07');
    for (const [code, at] of created) expect(cells.get(code)).toBe(wallClock(at, 'America/St_Johns'));
  });

  it('no zone or an unknown one: UTC, said in the header', async () => {
    const forms: Record<string, string>[] = [{}, { timeZone: 'Mars/Olympus_Mons' }, { timeZone: '../../etc/passwd' }];
    for (const extra of forms) {
      const response = await postDownloadFile(
        t.app,
        'administration/domains/export',
        { language: 'en-en' },
        superAdmin.token!,
        extra,
      );
      expect(response.statusCode).toBe(200);
      const { header, cells } = await createdColumn(response.rawPayload);
      expect(header).toBe('Created (UTC)');
      expect(cells.get('ACME')).toBe('2026-07-15T21:30:07');
    }
  });
});
