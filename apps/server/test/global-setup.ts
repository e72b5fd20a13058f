import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { connectDatabase, ensureDatabase, startEmbeddedPostgres } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { migrateJobQueue } from '../src/platform/jobs.ts';
import { seedPreferences } from '../src/preferences/default-preferences.ts';

export const TEMPLATE_DATABASE = 'sello_template';

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** The server's role (sello_app) on the same PostgreSQL; a test app swaps in its own database name. */
    appDatabaseUrl: string;
    templateDatabase: string;
  }
}

/** One real PostgreSQL per test run; a migrated and seeded template each test file copies. */
export default async function setup(project: TestProject) {
  const logger = pino({ level: 'silent' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sello-api-test-'));
  // The embedded server runs as its own user when we are root; it must be able to enter the directory.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), logger });
  await ensureDatabase(embedded.adminUrl, TEMPLATE_DATABASE);
  const template = connectDatabase(embedded.urlFor(TEMPLATE_DATABASE), 2, logger);
  await migrate(template.pool);
  await seedPreferences(template.db, 5);
  await seedDemo(template.db);
  await migrateJobQueue(template.pool);
  await template.close();
  project.provide('adminDatabaseUrl', embedded.adminUrl);
  project.provide('appDatabaseUrl', embedded.appUrlFor('postgres'));
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
