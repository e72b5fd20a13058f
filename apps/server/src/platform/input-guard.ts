import type { ErrorKey } from '@sello/contracts/error-keys';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';

/** Deepest nesting of objects and arrays a request may carry; no form or call needs more than a few levels. */
export const MAX_INPUT_DEPTH = 64;

/**
 * PostgreSQL stores no NUL in text, and a lone UTF-16 surrogate (JSON's `"\ud800"`) has no UTF-8 form: jsonb
 * refuses it and text would get U+FFFD in its place. Such input must be refused before it reaches a query.
 */
const isStorableText = (text: string) => !text.includes('\u0000') && text.isWellFormed();

export type TRefusedInput = { field: string; key: ErrorKey };

/**
 * The first part of a value no query may get: text PostgreSQL cannot store as sent (its path, any depth), or
 * nesting deeper than MAX_INPUT_DEPTH (its top-level field), which would otherwise reach recursive code
 * (validation, JSON.stringify, jsonb) and overflow its stack. Null when there is none.
 */
export function findRefusedInput(value: unknown, path = '', depth = 0): TRefusedInput | null {
  if (typeof value === 'string') return isStorableText(value) ? null : { field: path || '_', key: 'ERR_FIELD_INVALID' };
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_INPUT_DEPTH) return { field: path.split('.')[0] || '_', key: 'ERR_INPUT_TOO_DEEP' };
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return { field: itemPath, key: 'ERR_FIELD_INVALID' };
    const found = findRefusedInput(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses, with a field key and before validation or the handler, any request whose parameters, query or
 * body carry text PostgreSQL cannot store or nest deeper than MAX_INPUT_DEPTH.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const refused =
      findRefusedInput(request.params) ?? findRefusedInput(request.query) ?? findRefusedInput(request.body);
    done(refused ? new ApiError(400, 'ERR_VALIDATION', { [refused.field]: refused.key }) : undefined);
  });
}
