import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

/** Header carrying the hex HMAC-SHA256 of a sessionless caller's body under the shared secret. */
export const SIGNATURE_HEADER = 'x-sello-signature';

/** Whether `signature` (hex) is the HMAC-SHA256 of the raw body under the shared secret. */
function verifyBodySignature(secret: string | undefined, rawBody: Buffer, signature: unknown): boolean {
  if (!secret || typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export function signBody(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Makes `scope` read JSON itself so the signature is checked on the exact bytes received: an unsigned or
 * wrongly signed body is ERR_SIGNATURE_INVALID (401), bytes that are no JSON ERR_VALIDATION (400). Without a
 * secret the call is refused with `unconfigured` when given (a feature that is off), else as unsigned.
 */
export function acceptSignedJson(
  scope: FastifyInstance,
  secret: string | undefined,
  unconfigured?: () => ApiError,
): void {
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void) => {
      if (!secret && unconfigured) {
        done(unconfigured());
        return;
      }
      if (!verifyBodySignature(secret, body, request.headers[SIGNATURE_HEADER])) {
        done(new ApiError(401, 'ERR_SIGNATURE_INVALID'));
        return;
      }
      try {
        done(null, JSON.parse(body.toString('utf8')));
      } catch {
        done(new ApiError(400, 'ERR_VALIDATION'));
      }
    },
  );
}
