/**
 * Browser tests only: does for one postal shipping what the dispatch worker and the send worker do,
 * where they have not done it (until the dispatch slice is merged they do not exist on this branch):
 * dispatches a shipping still `pending_to_send` and hands every postal access message without a
 * letter to the postal adapter. Writes to the browser tests' database and data directory.
 *
 *   node_modules/.bin/tsx e2e/postal-stand-in.ts <shippingId>
 */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/database.ts';
import { createLocalBlobStore } from '../apps/server/src/platform/blob-store.ts';
import { createJobQueue } from '../apps/server/src/platform/jobs.ts';
import { dispatchPostalStandIn, sendThroughPrintRoom } from '../apps/server/test/postal-stand-in.ts';
import { E2E } from './e2e-env.ts';

const shippingId = Number(process.argv[2]);
if (!Number.isInteger(shippingId) || shippingId <= 0) throw new Error('usage: postal-stand-in.ts <shippingId>');

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: E2E.databaseUrl,
  DATA_DIR: '.test-data/e2e-db',
});
const logger = pino({ level: 'silent' });
const database = connectDatabase(E2E.databaseUrl, 2, logger);
const jobs = createJobQueue({ pool: database.pool, logger, work: false });
await jobs.start([]);
const deps = { db: database.db, jobs, config, blobs: createLocalBlobStore(path.join(config.dataDir, 'files')) };
try {
  const { state } = await database.db
    .selectFrom('shippings')
    .select('state')
    .where('id', '=', String(shippingId))
    .executeTakeFirstOrThrow();
  if (state === 'pending_to_send') await dispatchPostalStandIn(deps, shippingId);
  const unsent = await database.db
    .selectFrom('delivery_messages as m')
    .leftJoin('postal_letters as l', 'l.message_id', 'm.id')
    .select('m.guid')
    .where('m.shipping_id', '=', String(shippingId))
    .where('m.transport', '=', 'postal')
    .where('l.id', 'is', null)
    .execute();
  for (const message of unsent) await sendThroughPrintRoom(deps, message.guid);
  console.log(JSON.stringify({ shippingId, dispatched: state === 'pending_to_send', letters: unsent.length }));
} finally {
  await jobs.stop();
  await database.close();
}
