import type { Logger } from 'pino';
import type { TConfig } from '../config.ts';
import { connectDatabase, ensureDatabase, startEmbeddedPostgres, type TDatabase } from './database.ts';
import { migrate } from './migrate.ts';

export type TOpenDatabase = { database: TDatabase; stop: () => Promise<void> };

export const EMBEDDED_DATABASE = 'sello';

/** Connects to `DATABASE_URL`, or starts the embedded PostgreSQL in the data directory; then migrates. */
export async function openDatabase(config: TConfig, logger: Logger): Promise<TOpenDatabase> {
  let url = config.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!url) {
    logger.info({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT }, 'starting embedded PostgreSQL');
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, logger });
    await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
    url = embedded.urlFor(EMBEDDED_DATABASE);
    stopEmbedded = embedded.stop;
  }
  const database = connectDatabase(url, config.DATABASE_POOL_SIZE, logger, {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    queryMs: config.DATABASE_QUERY_TIMEOUT_MS,
  });
  try {
    const applied = await migrate(database.pool);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  } catch (error) {
    await database.close();
    await stopEmbedded();
    throw error;
  }
  return {
    database,
    stop: async () => {
      await database.close();
      await stopEmbedded();
    },
  };
}
