import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';

const MAX_DEPTH = 64;

/**
 * PostgreSQL stores no NUL in text, and a lone UTF-16 surrogate (JSON's `"\ud800"`) has no UTF-8 form: jsonb
 * refuses it and text would get U+FFFD in its place. Such input must be refused before it reaches a query.
 */
const isStorableText = (text: string) => !text.includes('\u0000') && text.isWellFormed();

/** The path of the first text (value or key) PostgreSQL cannot store as sent, or null. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || '_';
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return itemPath;
    const found = findUnstorableText(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses, with a field key, any request whose parameters, query or body carry text PostgreSQL cannot store. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      findUnstorableText(request.params) ?? findUnstorableText(request.query) ?? findUnstorableText(request.body);
    done(field ? new ApiError(400, 'ERR_VALIDATION', { [field]: 'ERR_FIELD_INVALID' }) : undefined);
  });
}
