import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeAnswers, type TOpenApiDocument } from './api-docs-answers.ts';

const DOCS_PREFIX = '/docs';

/**
 * The OpenAPI document of every route, and its UI under /docs, for anyone. The document is built and encoded
 * once, when the server starts listening (every route is known then), and answered as those bytes: building, then
 * serialising it per request held the event loop 65–90 ms (a string of it still costs several ms to encode).
 * Every /docs call counts against one limit per client IP (rate-limit.ts, so across every copy).
 * Needs @fastify/rate-limit registered first.
 */
export async function registerApiDocs(app: FastifyInstance, options: { version: string; perMinute: number }) {
  const rateLimited = new Set<string>();
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sello API', version: options.version },
      // The server that answers the document: calls are relative to it (`/rest/services/...`).
      servers: [{ url: '/', description: 'The Sello server that answers this document' }],
      components: {
        securitySchemes: {
          // The console's session token (security/login answers it), with the XSRF double-submit on mutating calls.
          session: { type: 'apiKey', in: 'header', name: 'auth-token' },
          // A company's API key (docs/integration.md): only the calls of its scopes.
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    // Calls with a per-route limit of their own (sign-in, feedback) answer 429 too: noted as each route is described.
    transform: (input) => {
      const operationId = (input.schema as { operationId?: string } | undefined)?.operationId;
      if (operationId && input.route.config && 'rateLimit' in input.route.config) rateLimited.add(operationId);
      return jsonSchemaTransform(input);
    },
    transformObject: (input) =>
      'openapiObject' in input
        ? (describeAnswers(input.openapiObject as TOpenApiDocument, rateLimited) as typeof input.openapiObject)
        : input.swaggerObject,
  });
  let documentJson: Buffer | null = null;
  const encodedDocument = () => {
    documentJson ??= Buffer.from(JSON.stringify(app.swagger()));
    return documentJson;
  };
  // Built when the server starts listening; an app that never listens (the in-process tests) builds it on the
  // first call instead, so each of their apps does not pay a second of start-up for a document none of them reads.
  app.addHook('onListen', (done) => {
    encodedDocument();
    done();
  });
  const limit = app.rateLimit({
    max: options.perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `docs:${request.ip}`,
  });
  await app.register(async (docs) => {
    docs.addHook('onRequest', limit);
    docs.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.url !== `${DOCS_PREFIX}/json`) return done();
      reply.type('application/json; charset=utf-8').send(encodedDocument());
    });
    await docs.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  });
}
