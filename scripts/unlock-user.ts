// Lifts the lock (wrong passwords) or block of a user, super admins included: `npm run unlock-user -- <login>`.
// Uses DATABASE_URL, or the embedded PostgreSQL of a running server (EMBEDDED_PG_PORT), or starts it.
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { unlockUserByLogin } from '../apps/server/src/security/login.queries.ts';
import { openScriptDatabase } from './script-database.ts';

const login = process.argv[2];
if (!login) {
  process.stderr.write('usage: npm run unlock-user -- <login>\n');
  process.exit(2);
}
const config = loadConfig();
const database = await openScriptDatabase(config, pino({ level: 'warn' }));
try {
  const found = await unlockUserByLogin(database.db, login);
  process.stdout.write(found ? `${login} can sign in again\n` : `no live user ${login}\n`);
  process.exitCode = found ? 0 : 1;
} finally {
  await database.stop();
}
