import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { SHIPPING_JOBS } from '../platform/job-catalogue.ts';
import { createJobQueue, type TJobQueue } from '../platform/jobs.ts';

let t: TTestApp;
let user: TestClient;
let sender: TJobQueue;

beforeAll(async () => {
  // The app works the jobs, as a running server does; a second queue client plays another copy.
  t = await createShippingTestApp({ JOBS_ENABLED: 'true' });
  user = await signedInClient(t.app, 'company.user');
  const queue = createJobQueue({
    pool: t.database.pool,
    db: t.database.db,
    leaseSeconds: 15,
    logger: pino({ level: 'silent' }),
    work: false,
  });
  await queue.start([]);
  sender = queue;
});
afterAll(async () => {
  await sender.stop();
  await t.close();
});

async function stateOf(id: number): Promise<string> {
  return (await user.get(`shippings/shippingdetail?requestId=${id}`)).json().state;
}

describe('background jobs of the shippings', () => {
  it('schedules the authorisation expiry every minute and the purge of expired exports every hour', async () => {
    // Other modules schedule their own queues; this test is about the shippings' ones.
    const { rows } = await t.database.pool.query(
      'SELECT name, cron FROM pgboss.schedule WHERE name = ANY($1) ORDER BY name',
      [[SHIPPING_JOBS.expireAuthorisations.name, SHIPPING_JOBS.purgeExports.name]],
    );
    expect(rows).toEqual([
      { name: SHIPPING_JOBS.expireAuthorisations.name, cron: '* * * * *' },
      { name: SHIPPING_JOBS.purgeExports.name, cron: '17 * * * *' },
    ]);
  });

  it('moves a shipping whose authorisation period ran out to auths_expired when the job runs', async () => {
    const lapsed = await sendShipping(user, t.database.db, 'Deed acceptance');
    const waiting = await sendShipping(user, t.database.db, 'Deed acceptance');
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .updateTable('shippings')
      .set({ auth_deadline_at: past })
      .where('id', '=', String(lapsed))
      .execute();
    expect(await stateOf(lapsed)).toBe('pending_auth');

    await sender.send(SHIPPING_JOBS.expireAuthorisations);
    await expect.poll(() => stateOf(lapsed), { timeout: 20_000, interval: 250 }).toBe('auths_expired');
    expect(await stateOf(waiting)).toBe('pending_auth');
  });
});
