import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  deleteEndedRateLimitWindows,
  deleteRateLimitKey,
  selectRateLimitHits,
  upsertRateLimitHit,
} from './rate-limit.queries.ts';

export type TRateLimitHit = {
  /** False once this hit went past `limit` in the current window. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends and the count starts again (at least 1). */
  retryAfterSeconds: number;
};

export type TRateLimits = ReturnType<typeof createRateLimits>;

/** How often a copy deletes ended windows (opportunistically, on a hit). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window limits counted in PostgreSQL, so every copy of the server sees the same count for a key.
 * Keys are free text: give each limit its own prefix (`pwdrecover-login:<login>`, `login-ip:<ip>`).
 * `now` replaces the database's clock (tests move time with it); without it every copy reads the same clock.
 */
export function createRateLimits(db: Kysely<Database>, now?: () => Date) {
  let lastSweep = Date.now();

  function sweepNowAndThen(): void {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    void deleteEndedRateLimitWindows(db, now?.()).catch(() => {});
  }

  async function count(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
    sweepNowAndThen();
    return upsertRateLimitHit(db, key, windowMs, now?.());
  }

  return {
    /** Counts one hit of `key`; `allowed` is false when it is hit number `limit + 1` or later in `windowSeconds`. */
    async hit(key: string, limit: number, windowSeconds: number): Promise<TRateLimitHit> {
      const { hits, ttlMs } = await count(key, windowSeconds * 1000);
      return { allowed: hits <= limit, count: hits, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
    /** Forgets `key`'s window. */
    reset: (key: string) => deleteRateLimitKey(db, key),
    count,
    peek: (key: string) => selectRateLimitHits(db, key, now?.()),
  };
}

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL: every route's `config.rateLimit` keeps its
 * own counters (keys prefixed by method and URL, as the plugin's Redis store does).
 */
export function createPgRateLimitStore(limits: TRateLimits) {
  class PgRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(_options: FastifyRateLimitOptions, prefix = 'http:') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limits.count(this.prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      limits.peek(this.prefix + key).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin hands the route's merged limit settings, its route under `routeInfo` (its types say otherwise).
      const { routeInfo } = routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } };
      const { method, url } = routeInfo ?? {};
      return new PgRateLimitStore({}, `${this.prefix}${String(method ?? '')}${url ?? ''}-`);
    }
  }
  return PgRateLimitStore;
}
