import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PREFERENCE_CACHE_CHANNEL } from './preferences.queries.ts';

const RECONNECT_DELAY_MS = 2_000;

/**
 * Holds one connection (outside the pool) that LISTENs for cache clears from any copy and calls `onClear`.
 * A lost connection is opened again; `onClear` runs then too, since a clear may have been missed meanwhile.
 */
export function listenForPreferenceCacheClears(
  connection: pg.ClientConfig,
  onClear: () => void,
  logger: FastifyBaseLogger,
): { ready: Promise<void>; stop: () => Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      if (message.channel === PREFERENCE_CACHE_CHANNEL) onClear();
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'preference cache listener lost its connection');
      void next.end().catch(() => {});
      if (client === next) reconnectLater();
    });
    await next.connect();
    await next.query(`LISTEN ${PREFERENCE_CACHE_CHANNEL}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
  }

  function reconnectLater(): void {
    client = null;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(onClear, (error: unknown) => {
        logger.warn({ err: error }, 'preference cache listener could not reconnect');
        reconnectLater();
      });
    }, RECONNECT_DELAY_MS);
    retry.unref();
  }

  const ready = connect().catch((error: unknown) => {
    logger.warn({ err: error }, 'preference cache listener could not connect');
    reconnectLater();
  });

  return {
    ready,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await ready;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
