import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { retryDelaySeconds } from './webhook-delivery.ts';
import { webhookEventsOf } from './webhook-events.ts';

describe('webhook retries', () => {
  it('keep trying for more than 24 hours with the default configuration, each wait doubling up to the cap', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const waits = Array.from({ length: config.WEBHOOK_MAX_ATTEMPTS - 1 }, (_, index) =>
      retryDelaySeconds(index + 1, config),
    );
    expect(waits.slice(0, 4)).toEqual([10, 20, 40, 80]);
    expect(Math.max(...waits)).toBe(config.WEBHOOK_RETRY_MAX_SECONDS);
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(24 * 3600);
  });
});

describe('the webhook events of a shipping’s move', () => {
  const move = (from: string | null, to: string, action?: string, result: string | null = null) =>
    webhookEventsOf({ shippingId: '1', from, to, action, result } as Parameters<typeof webhookEventsOf>[0]);

  it.each([
    [move(null, 'pending_to_send'), ['shipping.created']],
    [move('pending_to_send', 'sent', 'dispatch'), ['shipping.sent']],
    [move('sent', 'in_course', 'deliver'), ['shipping.delivered']],
    [move('in_course', 'in_course', 'opened'), ['shipping.read']],
    [move('in_course', 'pending_cert', 'accept', 'accepted'), ['shipping.accepted']],
    [move('in_course', 'pending_cert', 'reject', 'deny'), ['shipping.rejected']],
    [move('pending_to_send', 'not_send_error', 'dispatchFailed', 'error'), ['shipping.failed']],
    [move('in_course', 'pending_cert', 'pinFailed', 'pin_error'), ['shipping.failed']],
    [move('pending_cert', 'closed', 'certify', 'error'), ['shipping.certificate_ready', 'shipping.closed']],
    [move('pending_to_send', 'closed', 'cancel', 'cancelled_by_sender'), ['shipping.closed']],
    [move('to_review', 'pending_auth', 'submit'), []],
  ])('%j', (events, expected) => {
    expect(events).toEqual(expected);
  });
});
