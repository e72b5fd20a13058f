import { createHash } from 'node:crypto';
import { IDEMPOTENT_CALLS } from '@sello/contracts/api-key-scopes';
import { HEADERS } from '@sello/contracts/constants';
import type { TEndpoint } from '@sello/contracts/endpoint';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from './api-error.ts';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotentRequests,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
  selectIdempotentRequest,
} from './idempotency.queries.ts';
import type { THandlerInput } from './register-endpoint.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const SWEEP_EVERY_MS = 10 * 60_000;
/** When each app, by its database, last deleted the expired keys (one process may run several apps). */
const lastSweeps = new WeakMap<Kysely<Database>, number>();

/**
 * A digest of what a call asks for, to tell the same request from another one under one key: its query and body as
 * JSON with keys in order, bytes (an uploaded file's) by their SHA-256.
 */
export function fingerprintRequest(value: unknown): string {
  const canonical = (item: unknown): unknown => {
    if (Buffer.isBuffer(item)) return `sha256:${createHash('sha256').update(item).digest('hex')}`;
    if (Array.isArray(item)) return item.map(canonical);
    if (item && typeof item === 'object') {
      return Object.fromEntries(
        Object.entries(item)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, entry]) => [key, canonical(entry)]),
      );
    }
    return item;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)) ?? '')
    .digest('hex');
}

type THandler<E extends TEndpoint, R> = (input: THandlerInput<E>) => Promise<R>;

/**
 * Makes a creating call idempotent under the caller's `Idempotency-Key` (docs/decisions/integration.md): the same
 * key and request within 24 hours answer the first answer and create nothing; the same key with another request
 * answers 409 `ERR_IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409 `ERR_IDEMPOTENCY_KEY_IN_FLIGHT`.
 * Keys are per caller (an API key, or a user) and call. A call that fails frees its key, so it may be retried.
 * `fingerprint` digests what identifies the request when its body is not plain JSON (an upload spooled to disk).
 */
export function idempotent<E extends TEndpoint, R>(
  db: Kysely<Database>,
  endpoint: E,
  handler: THandler<E, R>,
  fingerprint: (input: THandlerInput<E>) => Promise<string> | string = (input) =>
    fingerprintRequest({ query: input.query, body: input.body }),
): THandler<E, R> {
  if (!IDEMPOTENT_CALLS.includes(endpoint.id)) throw new Error(`${endpoint.id} is not listed in IDEMPOTENT_CALLS`);
  return async (input) => {
    const header = input.request.headers[HEADERS.idempotencyKey.toLowerCase()];
    if (header === undefined) return handler(input);
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new ApiError(400, 'ERR_IDEMPOTENCY_KEY_INVALID');
    const principal = input.principal;
    const owner = principal?.apiKey ? `key:${principal.apiKey.id}` : `user:${principal?.userId ?? 'anonymous'}`;
    const id = { owner, endpoint: endpoint.id, key: header };
    const bodyHash = await fingerprint(input);
    if (Date.now() - (lastSweeps.get(db) ?? 0) > SWEEP_EVERY_MS) {
      lastSweeps.set(db, Date.now());
      void deleteExpiredIdempotentRequests(db).catch(() => {});
    }
    if (!(await claimIdempotencyKey(db, id, bodyHash))) {
      const first = await selectIdempotentRequest(db, id);
      if (!first) throw new ApiError(409, 'ERR_IDEMPOTENCY_KEY_IN_FLIGHT');
      if (first.bodyHash !== bodyHash) throw new ApiError(409, 'ERR_IDEMPOTENCY_KEY_REUSED');
      if (first.status === null) throw new ApiError(409, 'ERR_IDEMPOTENCY_KEY_IN_FLIGHT');
      input.reply.header(HEADERS.idempotentReplayed, 'true');
      return first.answer as R;
    }
    let answer: R;
    try {
      answer = await handler(input);
    } catch (error) {
      await releaseIdempotencyKey(db, id);
      throw error;
    }
    await recordIdempotentAnswer(db, id, answer);
    return answer;
  };
}
