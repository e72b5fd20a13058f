import { PREFERENCES, SESSION } from '@sello/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notifyPreferenceCacheClear, selectAllPreferences } from './preferences.queries.ts';

/** How long a server copy trusts its cached preferences before reading them again. */
const CACHE_TTL_MS = 60_000;

export type TPreferences = ReturnType<typeof createPreferences>;

/**
 * Preferences live in the database; each server copy caches them briefly. `publicUrl` is where the
 * console is reached when the CONSOLE_URL preference is not set (links in messages point there).
 */
export function createPreferences(db: Kysely<Database>, publicUrl = 'http://localhost:8080/') {
  let cache: Map<string, string | null> | null = null;
  let loadedAt = 0;

  async function load(): Promise<Map<string, string | null>> {
    if (cache && Date.now() - loadedAt < CACHE_TTL_MS) return cache;
    const rows = await selectAllPreferences(db);
    cache = new Map(rows.map((row) => [row.name, row.value]));
    loadedAt = Date.now();
    return cache;
  }

  async function getNumber(name: string, fallback: number): Promise<number> {
    const value = Number((await load()).get(name));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  }

  return {
    get: async (name: string): Promise<string | null> => (await load()).get(name) ?? null,
    getNumber,
    sessionMinutes: () => getNumber(PREFERENCES.sessionTime, SESSION.defaultMinutes),
    /** The console's public address, ending in `/`: the base of every link sent to people. */
    consoleUrl: async (): Promise<string> => {
      const url = (await load()).get(PREFERENCES.consoleUrl) ?? publicUrl;
      return url.endsWith('/') ? url : `${url}/`;
    },
    /** Drops this copy's cache (what a notification from any copy does). */
    dropCache: () => {
      cache = null;
    },
    /** Drops the cache of every copy: this one at once, the others through PostgreSQL NOTIFY. */
    clearCache: async () => {
      cache = null;
      await notifyPreferenceCacheClear(db);
    },
  };
}
