import { type Readable, Transform } from 'node:stream';
import { isAllowedBy } from '@sello/contracts/access';
import { API_KEY_SCOPES, isApiKeyCall } from '@sello/contracts/api-key-scopes';
import { type TEndpoint, toRouterPath } from '@sello/contracts/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import type { TPrincipal } from './principal.ts';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type THandlerInput<E extends TEndpoint> = {
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  params: Infer<E['params']>;
  principal: E['permission'] extends 'public' ? TPrincipal | null : TPrincipal;
  request: FastifyRequest;
  reply: FastifyReply;
};

type TExtraOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'> & {
  /** A public call's own credential (a recipient's link), checked like the session: before the body is read. */
  beforeBody?: (request: FastifyRequest) => Promise<void>;
  /** Bytes a caller without a session may send (a public call); `bodyLimit` stays the signed-in limit. */
  anonymousBodyLimit?: number;
};

/** The OpenAPI security of a call: none for a public one, the session, and an API key where a scope allows it. */
function securityOf(endpoint: TEndpoint): Record<string, string[]>[] {
  if (endpoint.permission === 'public') return [];
  const keyScopes = API_KEY_SCOPES.filter((scope) => isApiKeyCall([scope], endpoint.id));
  return keyScopes.length > 0 ? [{ session: [] }, { apiKey: keyScopes }] : [{ session: [] }];
}

const tooLarge = () => new ApiError(413, 'ERR_MAX_FILE_SIZE');

/** Passes the body through while it stays within `limit` bytes; past it, fails with 413 so the parser stops reading. */
function limitStream(source: Readable, limit: number): Readable {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) return callback(tooLarge());
      callback(null, chunk);
    },
  });
  return source.pipe(counter);
}

/** Binds a catalogue entry to a handler: validation, access rule and answer schema all come from the entry. */
export function registerEndpoint<E extends TEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: THandlerInput<E>) => Promise<Infer<E['response']> | undefined>,
  { beforeBody, anonymousBodyLimit, ...options }: TExtraOptions = {},
): void {
  const documented = endpoint.responseKind === undefined || endpoint.responseKind === 'json';
  app.route({
    method: endpoint.method,
    url: toRouterPath(endpoint.path),
    ...options,
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      security: securityOf(endpoint),
      tags: [endpoint.path.split('/')[0] ?? 'api'],
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(documented && { response: { 200: endpoint.response } }),
    },
    // Route-level onRequest runs after the session hook has resolved the principal and before any byte of the
    // body is read: a caller without the right never makes the server buffer (or parse) a large upload. A
    // callback, not async: no promise per request for a check that never waits.
    onRequest: (request, _reply, done) => {
      const principal = request.principal;
      // A key makes only the calls of its scopes: never a console-only or administration call (default deny).
      if (principal?.apiKey && !isApiKeyCall(principal.apiKey.scopes, endpoint.id)) {
        return done(new ApiError(403, 'ERR_API_KEY_CALL'));
      }
      if (endpoint.permission !== 'public') {
        if (!principal) return done(new ApiError(401, 'ERR_TKN_INVALID'));
        if (!isAllowedBy(endpoint.permission, principal)) return done(new ApiError(403, 'ERR_FORBIDDEN'));
      }
      if (anonymousBodyLimit !== undefined && !principal) {
        if (Number(request.headers['content-length']) > anonymousBodyLimit) return done(tooLarge());
      }
      if (!beforeBody) return done();
      beforeBody(request).then(() => done(), done);
    },
    // A chunked body declares no length: count it as it arrives.
    ...(anonymousBodyLimit !== undefined && {
      preParsing: (request: FastifyRequest, _reply: FastifyReply, payload: Readable, done) =>
        done(null, request.principal ? payload : limitStream(payload, anonymousBodyLimit)),
    }),
    handler: async (request, reply) =>
      handler({
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        params: request.params as Infer<E['params']>,
        principal: request.principal as THandlerInput<E>['principal'],
        request,
        reply,
      }),
  });
}
