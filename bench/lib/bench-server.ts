// What the benches that run the real server share: a seeded embedded PostgreSQL in a data directory of
// their own, and the server in its own process (as in production, so its memory and CPU are its own).
// Each registers how to undo what it started in `cleanups`, undone in reverse order at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { API_PREFIX } from '@sello/contracts/endpoint';
import pino from 'pino';
import { asEmbeddedAppRole } from '../../apps/server/src/db/app-role.ts';
import { connectDatabase, ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/db/database.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { seedDemo } from '../../apps/server/src/demo/seed-demo.ts';
import { seedPreferences } from '../../apps/server/src/preferences/default-preferences.ts';
import { REPO_ROOT } from './bench-result.ts';

export const BENCH_HOST = '127.0.0.1';
const DATABASE = 'sello';
/** Node's flags as `npm run serve` starts the server (package.json): young generation 8 MiB, old 1 GiB. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024'];

/** More flags for the server's Node, e.g. `BENCH_SERVER_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` to profile it. */
const EXTRA_FLAGS = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);

export type TCleanups = (() => Promise<unknown>)[];

export async function cleanUp(cleanups: TCleanups): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, BENCH_HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A new embedded PostgreSQL in `dataDir` (relative to the repository), migrated, with the demo seeded. With `keep`
 * the data directory is neither emptied before nor removed after: what a previous run left is used again.
 */
export async function startBenchDatabase(options: {
  dataDir: string;
  port: number;
  cleanups: TCleanups;
  keep?: boolean;
}) {
  const dataDir = path.join(REPO_ROOT, options.dataDir);
  if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  const logger = pino({ level: 'warn' });
  const embedded = await startEmbeddedPostgres({ dataDir, port: options.port, logger });
  options.cleanups.push(async () => {
    await embedded.stop();
    if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  });
  await ensureDatabase(embedded.adminUrl, DATABASE);
  const url = embedded.urlFor(DATABASE);
  const database = connectDatabase(url, 4, logger);
  options.cleanups.push(() => database.close());
  await migrate(database.pool);
  await seedPreferences(database.db, 5);
  await seedDemo(database.db);
  return { url, database };
}

/**
 * The real server in its own process, started as `npm run serve` starts it (Node's type stripping, the same flags,
 * production settings) with `env` on top; answers once it listens.
 */
export async function startBenchServer(options: {
  /**
   * The owner's URL of an embedded database (`startBenchDatabase`'s `url`): the server connects as the app role and
   * migrates as the owner, as in production. Without it the server starts its own embedded PostgreSQL in `dataDir`
   * (then `startSeconds` should allow for it).
   */
  databaseUrl?: string;
  dataDir: string;
  env: Record<string, string>;
  cleanups: TCleanups;
  /** Where the server's log lines go (appended), as a supervisor sends them to a file; by default nowhere. */
  logFile?: string;
  /** How long to wait for it to listen (180 s by default: a start on the loaded 2-core machine can take over a minute). */
  startSeconds?: number;
}): Promise<{ base: string; child: ChildProcess; port: number }> {
  const port = Number(options.env.PORT ?? (await freePort()));
  const log = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...EXTRA_FLAGS, path.join(REPO_ROOT, 'apps/server/src/main.ts')],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: BENCH_HOST,
        PORT: String(port),
        ...(options.databaseUrl && {
          DATABASE_URL: asEmbeddedAppRole(options.databaseUrl),
          DATABASE_OWNER_URL: options.databaseUrl,
        }),
        DATA_DIR: options.dataDir,
        SEED_DEMO: 'false',
        CERTIFICATE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        ...options.env,
      },
    },
  );
  if (typeof log === 'number') closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  options.cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  });
  const base = `http://${BENCH_HOST}:${port}`;
  const deadline = Date.now() + (options.startSeconds ?? 180) * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      await fetch(`${base}${API_PREFIX}security/login`, { method: 'OPTIONS' });
      return { base, child, port };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`the server did not start within ${options.startSeconds ?? 180} s`);
}
