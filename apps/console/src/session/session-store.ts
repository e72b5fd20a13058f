import type { TSessionUser } from '@sello/contracts/catalogue/security';
import { type PermissionFlag, type TPermissionMap, toPermissionMap } from '@sello/contracts/permissions';
import { HOST_KEY } from '../lib/api-host.ts';
import { createStore } from '../lib/create-store.ts';
import { storage } from '../lib/storage.ts';

/** What the console keeps of the signed-in user (spec §3); the token and expiry are stored apart. */
export type TStoredUser = Omit<TSessionUser, 'token' | 'expiration'>;

const KEYS = { user: 'user', token: 'token', expiration: 'expiration', lengthMs: 'sessionLengthMs' } as const;

function readUser(): TStoredUser | null {
  const raw = storage.get(KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TStoredUser;
  } catch {
    return null;
  }
}

/** Changes whenever the stored session changes, so components can re-render. */
export const sessionVersion = createStore(0);
const bump = () => sessionVersion.set(sessionVersion.get() + 1);

export const session = {
  user: readUser,
  token: (): string | null => storage.get(KEYS.token),
  expiration: (): number | null => {
    const raw = storage.get(KEYS.expiration);
    return raw === null ? null : Number(raw);
  },
  /** Spec §4: logged in when a session token and an expiry both exist. */
  /** The full session length the server granted at sign-in, for the refresh threshold. */
  lengthMs: (): number | null => {
    const raw = storage.get(KEYS.lengthMs);
    return raw === null ? null : Number(raw);
  },
  isLoggedIn: (): boolean => storage.get(KEYS.token) !== null && storage.get(KEYS.expiration) !== null,
  permissions: (): TPermissionMap => readUser()?.permissions ?? {},

  start(user: TSessionUser): void {
    const { token, expiration, ...stored } = user;
    // Only the flags that are true are kept.
    const permissions = toPermissionMap(
      Object.entries(stored.permissions)
        .filter(([, value]) => value === true)
        .map(([flag]) => flag as PermissionFlag),
    );
    storage.set(KEYS.user, JSON.stringify({ ...stored, permissions }));
    storage.set(KEYS.token, token);
    storage.set(KEYS.expiration, String(expiration));
    storage.set(KEYS.lengthMs, String(Math.max(0, expiration - Date.now())));
    bump();
  },

  /** A token arriving in a response header replaces the stored one when it differs. */
  replaceToken(token: string, expiration: number | null): void {
    if (!session.isLoggedIn()) return;
    if (token !== storage.get(KEYS.token)) storage.set(KEYS.token, token);
    if (expiration !== null && Number.isFinite(expiration) && expiration > 0)
      storage.set(KEYS.expiration, String(expiration));
    bump();
  },

  updateUser(patch: Partial<TStoredUser>): void {
    const current = readUser();
    if (!current) return;
    storage.set(KEYS.user, JSON.stringify({ ...current, ...patch }));
    bump();
  },

  /** Logout clears all stored user data. */
  clear(): void {
    storage.clearAll([HOST_KEY]);
    bump();
  },
};
