import { ApiError } from '../../platform/api-error.ts';

/**
 * Deleted-items convention of the administration lists: `filters` may carry `"deleted": true` to list
 * the soft-deleted records instead of the live ones. Answers the flag and the other filters.
 */
export function splitDeletedFilter(raw: string | undefined): { deleted: boolean; filters: string | undefined } {
  if (!raw) return { deleted: false, filters: raw };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // The list reports the bad JSON.
    return { deleted: false, filters: raw };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || !('deleted' in parsed)) {
    return { deleted: false, filters: raw };
  }
  const { deleted, ...rest } = parsed as Record<string, unknown>;
  if (deleted !== null && typeof deleted !== 'boolean') {
    throw new ApiError(400, 'ERR_VALIDATION', { 'filters.deleted': 'ERR_FIELD_INVALID' });
  }
  return { deleted: deleted === true, filters: JSON.stringify(rest) };
}
