import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Where the current request comes from, for the audit trail: read by the writer, not passed through every service. */
export type TRequestSource = { ip: string | null; userAgent: string | null; apiKeyId: string | null };

const storage = new AsyncLocalStorage<TRequestSource>();
const NO_SOURCE: TRequestSource = { ip: null, userAgent: null, apiKeyId: null };

/** Every request's hooks and handler run inside its source (the first hook, so later ones see it too). */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    storage.run({ ip: request.ip ?? null, userAgent: agent ? agent.slice(0, 500) : null, apiKeyId: null }, done);
  });
}

/** The source of the request being served; nulls for jobs and scripts. */
export function currentRequestSource(): TRequestSource {
  return storage.getStore() ?? NO_SOURCE;
}
