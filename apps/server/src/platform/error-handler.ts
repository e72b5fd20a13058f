import type { Duplex } from 'node:stream';
import { ERROR_KEYS, type ErrorKey } from '@sello/contracts/error-keys';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from './api-error.ts';
import { BlobUnavailableError } from './blob-store.ts';
import { isDatabaseUnavailable } from './pg-errors.ts';

const KNOWN_KEYS = new Set<string>(ERROR_KEYS);

/** Maps a zod issue message to an error key; messages that are not keys become ERR_FIELD_INVALID. */
function toErrorKey(message: string, code: string): ErrorKey {
  if (KNOWN_KEYS.has(message)) return message as ErrorKey;
  if (code === 'invalid_type' && message.includes('received undefined')) return 'ERR_FIELD_REQUIRED';
  if (code === 'too_big') return 'ERR_FIELD_TOO_LONG';
  return 'ERR_FIELD_INVALID';
}

/**
 * Errors the router raises before any route runs (a path parameter over `maxParamLength`, a bad URL): a key,
 * never the URL echoed back.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  void reply.code(status).send({ key: status === 414 ? 'ERR_REQUEST_TOO_LONG' : 'ERR_VALIDATION' });
}

/** What the HTTP server answers to a request it cannot parse (headers too large, a broken request line). */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({ key: tooLarge ? 'ERR_REQUEST_TOO_LONG' : 'ERR_VALIDATION' });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Every failure answers `{ key, fields? }`; a 5xx never carries internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused before its body was read: close the connection after the answer instead of draining the body.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof ApiError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.key);
      return reply.code(error.status).send(error.toBody());
    }
    // A stored file that is gone answers 404; a store that does not answer 503 (it may come back).
    if (error instanceof BlobUnavailableError) {
      request.log.error({ err: error, blobKey: error.key }, 'stored file unavailable');
      return reply.code(error.code === 'ENOENT' ? 404 : 503).send({ key: 'ERR_FILE_UNAVAILABLE' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, ErrorKey> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= toErrorKey(issue.message ?? '', issue.keyword);
      }
      return reply.code(400).send({ key: 'ERR_VALIDATION', fields });
    }
    if (error.statusCode === 429) return reply.code(429).send({ key: 'ERR_TOO_MANY_REQUESTS' });
    if (error.statusCode === 413) return reply.code(413).send({ key: 'ERR_MAX_FILE_SIZE' });
    if (error.statusCode === 414) return reply.code(414).send({ key: 'ERR_REQUEST_TOO_LONG' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ key: 'ERR_VALIDATION' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ key: 'ERR_SYSTEM_NOT_AVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ key: 'ERR_INTERNAL' });
  });
  // A call the server does not have is not a missing record (ERR_NOT_FOUND): the console signs out on the first
  // (spec §8) and shows the second.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ key: 'ERR_ROUTE_NOT_FOUND' }));
}
