import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets are `whsec_` and the base64 of the key bytes. */
const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 256 random bits. */
export function createWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * The headers of one delivery per the Standard Webhooks specification: `webhook-id` (the event's id, the same on
 * every retry), `webhook-timestamp` (seconds) and `webhook-signature` = `v1,` + base64 HMAC-SHA256 over
 * `id.timestamp.body` keyed with the secret's decoded bytes.
 */
export function signWebhook(secret: string, id: string, timestamp: Date, body: string): Record<string, string> {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('webhook secret without the whsec_ prefix');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const seconds = Math.floor(timestamp.getTime() / 1000);
  const signature = createHmac('sha256', key).update(`${id}.${seconds}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': `v1,${signature}` };
}
