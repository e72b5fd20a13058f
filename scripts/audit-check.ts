// Verifies the audit trail's hash chains, one per tenant: `npm run audit-check`. Exits 1 when a chain is broken.
// Uses DATABASE_URL, or the embedded PostgreSQL of a running server (EMBEDDED_PG_PORT), or starts it.
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { checkAuditChains } from '../apps/server/src/platform/audit-check.ts';
import { openScriptDatabase } from './script-database.ts';

const config = loadConfig();
const database = await openScriptDatabase(config, pino({ level: 'warn' }));
let broken = true;
try {
  const reports = await checkAuditChains(database.db);
  for (const report of reports) {
    const state = report.broken ? `BROKEN at ${report.broken.seq} (${report.broken.problem})` : 'ok';
    process.stdout.write(`domain ${report.domainId}: ${report.records} records, ${state}\n`);
  }
  broken = reports.some((report) => report.broken);
} finally {
  await database.stop();
}
// Exits explicitly: with process.exitCode alone the script was seen exiting 0 on a broken chain.
process.exit(broken ? 1 : 0);
