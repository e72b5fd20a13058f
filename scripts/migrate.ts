// Applies the pending migrations and the job queue's schema as the schema owner, without starting a server:
// `npm run migrate`. Uses DATABASE_OWNER_URL (else DATABASE_URL), so the copies themselves need only the app role.
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateAsOwner } from '../apps/server/src/open-database.ts';

const config = loadConfig();
const url = config.DATABASE_OWNER_URL ?? config.DATABASE_URL;
if (!url) {
  process.stderr.write('set DATABASE_OWNER_URL (the owner of the schema); the embedded PostgreSQL migrates at start\n');
  process.exit(2);
}
const applied = await migrateAsOwner(url);
process.stdout.write(applied.length > 0 ? `applied ${applied.join(', ')}\n` : 'nothing to apply\n');
