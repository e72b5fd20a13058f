import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf, entityTaxId, groupIdOf, isXlsx, readXlsx, userIdOf } from '../../test/admin-fixtures.ts';
import { appendAgedAuditRecords } from '../../test/audit-fixtures.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { purgeAuditRecords } from './audit.queries.ts';
import { checkAuditChains } from './audit-check.ts';

let t: TTestApp;
let superAdmin: TestClient;
let domainAdmin: TestClient;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signedInClient(t.app, 'super.admin');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  demo = await domainIdOf(t.database.db, 'DEMO');
});
afterAll(() => t.close());

async function lastId(): Promise<number> {
  const row = await t.database.db
    .selectFrom('audit_records')
    .select(sql<string>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The records written since `after`, oldest first. */
async function recordsSince(after: number) {
  return t.database.db.selectFrom('audit_records').selectAll().where('id', '>', String(after)).orderBy('id').execute();
}

const domainBody = (overrides: Record<string, unknown> = {}) => ({
  id: demo,
  code: 'DEMO',
  name: 'Sello Demo',
  description: null,
  domainType: 'ENTERPRISE',
  active: true,
  ...overrides,
});

describe('audit trail: one record per change, in its transaction', () => {
  it('records a domain update with who, from where and the fields before and after (a logo only as changed)', async () => {
    const before = await lastId();
    const logo = `data:image/png;base64,${Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ).toString('base64')}`;
    const response = await domainAdmin.call(
      'PUT',
      'administration/domains/update',
      domainBody({ description: 'Audited', customLogo: logo }),
      { 'user-agent': 'audit-test/1.0' },
    );
    expect(response.statusCode).toBe(200);
    const records = await recordsSince(before);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      domain_id: String(demo),
      actor_kind: 'user',
      actor_user_id: String(await userIdOf(t.database.db, 'domain.admin')),
      actor_name: 'domain.admin',
      ip: '127.0.0.1',
      user_agent: 'audit-test/1.0',
      entity: 'domain',
      entity_id: String(demo),
      action: 'update',
    });
    expect(records[0]!.actor_roles.length).toBeGreaterThan(0);
    expect(records[0]!.changes).toEqual({
      description: { before: 'Demonstration tenant: a notary office and an insurer', after: 'Audited' },
      customLogo: { changed: true },
    });
    expect(JSON.stringify(records[0]!.changes)).not.toContain('base64');
  });

  it('writes nothing when the change is refused (forbidden field, conflict, unknown id)', async () => {
    const before = await lastId();
    expect((await domainAdmin.put('administration/domains/update', domainBody({ code: 'OTHER' }))).statusCode).toBe(
      403,
    );
    const taken = await superAdmin.post('administration/domains/new', {
      ...domainBody({ name: 'Another' }),
      id: undefined,
    });
    expect(taken.statusCode).toBe(409);
    expect((await domainAdmin.delete('administration/companies/delete/999999')).statusCode).toBe(404);
    expect(await recordsSince(before)).toHaveLength(0);
  });

  it('records a created company with its fields, and its removal and recovery', async () => {
    const before = await lastId();
    const taxId = entityTaxId('B', 901);
    const created = await domainAdmin.post(`administration/companies/new?domainid=${demo}`, {
      name: 'Audit Works',
      taxId,
      active: true,
    });
    expect(created.statusCode).toBe(200);
    const id = String(created.json().id);
    expect((await domainAdmin.delete(`administration/companies/delete/${id}`)).statusCode).toBe(200);
    expect((await domainAdmin.put(`administration/companies/recover/${id}`)).statusCode).toBe(200);
    const records = await recordsSince(before);
    expect(records.map((record) => [record.entity, record.entity_id, record.action])).toEqual([
      ['companies', id, 'create'],
      ['companies', id, 'delete'],
      ['companies', id, 'recover'],
    ]);
    expect(records[0]!.changes).toMatchObject({
      name: { before: null, after: 'Audit Works' },
      taxId: { before: null, after: taxId },
    });
    expect(records[1]!.changes).toEqual({ deleted: { before: false, after: true } });
  });

  it('records a group update with its members before and after', async () => {
    const groupId = await groupIdOf(t.database.db, 'Legal');
    const detail = (await domainAdmin.get(`administration/groups/detail?selected=${groupId}`)).json();
    const before = await lastId();
    const userId = await userIdOf(t.database.db, 'company.manager');
    const members = detail.members.map((member: { value: number }) => member.value);
    const response = await domainAdmin.put('administration/groups/update', {
      id: groupId,
      name: detail.name,
      description: 'Audited group',
      active: detail.active,
      userIds: [...members, userId],
    });
    expect(response.statusCode, response.body).toBe(200);
    const records = await recordsSince(before);
    expect(records).toHaveLength(1);
    expect(records[0]!.changes).toEqual({
      description: { before: detail.description, after: 'Audited group' },
      userIds: { before: [...members].sort((a, b) => a - b), after: [...members, userId].sort((a, b) => a - b) },
    });
  });

  it('records a block with a password reset (the password only as changed), and the unblock', async () => {
    const id = await userIdOf(t.database.db, 'company.user');
    const current = (await domainAdmin.get(`administration/users/detail?selected=${id}`)).json();
    const before = await lastId();
    const update = await domainAdmin.put('administration/users/update', {
      id,
      userid: current.userid,
      name: current.name,
      email: current.email,
      language: current.language,
      roleId: current.roleId,
      active: current.active,
      companyIds: current.companyIds,
      groupIds: current.groupIds,
      blocked: true,
      resetPassword: true,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await domainAdmin.put(`administration/users/unblock/${id}`)).statusCode).toBe(200);
    const records = await recordsSince(before);
    expect(records.map((record) => record.action)).toEqual(['update', 'unblock']);
    expect(records[0]!.changes).toEqual({
      blocked: { before: false, after: true },
      password: { changed: true },
    });
    expect(records[1]!.changes).toEqual({ blocked: { before: true, after: false } });
  });

  it('records sign-in success, failure (an unknown login without its text) and sign-out', async () => {
    const before = await lastId();
    const client = new TestClient(t.app);
    expect((await client.post('security/login', { login: 'company.manager', password: 'wrong' })).statusCode).toBe(401);
    expect((await client.post('security/login', { login: 'no.such.login', password: 'wrong' })).statusCode).toBe(401);
    await client.login('company.manager');
    expect((await client.get('security/logout')).statusCode).toBe(200);
    const records = await recordsSince(before);
    expect(records.map((record) => [record.domain_id, record.actor_kind, record.actor_name, record.action])).toEqual([
      [String(demo), 'user', 'company.manager', 'sign-in-failed'],
      ['0', 'anonymous', null, 'sign-in-failed'],
      [String(demo), 'user', 'company.manager', 'sign-in'],
      [String(demo), 'user', 'company.manager', 'sign-out'],
    ]);
    expect(JSON.stringify(records)).not.toContain('no.such.login');
    expect(records[2]!.changes).toEqual({ method: { before: null, after: 'password' } });
  });
});

describe('administration/audit read and export', () => {
  it('shows a domain admin their domain only and a super admin every domain, under the filters', async () => {
    const own = await domainAdmin.get('administration/audit/read?pageSize=1000');
    expect(own.statusCode).toBe(200);
    const rows = own.json().rows as { domainId: number | null; at: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.domainId))).toEqual(new Set([demo]));
    expect(rows.map((row) => row.at)).toEqual([...rows.map((row) => row.at)].sort().reverse());
    const acme = await domainIdOf(t.database.db, 'ACME');
    expect((await domainAdmin.get(`administration/audit/read?domainid=${acme}`)).statusCode).toBe(404);

    const all = (await superAdmin.get('administration/audit/read?pageSize=1000')).json();
    expect(all.rows.some((row: { domainId: number | null }) => row.domainId === null)).toBe(true);
    const filtered = await superAdmin.get(
      'administration/audit/read?entity=companies&action=create&actor=domain.ADMIN&pageSize=1000',
    );
    expect(filtered.json().total).toBe(1);
    expect(filtered.json().rows[0]).toMatchObject({ entity: 'companies', action: 'create', actorName: 'domain.admin' });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await superAdmin.get(`administration/audit/read?from=${encodeURIComponent(future)}`)).json().total).toBe(0);
  });

  it('exports the filtered trail to Excel with the field changes, in the language asked', async () => {
    const response = await domainAdmin.get('administration/audit/export?action=unblock&language=en-en');
    expect(response.statusCode).toBe(200);
    expect(isXlsx(response)).toBe(true);
    const sheet = await readXlsx(response.rawPayload);
    expect(sheet[0]).toContain('Changes');
    expect(sheet).toHaveLength(2);
    expect(sheet[1]).toContain('blocked: true → false');
  });
});

describe('audit trail: append-only and hash-chained per tenant', () => {
  it('refuses UPDATE and DELETE of a record, even to the schema owner (the trigger)', async () => {
    await expect(sql`UPDATE audit_records SET action = 'x'`.execute(t.owner.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_records`.execute(t.owner.db)).rejects.toThrow(/append-only/);
  });

  it('verifies every chain, keeps verifying after the retention purge, and finds a tampered record', async () => {
    const reports = await checkAuditChains(t.database.db);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports.filter((report) => report.broken)).toEqual([]);

    // A tenant whose two oldest records fall out of a 400-day retention; its chain checks from the third.
    const aged = '880001';
    await appendAgedAuditRecords(t.database.db, aged, [900, 500, 30]);
    const purged = await purgeAuditRecords(t.database.db, 400);
    expect(purged).toBe(2);
    const after = await checkAuditChains(t.database.db);
    expect(after.filter((report) => report.broken)).toEqual([]);
    expect(after.find((report) => report.domainId === aged)).toEqual({ domainId: aged, records: 1, broken: null });

    const demoRecords = await t.database.db
      .selectFrom('audit_records')
      .select(['id', 'seq'])
      .where('domain_id', '=', String(demo))
      .orderBy('seq')
      .execute();
    const victim = demoRecords.at(-1)!;
    // Only the schema owner can do this; the server's role may not (audit/audit-role.api.test.ts).
    await sql`ALTER TABLE audit_records DISABLE TRIGGER audit_records_no_update`.execute(t.owner.db);
    await sql`UPDATE audit_records SET changes = '{"description":{"before":null,"after":"forged"}}'
      WHERE id = ${victim.id}`.execute(t.owner.db);
    await sql`ALTER TABLE audit_records ENABLE TRIGGER audit_records_no_update`.execute(t.owner.db);
    const broken = (await checkAuditChains(t.database.db)).find((report) => report.domainId === String(demo));
    expect(broken?.broken).toEqual({ seq: Number(victim.seq), problem: 'hash' });
  });
});
