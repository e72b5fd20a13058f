type TPgError = { code?: string; constraint?: string };

/** Whether `error` is PostgreSQL's unique violation (23505), of the named unique index when one is given. */
export function isUniqueViolation(error: unknown, index?: string): error is TPgError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as TPgError;
  return candidate.code === '23505' && (index === undefined || candidate.constraint === index);
}

/** SQLSTATE classes and codes of a database that is away or cannot serve (not a fault of the request). */
const UNAVAILABLE_CODES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
];

/**
 * Whether `error` says the database is away (not answering, restarting, refusing connections) or a statement ran
 * past its timeout: the request answers 503 ERR_SYSTEM_NOT_AVAILABLE, and the next one may succeed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: string; message?: string };
  if (code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text));
}
