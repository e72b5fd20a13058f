import { isAllowedBy } from '@sello/contracts/access';
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
};

/** Binds a catalogue entry to a handler: validation, access rule and answer schema all come from the entry. */
export function registerEndpoint<E extends TEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: THandlerInput<E>) => Promise<Infer<E['response']> | undefined>,
  { beforeBody, ...options }: TExtraOptions = {},
): void {
  const documented = endpoint.responseKind === undefined || endpoint.responseKind === 'json';
  app.route({
    method: endpoint.method,
    url: toRouterPath(endpoint.path),
    ...options,
    schema: {
      summary: endpoint.summary,
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
      if (endpoint.permission !== 'public') {
        if (!principal) return done(new ApiError(401, 'ERR_TKN_INVALID'));
        if (!isAllowedBy(endpoint.permission, principal)) return done(new ApiError(403, 'ERR_FORBIDDEN'));
      }
      if (!beforeBody) return done();
      beforeBody(request).then(() => done(), done);
    },
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
