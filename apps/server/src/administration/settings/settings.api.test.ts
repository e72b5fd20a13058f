import { PREFERENCES } from '@sello/contracts/constants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let demo: number;
let acme: number;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  demo = await domainIdOf(t.database.db, 'DEMO');
  acme = await domainIdOf(t.database.db, 'ACME');
});
afterAll(() => t.close());

const SESSION = PREFERENCES.sessionTime;

async function lastAuditId(): Promise<string> {
  const row = await t.database.db
    .selectFrom('audit_records')
    .select(sql<string>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The settings changes recorded since `after` (sign-ins of the test's users are recorded too). */
async function auditSince(after: string) {
  return t.database.db
    .selectFrom('audit_records')
    .select(['domain_id', 'actor_name', 'entity', 'entity_id', 'action', 'changes'])
    .where('id', '>', after)
    .where('entity', 'in', ['preferences', 'domain_preferences'])
    .orderBy('id')
    .execute();
}

async function stored(name: string) {
  const row = await t.database.db.selectFrom('preferences').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** How many minutes a fresh sign-in of `login` lasts, as the answer to `login` says. */
async function sessionMinutesOf(login: string): Promise<number> {
  const client = new TestClient(t.app);
  const answer = (await client.login(login)).json();
  return Math.round((answer.expiration - Date.now()) / 60_000);
}

describe('platform settings', () => {
  it('lets a super admin read every setting and change some: audited, applied to the next sign-in at once', async () => {
    const superAdmin = await signedInClient(t.app, 'super.admin');
    const read = await superAdmin.get('administration/settings/read');
    expect(read.statusCode, read.body).toBe(200);
    expect(Object.keys(read.json().values)).toEqual(
      expect.arrayContaining([SESSION, PREFERENCES.refreshTime, 'MANUAL_URL_ES', 'RELEASES_URL']),
    );
    const sessionBefore = read.json().values[SESSION];
    // Read once so this copy holds the old value in its cache.
    expect(await sessionMinutesOf('company.user')).toBe(Number(sessionBefore));

    const before = await lastAuditId();
    const changed = await superAdmin.put('administration/settings/update', {
      [SESSION]: 480,
      MANUAL_URL_EN: 'https://help.sello.test/manual-en.pdf',
      RELEASES_URL: '',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().values[SESSION]).toBe('480');
    expect(changed.json().values.MANUAL_URL_EN).toBe('https://help.sello.test/manual-en.pdf');

    expect(await sessionMinutesOf('company.user')).toBe(480);
    const config = (await new TestClient(t.app).get('configuration/getOtherConfig')).json();
    expect(config.sessionTimeMinutes).toBe(480);
    expect(config.manualUrlEn).toBe('https://help.sello.test/manual-en.pdf');

    // RELEASES_URL was not set: asking for "not set" again changes nothing and is not recorded.
    expect(await auditSince(before)).toEqual([
      {
        domain_id: '0',
        actor_name: 'super.admin',
        entity: 'preferences',
        entity_id: null,
        action: 'update',
        changes: {
          MANUAL_URL_EN: { before: null, after: 'https://help.sello.test/manual-en.pdf' },
          [SESSION]: { before: sessionBefore, after: '480' },
        },
      },
    ]);

    const again = await lastAuditId();
    expect((await superAdmin.put('administration/settings/update', { [SESSION]: 480 })).statusCode).toBe(200);
    expect(await auditSince(again)).toEqual([]);
  });

  it.each([
    [{ [SESSION]: 4 }, SESSION, 'ERR_SETTING_OUT_OF_RANGE'],
    [{ [SESSION]: 721 }, SESSION, 'ERR_SETTING_OUT_OF_RANGE'],
    [{ [SESSION]: 30.5 }, SESSION, 'ERR_FIELD_INVALID'],
    [{ [PREFERENCES.refreshTime]: 0 }, PREFERENCES.refreshTime, 'ERR_SETTING_OUT_OF_RANGE'],
    [{ [PREFERENCES.fileUploadMaxSize]: 51_201 }, PREFERENCES.fileUploadMaxSize, 'ERR_SETTING_OUT_OF_RANGE'],
    [{ [PREFERENCES.smsMaxCharacters]: 69 }, PREFERENCES.smsMaxCharacters, 'ERR_SETTING_OUT_OF_RANGE'],
    [{ [PREFERENCES.numDownload]: 1001 }, PREFERENCES.numDownload, 'ERR_SETTING_OUT_OF_RANGE'],
    [{ MANUAL_URL_ES: 'javascript:alert(1)' }, 'MANUAL_URL_ES', 'ERR_URL_INVALID'],
    [{ LEGAL_NOTICE_URL: '//evil.test/legal' }, 'LEGAL_NOTICE_URL', 'ERR_URL_INVALID'],
    [{ VIDEO_TUTORIALS_URL: `https://x.test/${'a'.repeat(500)}` }, 'VIDEO_TUTORIALS_URL', 'ERR_FIELD_TOO_LONG'],
  ])('refuses %j with %s: %s, and writes nothing of the call', async (bad, field, key) => {
    const superAdmin = await signedInClient(t.app, 'super.admin');
    const before = await lastAuditId();
    const releases = await stored('RELEASES_URL');
    const response = await superAdmin.put('administration/settings/update', {
      ...bad,
      RELEASES_URL: 'https://releases.sello.test/',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { [field]: key } });
    expect(await stored('RELEASES_URL')).toBe(releases);
    expect(await auditSince(before)).toEqual([]);
  });

  it('refuses a name that is not a setting', async () => {
    const superAdmin = await signedInClient(t.app, 'super.admin');
    const response = await superAdmin.put('administration/settings/update', { DATABASE_URL: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('ERR_VALIDATION');
  });

  it('is refused to domain admins and everyone below: nothing changes', async () => {
    for (const login of ['domain.admin', 'acme.admin', 'company.admin', 'company.user']) {
      const client = await signedInClient(t.app, login);
      const before = await stored(PREFERENCES.refreshTime);
      expect((await client.get('administration/settings/read')).statusCode, login).toBe(403);
      const response = await client.put('administration/settings/update', { [PREFERENCES.refreshTime]: 17 });
      expect([response.statusCode, response.json()], login).toEqual([403, { key: 'ERR_FORBIDDEN' }]);
      expect(await stored(PREFERENCES.refreshTime)).toBe(before);
    }
  });
});

describe('settings of a domain', () => {
  it("lets a domain admin set their domain's session length: audited, applied to its users only", async () => {
    const superAdmin = await signedInClient(t.app, 'super.admin');
    await superAdmin.put('administration/settings/update', { [SESSION]: 60 });
    const admin = await signedInClient(t.app, 'domain.admin');
    const read = await admin.get(`administration/settings/domain?domainid=${demo}`);
    expect(read.json()).toEqual({ domainId: demo, sessionTimeMinutes: null, platformSessionTimeMinutes: 60 });

    const before = await lastAuditId();
    const changed = await admin.put('administration/settings/updateDomain', {
      domainId: demo,
      sessionTimeMinutes: 240,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ domainId: demo, sessionTimeMinutes: 240, platformSessionTimeMinutes: 60 });
    expect(await sessionMinutesOf('company.user')).toBe(240);
    expect(await sessionMinutesOf('acme.admin')).toBe(60);
    expect(await auditSince(before)).toEqual([
      {
        domain_id: String(demo),
        actor_name: 'domain.admin',
        entity: 'domain_preferences',
        entity_id: String(demo),
        action: 'update',
        changes: { [SESSION]: { before: null, after: '240' } },
      },
    ]);

    // Back to the platform's length.
    const reset = await admin.put('administration/settings/updateDomain', { domainId: demo, sessionTimeMinutes: null });
    expect(reset.json().sessionTimeMinutes).toBeNull();
    expect(await sessionMinutesOf('company.user')).toBe(60);
  });

  it("refuses another domain's settings to a domain admin (not found) and lower ranks (forbidden)", async () => {
    const admin = await signedInClient(t.app, 'domain.admin');
    const count = async () =>
      (
        await t.database.db
          .selectFrom('domain_preferences')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const rows = await count();
    const other = await admin.put('administration/settings/updateDomain', { domainId: acme, sessionTimeMinutes: 30 });
    expect([other.statusCode, other.json()]).toEqual([404, { key: 'ERR_NOT_FOUND' }]);
    expect((await admin.get(`administration/settings/domain?domainid=${acme}`)).statusCode).toBe(404);
    for (const login of ['company.admin', 'company.manager', 'company.user']) {
      const client = await signedInClient(t.app, login);
      const response = await client.put('administration/settings/updateDomain', {
        domainId: demo,
        sessionTimeMinutes: 30,
      });
      expect(response.statusCode, login).toBe(403);
    }
    expect(await count()).toBe(rows);
  });

  it('checks the range of a domain session length', async () => {
    const admin = await signedInClient(t.app, 'domain.admin');
    for (const minutes of [0, 4, 721]) {
      const response = await admin.put('administration/settings/updateDomain', {
        domainId: demo,
        sessionTimeMinutes: minutes,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: { sessionTimeMinutes: 'ERR_SETTING_OUT_OF_RANGE' } });
    }
  });
});
