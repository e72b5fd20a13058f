import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createWebhookSecret, signWebhook } from './webhook-signature.ts';

/** Our signer checked against an independent implementation of Standard Webhooks (the server does not use it). */
describe('webhook signatures', () => {
  const body = JSON.stringify({ type: 'shipping.sent', data: { requestId: 7, state: 'sent' } });

  it('verify with the standardwebhooks package', () => {
    const secret = createWebhookSecret();
    const headers = signWebhook(secret, 'msg_2f1c', new Date(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fail for another body, another id or another secret', () => {
    const secret = createWebhookSecret();
    const headers = signWebhook(secret, 'msg_2f1c', new Date(), body);
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_other' })).toThrow();
    expect(() => new Webhook(createWebhookSecret()).verify(body, headers)).toThrow();
  });
});
