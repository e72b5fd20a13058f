import pg from 'pg';
import type { Logger } from 'pino';
import type { TConfig } from './config.ts';
import { findAuditRoleProblems } from './db/app-role.ts';
import { connectDatabase, ensureDatabase, startEmbeddedPostgres, type TDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { migrateJobQueue } from './platform/jobs.ts';

export type TOpenDatabase = { database: TDatabase; stop: () => Promise<void> };

export const EMBEDDED_DATABASE = 'sello';

/**
 * Applies the migrations and installs or upgrades the job queue's schema as the owner, on its own short-lived
 * connection, so the server's pool never needs the right to change the schema.
 */
export async function migrateAsOwner(ownerUrl: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  try {
    const applied = await migrate(pool);
    await migrateJobQueue(pool);
    return applied;
  } finally {
    await pool.end();
  }
}

/**
 * Connects to `DATABASE_URL`, or starts the embedded PostgreSQL in the data directory; migrates as the owner
 * (`DATABASE_OWNER_URL`, the embedded superuser, or else `DATABASE_URL` itself), then checks that the server's role
 * cannot rewrite the audit trail: in production it refuses to start when it can.
 */
export async function openDatabase(config: TConfig, logger: Logger): Promise<TOpenDatabase> {
  let url = config.DATABASE_URL;
  let ownerUrl = config.DATABASE_OWNER_URL ?? config.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!url) {
    logger.info({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT }, 'starting embedded PostgreSQL');
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, logger });
    await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
    url = embedded.appUrlFor(EMBEDDED_DATABASE);
    ownerUrl = embedded.urlFor(EMBEDDED_DATABASE);
    stopEmbedded = embedded.stop;
  }
  try {
    const applied = await migrateAsOwner(ownerUrl ?? url).catch((error: Error) => {
      const hint = config.DATABASE_OWNER_URL ? '' : ' (DATABASE_OWNER_URL names the role that may migrate)';
      throw new Error(`${error.message}${hint}`, { cause: error });
    });
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  } catch (error) {
    await stopEmbedded();
    throw error;
  }
  const database = connectDatabase(url, config.DATABASE_POOL_SIZE, logger, {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    queryMs: config.DATABASE_QUERY_TIMEOUT_MS,
  });
  try {
    const problems = await findAuditRoleProblems(database.pool);
    if (problems.length > 0 && config.NODE_ENV === 'production') {
      throw new Error(
        `the server's database role could rewrite the audit trail: ${problems.join('; ')}. ` +
          'Set DATABASE_URL to the sello_app role and DATABASE_OWNER_URL to the owner (docs/operations.md)',
      );
    }
    if (problems.length > 0) logger.warn({ problems }, "the server's database role could rewrite the audit trail");
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
