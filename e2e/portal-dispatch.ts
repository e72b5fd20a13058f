// Sends a shipping of the browser tests' server to its receivers with the dispatch STAND-IN (until the
// dispatch worker lands) and prints its links as JSON. Run with tsx: portal-dispatch.ts <shippingId>.
import pino from 'pino';
import { connectDatabase } from '../apps/server/src/db/database.ts';
import { createJobQueue } from '../apps/server/src/platform/jobs.ts';
import { dispatchStandIn } from '../apps/server/test/portal-dispatch-stand-in.ts';
import { E2E } from './e2e-env.ts';

const shippingId = process.argv[2];
if (!shippingId || !/^\d+$/.test(shippingId)) throw new Error('usage: portal-dispatch.ts <shippingId>');
const logger = pino({ level: 'warn' });
const database = connectDatabase(E2E.databaseUrl, 2, logger);
const jobs = createJobQueue({ pool: database.pool, logger, work: false });
try {
  await jobs.start([]);
  const links = await dispatchStandIn(database.db, jobs, shippingId);
  process.stdout.write(`${JSON.stringify(links)}\n`);
} finally {
  await jobs.stop();
  await database.close();
}
