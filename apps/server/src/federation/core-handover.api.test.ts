import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

const SECRET = 'core-platform-shared-secret-of-the-test-0123456789';

let t: TTestApp;
let sender: string;
let shipping: { id: number; guid: string };
beforeAll(async () => {
  t = await createShippingTestApp({ CORE_HANDOVER_SECRET: SECRET, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  sender = 'company.user';
  const id = await sendShipping(await signedInClient(t.app, sender), t.database.db, 'Deed acceptance');
  const row = await t.database.db
    .selectFrom('shippings')
    .select(['id', 'guid'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
  shipping = { id: Number(row.id), guid: row.guid };
});
afterAll(() => t.close());

/** The core platform's call: the body as sent, signed with the shared secret. */
function askHandover(body: unknown, secret = SECRET) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/rest/services/security/saml/coreHandover',
    headers: {
      'content-type': 'application/json',
      'x-sello-signature': createHmac('sha256', secret).update(raw).digest('hex'),
    },
    payload: raw,
  });
}

async function handover(body: { login: string; uuid?: string }) {
  const response = await askHandover(body);
  expect(response.statusCode).toBe(200);
  return response.json() as { requestHash: string; tokenHash: string; path: string; expiration: number };
}

describe('the hand-over from the core platform', () => {
  it('signs the user in once from a valid hand-over, and the session works', async () => {
    const given = await handover({ login: sender });
    expect(given.path).toBe(`/saml/samlCoreLogin/${given.requestHash}/${given.tokenHash}`);
    expect(given.expiration - Date.now()).toBeLessThanOrEqual(61_000);
    const browser = new TestClient(t.app);
    const signedIn = await browser.post('security/saml/coreLogin', {
      requestHash: given.requestHash,
      tokenHash: given.tokenHash,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ userid: sender, shippingId: null });
    expect((await browser.get('account/users/read')).statusCode).toBe(200);

    const again = await new TestClient(t.app).post('security/saml/coreLogin', {
      requestHash: given.requestHash,
      tokenHash: given.tokenHash,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ key: 'ERR_HANDOVER_INVALID' });
  });

  it('keeps only a hash of the secret in PostgreSQL', async () => {
    const given = await handover({ login: sender });
    const row = await t.database.db
      .selectFrom('core_handovers')
      .select('token_hash')
      .where('request_hash', '=', given.requestHash)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(given.tokenHash);
  });

  it('refuses an expired hand-over', async () => {
    const given = await handover({ login: sender });
    await sql`UPDATE core_handovers SET expires_at = now() - interval '1 second' WHERE request_hash = ${given.requestHash}`.execute(
      t.database.db,
    );
    const response = await new TestClient(t.app).post('security/saml/coreLogin', {
      requestHash: given.requestHash,
      tokenHash: given.tokenHash,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ key: 'ERR_HANDOVER_INVALID' });
  });

  it('refuses a forged secret, and leaves the true one usable', async () => {
    const given = await handover({ login: sender });
    const forged = await new TestClient(t.app).post('security/saml/coreLogin', {
      requestHash: given.requestHash,
      tokenHash: `${given.tokenHash.slice(0, -2)}AA`,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ key: 'ERR_HANDOVER_INVALID' });
    const real = await new TestClient(t.app).post('security/saml/coreLogin', {
      requestHash: given.requestHash,
      tokenHash: given.tokenHash,
    });
    expect(real.statusCode).toBe(200);
  });

  it('makes no hand-over for a caller without the secret', async () => {
    const wrong = await askHandover({ login: sender }, 'another-secret-that-is-long-enough-000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ key: 'ERR_SIGNATURE_INVALID' });
    const unsigned = await new TestClient(t.app).post('security/saml/coreHandover', { login: sender });
    expect(unsigned.statusCode).toBe(401);
    const unknown = await askHandover({ login: 'nobody.here' });
    expect(unknown.statusCode).toBe(404);
    expect((await t.database.db.selectFrom('core_handovers').select('id').execute()).length).toBe(4);
  });

  it('opens the shipping the hand-over names, and refuses a link pointed at another', async () => {
    const given = await handover({ login: sender, uuid: shipping.guid });
    expect(given.path).toBe(`/saml/samlCoreLogin/${given.requestHash}/${given.tokenHash}/${shipping.guid}`);
    const redirected = await new TestClient(t.app).post('security/saml/coreLogin', {
      requestHash: given.requestHash,
      tokenHash: given.tokenHash,
      uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(redirected.statusCode).toBe(401);

    const next = await handover({ login: sender, uuid: shipping.guid });
    const browser = new TestClient(t.app);
    const signedIn = await browser.post('security/saml/coreLogin', {
      requestHash: next.requestHash,
      tokenHash: next.tokenHash,
      uuid: shipping.guid,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().shippingId).toBe(shipping.id);
    expect((await browser.get(`shippings/shippingdetail?requestId=${shipping.id}`)).statusCode).toBe(200);
  });

  it('answers a one-time link that opens a shipping with shippingSamlAccess', async () => {
    const user = await signedInClient(t.app, sender);
    const response = await user.get(`shippings/shippingSamlAccess?requestId=${shipping.id}`);
    expect(response.statusCode).toBe(200);
    const url: string = response.json().url;
    const match = /^\/#\/saml\/samlCoreLogin\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(url);
    expect(match?.[3]).toBe(shipping.guid);
    const browser = new TestClient(t.app);
    const signedIn = await browser.post('security/saml/coreLogin', {
      requestHash: match?.[1],
      tokenHash: match?.[2],
      uuid: match?.[3],
    });
    expect(signedIn.json()).toMatchObject({ userid: sender, shippingId: shipping.id });
  });

  it('asks the second factor where the domain requires it', async () => {
    const given = await handover({ login: sender });
    await sql`UPDATE domains SET two_factor_required = 'all'`.execute(t.database.db);
    try {
      const response = await new TestClient(t.app).post('security/saml/coreLogin', {
        requestHash: given.requestHash,
        tokenHash: given.tokenHash,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ twoFactorRequired: true, enrol: true });
      expect(response.headers['auth-token']).toBeUndefined();
    } finally {
      await sql`UPDATE domains SET two_factor_required = 'off'`.execute(t.database.db);
    }
  });
});
