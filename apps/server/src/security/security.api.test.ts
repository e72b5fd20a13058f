import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';
import { hashToken } from '../platform/tokens.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILED_ATTEMPTS: '3', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

describe('security/login', () => {
  it('signs in and answers the session user with token headers', async () => {
    const client = new TestClient(t.app);
    const response = await client.login('company.manager');
    const body = response.json();
    expect(body).toMatchObject({
      userid: 'company.manager',
      roles: ['cust_ctr_mgr'],
      language: 'pt-pt',
      superAdmin: false,
      isSandbox: false,
    });
    expect(body.permissions).toMatchObject({ shippingList: true, shippingListOnlyAuth: true });
    expect(Object.values(body.permissions).every((value) => value === true)).toBe(true);
    expect(response.headers['auth-token']).toBe(body.token);
    expect(Number(response.headers['auth-token-expires'])).toBe(body.expiration);
    // Default session preference is 5 minutes.
    expect(body.expiration - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(body.expiration - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it('refuses a wrong password with ERR_LOGIN_INVALID and an unknown user the same way', async () => {
    const client = new TestClient(t.app);
    const wrong = await client.post('security/login', { login: 'company.user', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ key: 'ERR_LOGIN_INVALID' });
    const unknown = await client.post('security/login', { login: 'nobody.here', password: 'nope' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ key: 'ERR_LOGIN_INVALID' });
  });

  it('answers field errors for an empty payload', async () => {
    const response = await new TestClient(t.app).post('security/login', { login: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      key: 'ERR_VALIDATION',
      fields: { login: 'ERR_FIELD_REQUIRED', password: 'ERR_FIELD_REQUIRED' },
    });
  });

  it('delays the source after the configured number of failures; every attempt from there hears it', async () => {
    const client = new TestClient(t.app);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await client.post('security/login', { login: 'sandbox.user', password: 'bad' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ key: 'ERR_LOGIN_INVALID' });
    }
    const right = await client.post('security/login', { login: 'sandbox.user', password: 'Sello-Demo-2026' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ key: 'ERR_LOGIN_DELAYED' });
    const pair = await t.database.db
      .selectFrom('sign_in_failures')
      .select(['failures', 'source', sql<boolean>`delayed_until > now()`.as('delayed')])
      .where('login_hash', '=', hashToken('sandbox.user'))
      .executeTakeFirstOrThrow();
    expect(pair).toEqual({ failures: 3, source: '127.0.0.1', delayed: true });
    // Administrators see the account locked (not blocked) while the delay runs.
    await vi.waitFor(async () => {
      const row = await t.database.db
        .selectFrom('users')
        .select(['blocked', sql<boolean>`locked_until > now()`.as('locked')])
        .where('username', '=', 'sandbox.user')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ blocked: false, locked: true });
    });
  });

  it('forgets the failures of a source after the right password from it', async () => {
    const client = new TestClient(t.app);
    await client.post('security/login', { login: 'company.admin', password: 'bad' });
    const failures = () =>
      t.database.db
        .selectFrom('sign_in_failures')
        .select('failures')
        .where('login_hash', '=', hashToken('company.admin'))
        .execute();
    expect(await failures()).toEqual([{ failures: 1 }]);
    await client.login('company.admin');
    expect(await failures()).toEqual([]);
  });

  it('stores only the hash of a session token', async () => {
    const client = await signedInClient(t.app, 'company.user');
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === client.token)).toBe(false);
    expect(rows.some((row) => row.token_hash === hashToken(client.token!))).toBe(true);
  });
});

describe('XSRF double submit', () => {
  it('refuses a mutating call without the header, or with one that does not match the cookie', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/rest/services/security/login',
      payload: { login: 'company.user', password: 'Sello-Demo-2026' },
      headers: { cookie: 'XSRF-TOKEN=abc' },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ key: 'ERR_XSRF_INVALID' });
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/rest/services/security/login',
      payload: { login: 'company.user', password: 'Sello-Demo-2026' },
      headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' },
    });
    expect(mismatch.statusCode).toBe(403);
  });

  it('hands out the XSRF cookie on the first call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/services/security/UtilityServlet' });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((entry) => entry.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });
});

describe('session tokens', () => {
  it('rotates the token on refreshToken; the old one dies after its grace period', async () => {
    const client = await signedInClient(t.app, 'company.user');
    const oldToken = client.token!;
    const refreshed = await client.get('security/refreshToken');
    expect(refreshed.statusCode).toBe(200);
    expect(client.token).not.toBe(oldToken);
    expect(refreshed.json().token).toBe(client.token);
    expect(await client.get('account/users/read').then((r) => r.statusCode)).toBe(200);
    // The refresh shortened the old session to the grace period (30 s) and gave the new one a full length.
    const lengths = await t.database.db
      .selectFrom('sessions')
      .select(['token_hash', sql<number>`extract(epoch FROM expires_at - now())::float8`.as('seconds')])
      .where('token_hash', 'in', [hashToken(oldToken), hashToken(client.token!)])
      .execute();
    const secondsLeft = (token: string) => lengths.find((row) => row.token_hash === hashToken(token))!.seconds;
    expect(secondsLeft(oldToken)).toBeGreaterThan(0);
    expect(secondsLeft(oldToken)).toBeLessThanOrEqual(30);
    expect(secondsLeft(client.token!)).toBeGreaterThan(60);
    // Still valid inside the grace window, then expire it as time would.
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', hashToken(oldToken))
      .execute();
    const stale = new TestClient(t.app);
    stale.token = oldToken;
    const response = await stale.get('account/users/read');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ key: 'ERR_TKN_INVALID' });
  });

  it('refuses refreshToken with a rotated-out token inside its grace: no second session, no new token', async () => {
    const client = await signedInClient(t.app, 'company.admin');
    const oldToken = client.token!;
    expect((await client.get('security/refreshToken')).statusCode).toBe(200);
    const sessionsOf = () =>
      t.database.db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select('s.token_hash')
        .where('u.username', '=', 'company.admin')
        .execute();
    const before = await sessionsOf();
    const stale = new TestClient(t.app);
    stale.token = oldToken;
    // The grace still serves ordinary calls in flight…
    expect((await stale.get('account/users/read')).statusCode).toBe(200);
    // …but never mints a token.
    const fork = await stale.get('security/refreshToken');
    expect([fork.statusCode, fork.json()]).toEqual([401, { key: 'ERR_TKN_INVALID' }]);
    expect(stale.token).toBe(oldToken);
    expect(await sessionsOf()).toEqual(before);
    // The current token still refreshes.
    expect((await client.get('security/refreshToken')).statusCode).toBe(200);
  });

  it('answers 401 ERR_TKN_INVALID for an expired session and for no token at all', async () => {
    const client = await signedInClient(t.app, 'company.manager');
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', hashToken(client.token!))
      .execute();
    const expired = await client.get('account/users/read');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().key).toBe('ERR_TKN_INVALID');
    const anonymous = await new TestClient(t.app).get('account/users/read');
    expect(anonymous.statusCode).toBe(401);
  });

  it('returns the current token in the headers of every authenticated answer', async () => {
    const client = await signedInClient(t.app, 'company.user');
    const response = await client.get('account/users/read');
    expect(response.headers['auth-token']).toBe(client.token);
    expect(Number(response.headers['auth-token-expires'])).toBeGreaterThan(Date.now());
  });

  it('logout revokes the session', async () => {
    const client = await signedInClient(t.app, 'company.user');
    const token = client.token;
    expect((await client.get('security/logout')).statusCode).toBe(200);
    client.token = token;
    expect((await client.get('account/users/read')).statusCode).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 ERR_TOO_MANY_REQUESTS past the per-IP limit', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = new TestClient(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await client.post('security/login', { login: 'company.user', password: 'bad' })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const last = await client.post('security/login', { login: 'company.user', password: 'bad' });
      expect(last.json()).toEqual({ key: 'ERR_TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });
});
