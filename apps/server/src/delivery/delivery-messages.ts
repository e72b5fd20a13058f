import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeliveryMessagesTable } from '../db/delivery-schema.ts';
import type { Database } from '../db/schema.ts';
import { insertMessagesOnce } from './delivery.queries.ts';

export type TNewMessage = {
  shippingId: string;
  receiverId: string;
  purpose: DeliveryMessagesTable['purpose'];
  channel: string;
  transport: DeliveryMessagesTable['transport'];
  recipient: string;
  subject: string | null;
  body: string;
  /** The body is HTML (an e-mail written from an HTML template). */
  bodyHtml?: boolean;
  /** Names the message for good: writing it again with the same key changes nothing. */
  idempotencyKey: string;
  /** The message this one stands in for: it is held until that one fails (see releaseFallbacks). */
  fallbackFor?: string;
};

/** SHA-256 over subject and body, as evidence of what the receiver was sent. */
export function hashMessageContent(subject: string | null, body: string): string {
  return createHash('sha256')
    .update(JSON.stringify([subject, body]))
    .digest('hex');
}

/**
 * Records messages to receivers, each exactly once. An outbox message is complete when recorded (nothing
 * leaves); others start `queued` for their adapter; a fallback starts `held`. Call it inside the transaction of the state change
 * that causes the messages, so both happen or neither does.
 */
export function recordMessages(db: Kysely<Database>, messages: readonly TNewMessage[]) {
  return insertMessagesOnce(
    db,
    messages.map((message) => ({
      shipping_id: message.shippingId,
      receiver_id: message.receiverId,
      purpose: message.purpose,
      channel: message.channel,
      transport: message.transport,
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      body_html: message.bodyHtml ?? false,
      content_sha256: hashMessageContent(message.subject, message.body),
      idempotency_key: message.idempotencyKey,
      fallback_for: message.fallbackFor ?? null,
    })),
  );
}
