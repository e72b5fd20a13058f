type TPgError = { code?: string; constraint?: string };

/** Whether `error` is PostgreSQL's unique violation (23505), of the named unique index when one is given. */
export function isUniqueViolation(error: unknown, index?: string): error is TPgError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as TPgError;
  return candidate.code === '23505' && (index === undefined || candidate.constraint === index);
}
