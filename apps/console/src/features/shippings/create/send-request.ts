import { shippingsCreateApi } from '@sello/contracts/catalogue/shippings-create';
import { callEndpoint } from '../../../api/http-client.ts';
import type { toSendRequest } from './send-form.ts';

/**
 * Where the key of a request not yet answered is kept: session storage outlives the logout and reload that a
 * network failure causes (spec §8), so the same request sent again after signing in carries the same key.
 */
const PENDING_KEY = 'sello_pending_sendrequest';

type TPending = { digest: string; key: string };

async function digestOf(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function readPending(): TPending | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as TPending | null;
    return pending && typeof pending.digest === 'string' && typeof pending.key === 'string' ? pending : null;
  } catch {
    return null;
  }
}

/**
 * The Idempotency-Key of a submitted request: the one of the last request not yet answered when this is the
 * same request (a second click, a retry after the answer was lost), a new one for any other request.
 */
export async function idempotencyKeyOf(body: ReturnType<typeof toSendRequest>): Promise<string> {
  const digest = await digestOf(JSON.stringify(body));
  const pending = readPending();
  if (pending?.digest === digest) return pending.key;
  const key = crypto.randomUUID();
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ digest, key } satisfies TPending));
  return key;
}

/**
 * Sends the new shipping under its key. The key is kept until the shipping is created: a failed request frees its
 * key on the server, so sending it again under that key runs it afresh, and one still running answers 409
 * ERR_IDEMPOTENCY_KEY_IN_FLIGHT instead of making a second shipping. Once created, the same form sent again on
 * purpose is a new shipping.
 */
export async function sendShippingRequest(body: ReturnType<typeof toSendRequest>) {
  const idempotencyKey = await idempotencyKeyOf(body);
  const answer = await callEndpoint(shippingsCreateApi.sendRequest, { body }, { idempotencyKey });
  sessionStorage.removeItem(PENDING_KEY);
  return answer;
}
