// Lifts the lock (wrong passwords) or block of a user, super admins included: `npm run unlock-user -- <login>`.
// Uses DATABASE_URL, or the embedded PostgreSQL of a running server (EMBEDDED_PG_PORT), or starts it.
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase, embeddedDatabaseUrl } from '../apps/server/src/db/database.ts';
import { EMBEDDED_DATABASE, openDatabase } from '../apps/server/src/db/open-database.ts';
import { unlockUserByLogin } from '../apps/server/src/security/login.queries.ts';

async function open(config: ReturnType<typeof loadConfig>, logger: pino.Logger) {
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

const login = process.argv[2];
if (!login) {
  process.stderr.write('usage: npm run unlock-user -- <login>\n');
  process.exit(2);
}
const config = loadConfig();
const database = await open(config, pino({ level: 'warn' }));
try {
  const found = await unlockUserByLogin(database.db, login);
  process.stdout.write(found ? `${login} can sign in again\n` : `no live user ${login}\n`);
  process.exitCode = found ? 0 : 1;
} finally {
  await database.stop();
}
