import fastifyMultipart, { type FastifyMultipartAttachFieldsToBodyOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import { findRefusedInput } from './input-guard.ts';

/**
 * Registers @fastify/multipart in `scope`, so only its routes read multipart. The parser raises plain errors
 * (no boundary, a body cut short, a malformed part), which answered 500: whatever fails while the parts are
 * read is the body's fault and answers 400 ERR_VALIDATION. Errors with a key or a status pass on as they are.
 * The fields read are checked like any JSON body (input-guard.ts), which ran before they existed.
 */
export async function registerMultipart(
  scope: FastifyInstance,
  options: FastifyMultipartAttachFieldsToBodyOptions,
): Promise<void> {
  const reading = new WeakSet<FastifyRequest>();
  scope.addHook('preValidation', (request, _reply, done) => {
    reading.add(request);
    done();
  });
  // Its preValidation hook reads the parts: between the two of ours.
  await scope.register(fastifyMultipart, options);
  scope.addHook('preValidation', (request, _reply, done) => {
    reading.delete(request);
    const refused = findRefusedInput(request.body);
    done(refused ? new ApiError(400, 'ERR_VALIDATION', { [refused.field]: refused.key }) : undefined);
  });
  // An error thrown here goes on to the app's error handler.
  scope.setErrorHandler((error: Error & { statusCode?: number }, request) => {
    if (reading.has(request) && !(error instanceof ApiError) && error.statusCode === undefined) {
      throw new ApiError(400, 'ERR_VALIDATION');
    }
    throw error;
  });
}
