import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo, seedPreferences } from './db/seed.ts';
import { seedDemoShippings } from './db/seed-shippings.ts';
import { createLocalBlobStore } from './platform/blob-store.ts';
import { createPreferences } from './preferences/preferences.service.ts';

function printSignIns(url: string): void {
  const lines = DEMO_USERS.map((user) => `  ${user.username.padEnd(16)} ${DEMO_PASSWORD}   ${user.role}`);
  process.stdout.write(
    `\nSello is running at ${url}\n\nDemo sign-ins (user / password / role):\n${lines.join('\n')}\n\n`,
  );
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const logger = pino({ level: config.LOG_LEVEL });
  const { database, stop } = await openDatabase(config, logger);
  await seedPreferences(database.db, config.FRONTEND_SESSION_TIME_MINUTES);
  if (config.SEED_DEMO && (await seedDemo(database.db))) {
    // Demo shippings go through the shipping services, so their documents and events are real ones.
    await seedDemoShippings({
      db: database.db,
      blobs: createLocalBlobStore(path.join(config.dataDir, 'files')),
      preferences: createPreferences(database.db),
    });
  }

  const app = await buildApp({ config, database, logger });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app.close().catch((error) => logger.error({ err: error }, 'closing HTTP server failed'));
    await stop().catch((error) => logger.error({ err: error }, 'stopping database failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const shownHost = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  if (config.SEED_DEMO) printSignIns(`http://${shownHost}:${config.PORT}`);
}

main().catch((error) => {
  process.stderr.write(`Sello failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
