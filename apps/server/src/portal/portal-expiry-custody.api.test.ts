import { describe, expect, it } from 'vitest';
import { dispatchForTest, eventsOf, portalCall, shippingRow } from '../../test/portal-fixtures.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { DAY, setUpPortalTestApp, storedDeadline, t, user } from './portal.test-setup.ts';
import { reminderTimes, runPortalExpiry } from './portal-expiry.ts';
import { createPortalJobs } from './portal-jobs.ts';

setUpPortalTestApp();

describe('custody', () => {
  it('starts at the first opening and ends at custody_until through the expiry job', async () => {
    const sent = await dispatchForTest(t, user, 'Document custody');
    const [token] = sent.tokens as [string];
    const before = Date.now();
    const view = (await portalCall(t, token, 'GET', 'shipping')).json();
    expect(view.documents).toHaveLength(1);
    const row = await shippingRow(t, sent.shippingId);
    expect(row).toMatchObject({ state: 'in_course', result: 'custody_in_course' });
    const custodyUntil = row.custodyUntil!.getTime();
    expect(custodyUntil).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect((await portalCall(t, token, 'POST', 'acknowledge')).json().outcome).toBe('acknowledged');

    await runPortalExpiry(t.ctx, new Date(custodyUntil - 1000));
    expect((await shippingRow(t, sent.shippingId)).state).toBe('in_course');
    // A custody is an answer: the response deadline no longer expires it.
    await runPortalExpiry(t.ctx, new Date(custodyUntil + 1000));
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'custody_in_course' });
    expect((await eventsOf(t, sent.shippingId)).map((event) => event.action)).toContain('custodyEnd');
    const download = await portalCall(t, token, 'GET', 'documents/1');
    expect(download.statusCode).toBe(403);
    expect(download.json().key).toBe('ERR_DOWNLOAD_NOT_AVAILABLE');
  });
});

describe('expiry and reminders', () => {
  it('places reminders halfway and a day before the deadline', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(reminderTimes(start, new Date('2026-01-11T00:00:00Z')).map((at) => at.toISOString())).toEqual([
      '2026-01-06T00:00:00.000Z',
      '2026-01-10T00:00:00.000Z',
    ]);
    expect(reminderTimes(start, new Date('2026-01-02T00:00:00Z')).map((at) => at.toISOString())).toEqual([
      '2026-01-01T12:00:00.000Z',
    ]);
  });

  it('reminds each unanswered receiver once per reminder, then expires the shipping at its deadline', async () => {
    const start = Date.now();
    const sent = await dispatchForTest(t, user, 'Policy renewal notice');
    const [receiverId] = sent.receiverIds as [string];
    const deadline = (await storedDeadline(sent.shippingId)).getTime();
    // Reminders fall halfway through the response period and a day before its end.
    const period = deadline - start;
    expect(period).toBeGreaterThan(2 * DAY);
    const at = (fraction: number) => new Date(start + fraction * period);
    const reminders = () =>
      t.database.db
        .selectFrom('delivery_messages')
        .select(['idempotency_key', 'body'])
        .where('receiver_id', '=', receiverId)
        .where('purpose', '=', 'reminder')
        .orderBy('id')
        .execute();

    await runPortalExpiry(t.ctx, at(0.2));
    expect(await reminders()).toEqual([]);
    await runPortalExpiry(t.ctx, at(0.52));
    await runPortalExpiry(t.ctx, at(0.54));
    const first = await reminders();
    expect(first.map((row) => row.idempotency_key)).toEqual([`reminder:${receiverId}:1`]);
    // Never opened: the reminder carries a fresh link, and the old one stops working.
    const link = /portal\/#\/r\/([\w-]{43})/.exec(first[0]!.body)?.[1];
    expect(link).toBeDefined();
    expect((await portalCall(t, sent.tokens[0]!, 'GET', 'shipping')).statusCode).toBe(401);

    await runPortalExpiry(t.ctx, new Date(deadline - 0.9 * DAY));
    const both = await reminders();
    expect(both.map((row) => row.idempotency_key)).toEqual([`reminder:${receiverId}:1`, `reminder:${receiverId}:2`]);
    const lastLink = /portal\/#\/r\/([\w-]{43})/.exec(both[1]!.body)?.[1];
    expect((await eventsOf(t, sent.shippingId)).filter((event) => event.action === 'reminded')).toHaveLength(2);

    const counts = await runPortalExpiry(t.ctx, new Date(deadline + 1000));
    expect(counts.expired).toBeGreaterThanOrEqual(1);
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'timeout' });
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select('status')
      .where('id', '=', receiverId)
      .executeTakeFirstOrThrow();
    expect(receiver.status).toBe('expired');
    expect((await portalCall(t, lastLink!, 'GET', 'shipping')).json()).toMatchObject({ outcome: 'expired' });
  });

  it('is worked every minute by the delivery-expiry queue, without retries', async () => {
    const job = createPortalJobs(t.ctx).find((entry) => entry.name === DELIVERY_JOBS.expiry.name);
    expect(job).toMatchObject({ cron: '* * * * *', retryLimit: 0 });
    await expect(job?.run?.({})).resolves.toBeUndefined();
  });

  it('does not expire an answered shipping', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    await portalCall(t, sent.tokens[0]!, 'POST', 'acknowledge');
    await runPortalExpiry(t.ctx, new Date((await storedDeadline(sent.shippingId)).getTime() + 1000));
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ result: 'accepted' });
  });
});
