import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';

let t: TTestApp;
let user: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
});
afterAll(() => t.close());

/** The shippings a queue holds jobs for (jobs are not worked in these tests). */
async function queuedFor(queue: string): Promise<string[]> {
  const { rows } = await sql<{ shippingId: string }>`
    SELECT data->>'shippingId' AS "shippingId" FROM pgboss.job WHERE name = ${queue}`.execute(t.database.db);
  return rows.map((row) => row.shippingId);
}

describe('work queued by the state a shipping enters', () => {
  it('queues the dispatch of a shipping created ready to send, once', async () => {
    const id = await sendShipping(user, t.database.db, 'Notarial notification');
    expect((await queuedFor(DELIVERY_JOBS.dispatch.name)).filter((queued) => queued === String(id))).toHaveLength(1);
  });

  it('queues nothing while a shipping waits for authorisation, and the dispatch once it is authorised', async () => {
    const id = await sendShipping(user, t.database.db, 'Deed acceptance');
    expect(await queuedFor(DELIVERY_JOBS.dispatch.name)).not.toContain(String(id));
    const manager = await signedInClient(t.app, 'company.manager');
    const answer = await manager.put('shippings/shippingauthorize', { authorizeShippingList: [id] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ succeeded: [id] });
    expect(await queuedFor(DELIVERY_JOBS.dispatch.name)).toContain(String(id));
  });
});
