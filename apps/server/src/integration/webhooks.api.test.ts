import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let admin: TestClient;
let notaria: number;

beforeAll(async () => {
  // The outbound guard as outside development: loopback and private hosts refused.
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_HOSTS: 'false' });
  admin = await signedInClient(t.app, 'company.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
});
afterAll(() => t.close());

describe('webhook endpoints of a company', () => {
  it('answers the signing secret once and stores it sealed', async () => {
    const created = await admin.post('integration/webhooks/new', {
      companyId: notaria,
      url: 'https://93.184.215.14/hooks/sello',
      events: ['shipping.sent', 'shipping.closed'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const row = await t.database.db
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed.toString('latin1')).not.toContain(secret.slice(6));
    const listed = await admin.get(`integration/webhooks?companyId=${notaria}`);
    expect(listed.body).not.toContain(secret);
    const rotated = await admin.post('integration/webhooks/rotateSecret', { id });
    expect(rotated.json().secret).not.toBe(secret);
  });

  it.each(['https://127.0.0.1/hook', 'https://10.0.0.8/hook', 'https://[::1]/hook', 'ftp://93.184.215.14/hook'])(
    'refuses %s outside development, writing nothing',
    async (url) => {
      const response = await admin.post('integration/webhooks/new', {
        companyId: notaria,
        url,
        events: ['shipping.sent'],
      });
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { key: 'ERR_VALIDATION', fields: { url: 'ERR_WEBHOOK_URL_REFUSED' } },
      ]);
      const rows = await t.database.db.selectFrom('webhook_endpoints').select('url').where('url', '=', url).execute();
      expect(rows).toEqual([]);
    },
  );

  it('is managed only by the company’s administrators', async () => {
    const atlantico = await companyIdOf(t.database.db, 'A76543214');
    const other = await admin.post('integration/webhooks/new', {
      companyId: atlantico,
      url: 'https://93.184.215.14/x',
      events: ['shipping.sent'],
    });
    expect([other.statusCode, other.json()]).toEqual([403, { key: 'ERR_FORBIDDEN' }]);
    const user = await signedInClient(t.app, 'company.user');
    expect((await user.get(`integration/webhooks?companyId=${notaria}`)).statusCode).toBe(403);
  });
});
