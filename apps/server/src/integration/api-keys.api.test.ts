import { createHash } from 'node:crypto';
import { ROLE_STRINGS } from '@sello/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { ApiKeyClient, createApiKey } from '../../test/api-key-fixtures.ts';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let admin: TestClient;
let notaria: number;
let atlantico: number;

beforeAll(async () => {
  t = await createShippingTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '5' });
  admin = await signedInClient(t.app, 'company.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  atlantico = await companyIdOf(t.database.db, 'A76543214');
});
afterAll(() => t.close());

const keyRow = (id: number) =>
  t.database.db.selectFrom('api_keys').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();

describe('API keys for a company', () => {
  it('shows the secret once and stores only its SHA-256', async () => {
    const created = await admin.post('integration/apiKeys/new', { companyId: notaria, name: 'ERP', scopes: ['read'] });
    expect(created.statusCode, created.body).toBe(200);
    const { id, secret, prefix, createdBy, lastUsedAt } = created.json();
    expect(secret).toMatch(/^sello_[\w-]{43}$/);
    expect(secret.startsWith(prefix)).toBe(true);
    expect([createdBy, lastUsedAt]).toEqual(['company.admin', null]);
    const row = await keyRow(id);
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await admin.get(`integration/apiKeys?companyId=${notaria}`);
    expect(listed.body).not.toContain(secret);
    expect(listed.json().map((key: { id: number }) => key.id)).toContain(id);
  });

  it('records the last use and answers no session token to a key', async () => {
    const { id, secret } = await createApiKey(admin, notaria, ['read']);
    const response = await new ApiKeyClient(t.app, secret).get('shippings/shippingslist');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['auth-token']).toBeUndefined();
    expect((await keyRow(id)).last_used_at).toBeInstanceOf(Date);
  });

  it('is managed only by the company’s administrators', async () => {
    const user = await signedInClient(t.app, 'company.user');
    expect((await user.get(`integration/apiKeys?companyId=${notaria}`)).statusCode).toBe(403);
    // company.admin administers Notaría only; Atlántico is of the same tenant, Acme of another.
    const other = await admin.post('integration/apiKeys/new', { companyId: atlantico, name: 'X', scopes: ['read'] });
    expect([other.statusCode, other.json()]).toEqual([403, { key: 'ERR_FORBIDDEN' }]);
    const acme = await companyIdOf(t.database.db, 'B87654323');
    const foreign = await admin.get(`integration/apiKeys?companyId=${acme}`);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { key: 'ERR_NOT_FOUND' }]);
    const acmeAdmin = await signedInClient(t.app, 'acme.admin');
    const { id } = await createApiKey(admin, notaria, ['read']);
    expect((await acmeAdmin.post('integration/apiKeys/revoke', { id })).statusCode).toBe(404);
    expect((await keyRow(id)).revoked_at).toBeNull();
  });

  it('refuses a bad name or scope with field errors and writes nothing', async () => {
    const before = await t.database.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const response = await admin.post('integration/apiKeys/new', { companyId: notaria, name: ' ', scopes: ['admin'] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['name', 'scopes.0']);
    const after = await t.database.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('rotates: the old secret stops working, the new one works, the rotating administrator becomes its creator', async () => {
    const { id, secret } = await createApiKey(admin, notaria, ['read']);
    const domainAdmin = await signedInClient(t.app, 'domain.admin');
    const rotated = await domainAdmin.post('integration/apiKeys/rotate', { id });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().createdBy).toBe('domain.admin');
    const old = await new ApiKeyClient(t.app, secret).get('shippings/shippingslist');
    expect([old.statusCode, old.json()]).toEqual([401, { key: 'ERR_API_KEY_INVALID' }]);
    const fresh = await new ApiKeyClient(t.app, rotated.json().secret).get('shippings/shippingslist');
    expect(fresh.statusCode).toBe(200);
  });

  it('sends shippings attributed to the key and its creator', async () => {
    const { id, secret } = await createApiKey(admin, notaria, ['send']);
    const shippingId = await sendShipping(new ApiKeyClient(t.app, secret), t.database.db, 'Certified e-mail');
    const row = await t.database.db
      .selectFrom('shippings as s')
      .innerJoin('users as u', 'u.id', 's.sender_id')
      .select(['s.api_key_id', 'u.username', 's.company_id'])
      .where('s.id', '=', String(shippingId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ api_key_id: String(id), username: 'company.admin', company_id: String(notaria) });
  });

  it('never does more than its creator: it stops when the creator no longer administers the company', async () => {
    const { secret } = await createApiKey(admin, notaria, ['read']);
    const key = new ApiKeyClient(t.app, secret);
    expect((await key.get('shippings/shippingslist')).statusCode).toBe(200);
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'roles'])
      .where('username', '=', 'company.admin')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('users')
      .set({ roles: [ROLE_STRINGS.user] })
      .where('id', '=', user.id)
      .execute();
    try {
      const refused = await key.get('shippings/shippingslist');
      expect([refused.statusCode, refused.json()]).toEqual([401, { key: 'ERR_API_KEY_INVALID' }]);
    } finally {
      await t.database.db.updateTable('users').set({ roles: user.roles }).where('id', '=', user.id).execute();
    }
  });

  it('refuses a malformed bearer header without looking further', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/rest/services/shippings/shippingslist',
      headers: { authorization: 'Basic abc' },
    });
    expect([response.statusCode, response.json()]).toEqual([401, { key: 'ERR_API_KEY_INVALID' }]);
  });

  it('is rate-limited per key, counted in PostgreSQL', async () => {
    const first = new ApiKeyClient(t.app, (await createApiKey(admin, notaria, ['read'])).secret);
    const second = new ApiKeyClient(t.app, (await createApiKey(admin, notaria, ['read'])).secret);
    for (let call = 0; call < 5; call++) expect((await first.get('shippings/shippingslist')).statusCode).toBe(200);
    const over = await first.get('shippings/shippingslist');
    expect([over.statusCode, over.json().key]).toEqual([429, 'ERR_TOO_MANY_REQUESTS']);
    expect((await second.get('shippings/shippingslist')).statusCode).toBe(200);
  });
});
