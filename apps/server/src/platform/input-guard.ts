import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';

const MAX_DEPTH = 64;

/**
 * The path of the first text (value or key) holding a NUL character, or null. PostgreSQL stores no NUL in
 * text, so such input must be refused before it reaches a query.
 */
export function findNulText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = findNulText(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses, with a field key, any request whose parameters, query or body carry a NUL character. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = findNulText(request.params) ?? findNulText(request.query) ?? findNulText(request.body);
    done(field ? new ApiError(400, 'ERR_VALIDATION', { [field]: 'ERR_FIELD_INVALID' }) : undefined);
  });
}
