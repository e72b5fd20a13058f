import type { TPermissionMap } from '@sello/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { makeSessionUser } from '../test/session-user.ts';
import { session } from './session-store.ts';

describe('session store', () => {
  it('is logged in only when both a token and an expiration are stored', () => {
    expect(session.isLoggedIn()).toBe(false);
    localStorage.setItem('frontendweb_token', 'token-1');
    expect(session.isLoggedIn()).toBe(false);
    localStorage.removeItem('frontendweb_token');
    localStorage.setItem('frontendweb_expiration', String(Date.now() + 60_000));
    expect(session.isLoggedIn()).toBe(false);
    localStorage.setItem('frontendweb_token', 'token-1');
    expect(session.isLoggedIn()).toBe(true);
  });

  it('stores the user, the token and the expiry under the frontendweb_ prefix on start', () => {
    const user = makeSessionUser({ token: 'abc', expiration: 1_900_000_000_000 });
    session.start(user);
    expect(localStorage.getItem('frontendweb_token')).toBe('abc');
    expect(localStorage.getItem('frontendweb_expiration')).toBe('1900000000000');
    expect(JSON.parse(localStorage.getItem('frontendweb_user') ?? 'null')).toMatchObject({
      id: user.id,
      userid: user.userid,
      email: user.email,
    });
    expect(session.isLoggedIn()).toBe(true);
    expect(session.token()).toBe('abc');
    expect(session.expiration()).toBe(1_900_000_000_000);
  });

  it('does not keep the token inside the stored user', () => {
    session.start(makeSessionUser({ token: 'secret-token' }));
    const stored = JSON.parse(localStorage.getItem('frontendweb_user') ?? '{}') as Record<string, unknown>;
    expect(stored.token).toBeUndefined();
    expect(stored.expiration).toBeUndefined();
  });

  it('keeps only the permission flags that are true', () => {
    const permissions = { shippingList: true, newSend: false, types: true, templates: undefined };
    session.start(makeSessionUser({ permissions: permissions as unknown as TPermissionMap }));
    expect(session.permissions()).toEqual({ shippingList: true, types: true });
  });

  it('replaces the token and the expiry when a different token arrives', () => {
    session.start(makeSessionUser({ token: 'old', expiration: 1_900_000_000_000 }));
    session.replaceToken('new', 1_900_000_600_000);
    expect(session.token()).toBe('new');
    expect(session.expiration()).toBe(1_900_000_600_000);
  });

  it('keeps the stored expiry when the new one is missing or not a time', () => {
    session.start(makeSessionUser({ token: 'old', expiration: 1_900_000_000_000 }));
    session.replaceToken('new', null);
    session.replaceToken('newer', Number.NaN);
    session.replaceToken('newest', 0);
    expect(session.token()).toBe('newest');
    expect(session.expiration()).toBe(1_900_000_000_000);
  });

  it('does not store a token that arrives when nobody is logged in', () => {
    session.replaceToken('stray', 1_900_000_000_000);
    expect(session.token()).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
  });

  it('clear() removes every frontendweb_ key except frontendweb_host, and leaves other keys alone', () => {
    localStorage.setItem('frontendweb_host', 'https://api.example');
    session.start(makeSessionUser());
    localStorage.setItem('frontendweb_anything', 'x');
    localStorage.setItem('other_app_key', 'y');
    session.clear();
    expect(session.isLoggedIn()).toBe(false);
    expect(session.user()).toBeNull();
    const keys = Object.keys(localStorage).sort();
    expect(keys).toEqual(['frontendweb_host', 'other_app_key']);
    expect(localStorage.getItem('frontendweb_host')).toBe('https://api.example');
  });
});
