import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, readChain } from '../../test/shipping-fixtures.ts';
import type { TTestApp } from '../../test/test-app.ts';
import { verifyChain } from '../shippings/event-chain.ts';
import { seedDemoShippings } from './seed-demo-shippings.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createShippingTestApp();
});
afterAll(() => t.close());

describe('seedDemoShippings', () => {
  it('creates demo shippings in varied states through the services, each with a verified event chain', async () => {
    const db = t.database.db;
    const created = await seedDemoShippings(t.ctx);
    expect(created).toBeGreaterThanOrEqual(25);
    const states = await db
      .selectFrom('shippings')
      .select(['state', sql<boolean>`deleted_at IS NOT NULL`.as('deleted'), sql<number>`count(*)::int`.as('count')])
      .groupBy(['state', sql`deleted_at IS NOT NULL`])
      .execute();
    const live = Object.fromEntries(states.filter((row) => !row.deleted).map((row) => [row.state, row.count]));
    expect(Object.keys(live).sort()).toEqual([
      'auths_expired',
      'auths_pending_user',
      'no_auth',
      'pending_auth',
      'pending_to_send',
    ]);
    expect(states.some((row) => row.deleted)).toBe(true);
    expect(await db.selectFrom('shippings').select('id').where('is_sandbox', '=', true).execute()).toHaveLength(2);
    const shippings = await db.selectFrom('shippings').select(['id', 'event_count']).execute();
    expect(shippings).toHaveLength(created);
    for (const shipping of shippings) {
      const chain = await readChain(db, Number(shipping.id));
      expect(chain).toHaveLength(shipping.event_count);
      expect(verifyChain(chain)).toBeNull();
    }
  });

  it('expires an authorisation only once its deadline, as shown, has passed', async () => {
    const db = t.database.db;
    const expired = await db
      .selectFrom('shippings as s')
      .innerJoin('shipping_events as e', (join) =>
        join.onRef('e.shipping_id', '=', 's.id').on('e.action', '=', 'authExpire'),
      )
      .select(['s.id', 's.auth_deadline_at as shippingDeadline', 'e.at as expiredAt'])
      .where('s.state', '=', 'auths_expired')
      .execute();
    expect(expired).toHaveLength(3);
    for (const row of expired) {
      expect(new Date(row.shippingDeadline!).getTime()).toBeLessThanOrEqual(new Date(row.expiredAt).getTime());
      const slots = await db
        .selectFrom('shipping_authorisations')
        .select(['deadline_at as deadline', 'decision'])
        .where('shipping_id', '=', row.id)
        .execute();
      expect(slots.length).toBeGreaterThan(0);
      for (const slot of slots) {
        expect(slot.decision).toBe('expired');
        expect(new Date(slot.deadline).getTime()).toBeLessThanOrEqual(new Date(row.expiredAt).getTime());
      }
    }
  });
});
