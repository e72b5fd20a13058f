import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, domainIdOf, userIdOf } from '../../test/admin-fixtures.ts';
import { requestRecoveryLink, setPasswordByLink } from '../../test/password-fixtures.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { currentTotp } from '../../test/totp-reference.ts';
import { DEMO_PASSWORD } from '../demo/demo-password.ts';
import { checkAuditChains } from '../platform/audit-check.ts';

let t: TTestApp;
let demo: string;
let notaria: number;

beforeAll(async () => {
  t = await createTestApp({
    OUTBOUND_ALLOW_PRIVATE_HOSTS: 'false',
    PASSWORD_RECOVER_PER_IP_PER_HOUR: '1000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  });
  demo = String(await domainIdOf(t.database.db, 'DEMO'));
  notaria = await companyIdOf(t.database.db, 'B12345674');
});
afterAll(() => t.close());

async function lastId(): Promise<string> {
  const row = await t.database.db
    .selectFrom('audit_records')
    .select(sql<string>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The records written since `after`, oldest first, as a reader of the trail sees them. */
async function recordsSince(after: string) {
  return t.database.db
    .selectFrom('audit_records')
    .select(['domain_id', 'actor_kind', 'actor_name', 'entity', 'entity_id', 'action', 'changes', 'user_agent', 'ip'])
    .where('id', '>', after)
    .orderBy('id')
    .execute();
}

const NEW_PASSWORD = 'Seven amber kites over Porto';

describe('audit trail: security events of a user', () => {
  it('records an own password change once, the other sessions it ended, and nothing when refused', async () => {
    const other = await signedInClient(t.app, 'sandbox.user');
    const client = await signedInClient(t.app, 'sandbox.user');
    const id = String(await userIdOf(t.database.db, 'sandbox.user'));
    const { domain_id: domainOfUser } = await t.database.db
      .selectFrom('users')
      .select('domain_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const account = (await client.get('account/users/read')).json();
    const before = await lastId();
    const refused = await client.put('account/users/update', {
      name: account.name,
      email: account.email,
      currentPassword: 'not-it',
      newPassword: NEW_PASSWORD,
    });
    expect(refused.statusCode).toBe(400);
    expect(await recordsSince(before)).toEqual([]);

    const changed = await client.call(
      'PUT',
      'account/users/update',
      { name: account.name, email: account.email, currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
      { 'user-agent': 'audit-coverage/1.0' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await other.get('account/users/read')).statusCode).toBe(401);
    const records = await recordsSince(before);
    expect(records).toEqual([
      {
        domain_id: domainOfUser,
        actor_kind: 'user',
        actor_name: 'sandbox.user',
        entity: 'users',
        entity_id: id,
        action: 'password-change',
        changes: {
          password: { changed: true },
          sessionsRevoked: { before: null, after: 1 },
          via: { before: null, after: 'account' },
        },
        user_agent: 'audit-coverage/1.0',
        ip: '127.0.0.1',
      },
    ]);
    expect(JSON.stringify(records)).not.toContain(NEW_PASSWORD);
  });

  it('records a recovery request and the password set by its link, each once; a refused password writes nothing', async () => {
    const id = String(await userIdOf(t.database.db, 'company.manager'));
    const before = await lastId();
    const anonymous = new TestClient(t.app);
    const tokens = await requestRecoveryLink(anonymous, t.database.db, 'company.manager');
    const unknown = await anonymous.post('security/pwdrecover', { login: 'nobody.here', language: 'en-en' });
    expect(unknown.statusCode).toBe(200);
    const afterRequest = await recordsSince(before);
    expect(afterRequest.map((r) => [r.domain_id, r.actor_kind, r.actor_name, r.entity_id, r.action])).toEqual([
      [demo, 'anonymous', null, id, 'password-recovery-request'],
    ]);

    const mark = await lastId();
    const weak = await setPasswordByLink(anonymous, tokens, 'short');
    expect(weak.statusCode).toBe(400);
    expect(await recordsSince(mark)).toEqual([]);
    const set = await setPasswordByLink(anonymous, tokens, NEW_PASSWORD);
    expect(set.statusCode, set.body).toBe(200);
    const records = await recordsSince(mark);
    expect(records.map((r) => [r.domain_id, r.actor_name, r.entity_id, r.action])).toEqual([
      [demo, 'company.manager', id, 'password-change'],
    ]);
    expect(records[0]!.changes).toMatchObject({
      password: { changed: true },
      via: { before: null, after: 'recovery' },
    });
  });

  it('records a second factor enrolled once (its key and codes only as changed); a wrong first code writes nothing', async () => {
    const client = await signedInClient(t.app, 'company.user');
    const id = String(await userIdOf(t.database.db, 'company.user'));
    const started = (await client.post('account/twoFactor/enrol')).json();
    const before = await lastId();
    const code = currentTotp(started.secret);
    const wrong = await client.post('account/twoFactor/confirm', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(await recordsSince(before)).toEqual([]);
    const confirmed = await client.post('account/twoFactor/confirm', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const records = await recordsSince(before);
    expect(records.map((r) => [r.domain_id, r.actor_name, r.entity_id, r.action, r.changes])).toEqual([
      [
        demo,
        'company.user',
        id,
        'two-factor-enrol',
        {
          recoveryCodes: { changed: true },
          totpSecret: { changed: true },
          twoFactor: { before: null, after: 'totp' },
        },
      ],
    ]);
    expect(JSON.stringify(records)).not.toContain(started.secret);
    expect(JSON.stringify(records)).not.toContain(confirmed.json().recoveryCodes[0]);
  });

  it("records a user's language preference and name change, and nothing for a refused language", async () => {
    const client = await signedInClient(t.app, 'company.admin');
    const id = String(await userIdOf(t.database.db, 'company.admin'));
    const account = (await client.get('account/users/read')).json();
    const before = await lastId();
    expect((await client.put('account/users/updateLanguage', { language: 'fr-fr' })).statusCode).toBe(400);
    expect(await recordsSince(before)).toEqual([]);
    const target = account.language === 'en-en' ? 'pt-pt' : 'en-en';
    expect((await client.put('account/users/updateLanguage', { language: target })).statusCode).toBe(200);
    const renamed = await client.put('account/users/update', { name: 'Audited Name', email: account.email });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const records = await recordsSince(before);
    expect(records.map((r) => [r.entity_id, r.action, r.changes])).toEqual([
      [id, 'preferences', { language: { before: account.language, after: target } }],
      [id, 'account-update', { name: { before: account.name, after: 'Audited Name' } }],
    ]);
  });
});

describe('audit trail: API keys and webhook endpoints', () => {
  it('records a key created, rotated and revoked, each once and never its secret; a refused one writes nothing', async () => {
    const admin = await signedInClient(t.app, 'company.admin');
    const before = await lastId();
    const atlantico = await companyIdOf(t.database.db, 'A76543214');
    const refused = await admin.post('integration/apiKeys/new', { companyId: atlantico, name: 'X', scopes: ['read'] });
    expect(refused.statusCode).toBe(403);
    expect(await recordsSince(before)).toEqual([]);

    const created = await admin.post('integration/apiKeys/new', { companyId: notaria, name: 'ERP', scopes: ['read'] });
    expect(created.statusCode, created.body).toBe(200);
    const { id, secret, prefix } = created.json();
    const rotated = (await admin.post('integration/apiKeys/rotate', { id })).json();
    expect((await admin.post('integration/apiKeys/revoke', { id })).statusCode).toBe(200);
    expect((await admin.post('integration/apiKeys/revoke', { id })).statusCode).toBe(200);
    const records = await recordsSince(before);
    expect(records.map((r) => [r.domain_id, r.actor_name, r.entity, r.entity_id, r.action, r.changes])).toEqual([
      [
        demo,
        'company.admin',
        'api_keys',
        String(id),
        'create',
        {
          companyId: { before: null, after: String(notaria) },
          name: { before: null, after: 'ERP' },
          prefix: { before: null, after: prefix },
          scopes: { before: null, after: ['read'] },
          secret: { changed: true },
        },
      ],
      [
        demo,
        'company.admin',
        'api_keys',
        String(id),
        'rotate',
        { prefix: { before: prefix, after: rotated.prefix }, secret: { changed: true } },
      ],
      [demo, 'company.admin', 'api_keys', String(id), 'revoke', { revoked: { before: false, after: true } }],
    ]);
    expect(JSON.stringify(records)).not.toContain(secret);
    expect(JSON.stringify(records)).not.toContain(rotated.secret);
  });

  it('records a webhook endpoint created, its secret rotated and its removal; a refused address writes nothing', async () => {
    const admin = await signedInClient(t.app, 'company.admin');
    const before = await lastId();
    const refused = await admin.post('integration/webhooks/new', {
      companyId: notaria,
      url: 'https://127.0.0.1/hook',
      events: ['shipping.sent'],
    });
    expect(refused.statusCode).toBe(400);
    expect(await recordsSince(before)).toEqual([]);

    const url = 'https://93.184.215.14/hooks/audit';
    const created = await admin.post('integration/webhooks/new', {
      companyId: notaria,
      url,
      events: ['shipping.sent'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, secret } = created.json();
    const rotated = (await admin.post('integration/webhooks/rotateSecret', { id })).json();
    expect((await admin.post('integration/webhooks/setEnabled', { id, enabled: false })).statusCode).toBe(200);
    // Disabling what is already disabled changes nothing and records nothing.
    expect((await admin.post('integration/webhooks/setEnabled', { id, enabled: false })).statusCode).toBe(200);
    expect((await admin.post('integration/webhooks/delete', { id })).statusCode).toBe(200);
    const records = await recordsSince(before);
    expect(records.map((r) => [r.domain_id, r.entity, r.entity_id, r.action, r.changes])).toEqual([
      [
        demo,
        'webhook_endpoints',
        String(id),
        'create',
        {
          companyId: { before: null, after: String(notaria) },
          events: { before: null, after: ['shipping.sent'] },
          secret: { changed: true },
          url: { before: null, after: url },
        },
      ],
      [demo, 'webhook_endpoints', String(id), 'rotate', { secret: { changed: true } }],
      [demo, 'webhook_endpoints', String(id), 'update', { enabled: { before: true, after: false } }],
      [demo, 'webhook_endpoints', String(id), 'delete', { deleted: { before: false, after: true } }],
    ]);
    expect(JSON.stringify(records)).not.toContain(secret);
    expect(JSON.stringify(records)).not.toContain(rotated.secret);
  });

  it('keeps these records in the tenant chain: the check passes, and a tampered key record breaks it', async () => {
    expect((await checkAuditChains(t.database.db)).filter((report) => report.broken)).toEqual([]);
    const victim = await t.database.db
      .selectFrom('audit_records')
      .select(['id', 'seq'])
      .where('entity', '=', 'api_keys')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Only the schema owner can do this; the server's role may not (audit-role.api.test.ts).
    await sql`ALTER TABLE audit_records DISABLE TRIGGER audit_records_no_update`.execute(t.owner.db);
    await sql`UPDATE audit_records SET actor_name = 'someone.else' WHERE id = ${victim.id}`.execute(t.owner.db);
    await sql`ALTER TABLE audit_records ENABLE TRIGGER audit_records_no_update`.execute(t.owner.db);
    const report = (await checkAuditChains(t.database.db)).find((r) => r.domainId === demo);
    expect(report?.broken).toEqual({ seq: Number(victim.seq), problem: 'hash' });
  });
});
