import { afterAll, beforeAll } from 'vitest';
import { createShippingTestApp } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';

export let t: TTestApp;
export let user: TestClient;

export const DAY = 86_400_000;

/** The sender's cancellation of a travelling shipping (no API call starts one yet): `cancel_pending`. */
export function cancelPending(shippingId: number) {
  return t.database.db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, String(shippingId));
    await applyTransition(trx, t.ctx.jobs, shipping!, 'cancel', null);
  });
}

/** The response deadline the dispatch worker stored. */
export async function storedDeadline(shippingId: number): Promise<Date> {
  const row = await t.database.db
    .selectFrom('shippings')
    .select('response_deadline_at')
    .where('id', '=', String(shippingId))
    .executeTakeFirstOrThrow();
  if (!row.response_deadline_at) throw new Error(`shipping ${shippingId} has no deadline`);
  return row.response_deadline_at;
}

export function jpeg(size = 4096): string {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

/** Registers the suite's set-up and tear-down; call it at the top of each test file. */
export function setUpPortalTestApp(): void {
  beforeAll(async () => {
    t = await createShippingTestApp();
    user = await signedInClient(t.app, 'company.user');
  });
  afterAll(() => t.close());
}
