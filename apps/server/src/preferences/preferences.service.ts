import { PREFERENCES, SESSION } from '@sello/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notifyPreferenceCacheClear, selectAllDomainPreferences, selectAllPreferences } from './preferences.queries.ts';

/** How long a server copy trusts its cached preferences before reading them again. */
const CACHE_TTL_MS = 60_000;

const domainKey = (domainId: string | number, name: string) => `${domainId}:${name}`;

export type TPreferences = ReturnType<typeof createPreferences>;

/**
 * Preferences live in the database; each server copy caches them briefly. `publicUrl` is where the
 * console is reached when the CONSOLE_URL preference is not set (links in messages point there).
 */
export function createPreferences(db: Kysely<Database>, publicUrl = 'http://localhost:8080/') {
  let cache: { platform: Map<string, string | null>; domains: Map<string, string> } | null = null;
  let loadedAt = 0;

  async function loadAll() {
    if (cache && Date.now() - loadedAt < CACHE_TTL_MS) return cache;
    const [rows, domainRows] = await Promise.all([selectAllPreferences(db), selectAllDomainPreferences(db)]);
    cache = {
      platform: new Map(rows.map((row) => [row.name, row.value])),
      domains: new Map(domainRows.map((row) => [domainKey(row.domain_id, row.name), row.value])),
    };
    loadedAt = Date.now();
    return cache;
  }

  async function load(): Promise<Map<string, string | null>> {
    return (await loadAll()).platform;
  }

  async function getNumber(name: string, fallback: number): Promise<number> {
    const value = Number((await load()).get(name));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  }

  return {
    get: async (name: string): Promise<string | null> => (await load()).get(name) ?? null,
    getNumber,
    /** The session length of a user of `domainId`: the domain's own when it set one, else the platform's. */
    sessionMinutes: async (domainId?: string | null): Promise<number> => {
      if (domainId !== undefined && domainId !== null) {
        const own = Number((await loadAll()).domains.get(domainKey(domainId, PREFERENCES.sessionTime)));
        if (Number.isInteger(own) && own > 0) return own;
      }
      return getNumber(PREFERENCES.sessionTime, SESSION.defaultMinutes);
    },
    /** A domain's own value of a preference, or null when it follows the platform's. */
    getForDomain: async (domainId: string, name: string): Promise<string | null> =>
      (await loadAll()).domains.get(domainKey(domainId, name)) ?? null,
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
