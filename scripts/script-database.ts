// The database of a maintenance script: DATABASE_URL, or the embedded PostgreSQL of a running server
// (EMBEDDED_PG_PORT), or the embedded one started here.
import type pino from 'pino';
import type { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase, embeddedDatabaseUrl } from '../apps/server/src/db/database.ts';
import { EMBEDDED_DATABASE, openDatabase } from '../apps/server/src/open-database.ts';

export async function openScriptDatabase(config: ReturnType<typeof loadConfig>, logger: pino.Logger) {
  if (config.DATABASE_URL) {
    const database = connectDatabase(config.DATABASE_URL, 1, logger);
    return { db: database.db, stop: database.close };
  }
  const running = connectDatabase(embeddedDatabaseUrl(config.EMBEDDED_PG_PORT, EMBEDDED_DATABASE), 1, logger);
  try {
    await running.pool.query('SELECT 1');
    return { db: running.db, stop: running.close };
  } catch {
    await running.close();
    const started = await openDatabase(config, logger);
    return { db: started.database.db, stop: started.stop };
  }
}
