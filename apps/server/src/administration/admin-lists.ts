import { DELETED_FILTER } from '@sello/contracts/catalogue/administration-common';
import type { TPickerItem } from '@sello/contracts/common';
import { ApiError } from '../platform/api-error.ts';
import { isUniqueViolation } from '../platform/pg-errors.ts';

/**
 * Takes the `deleted` entry out of a list's filters JSON: true lists the deleted records of the kind
 * (deleted-items area) instead of the live ones. The other filters are left to the column map.
 */
export function takeDeletedFilter(raw: string | undefined): { deleted: boolean; filters: string | undefined } {
  if (!raw) return { deleted: false, filters: raw };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { deleted: false, filters: raw };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || !(DELETED_FILTER in parsed)) {
    return { deleted: false, filters: raw };
  }
  const { [DELETED_FILTER]: deleted, ...rest } = parsed as Record<string, unknown>;
  if (deleted !== null && typeof deleted !== 'boolean') {
    throw new ApiError(400, 'ERR_VALIDATION', { [`filters.${DELETED_FILTER}`]: 'ERR_FIELD_INVALID' });
  }
  return { deleted: deleted === true, filters: JSON.stringify(rest) };
}

/**
 * Runs `work`; a unique violation of one of `fields`' indexes (index name → field) answers 409
 * ERR_CONFLICT on that field. The checks before a write give the same answer; this covers the race
 * between two writers.
 */
export async function withConflictFields<T>(fields: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error) && error.constraint && fields[error.constraint]) {
      throw conflict(fields[error.constraint]!);
    }
    throw error;
  }
}

export function conflict(field: string): ApiError {
  return new ApiError(409, 'ERR_CONFLICT', { [field]: 'ERR_CONFLICT' });
}

/** Id lists in a body: each once, every one among `known`; otherwise a field error. */
export function assertKnownIds(field: string, ids: readonly number[], known: ReadonlySet<string>): void {
  const unique = new Set(ids);
  if (unique.size !== ids.length || ids.some((id) => !known.has(String(id)))) {
    throw new ApiError(400, 'ERR_VALIDATION', { [field]: 'ERR_FIELD_INVALID' });
  }
}

export function toPickerItem(row: {
  id: string;
  text: string;
  description: string | null;
  active: boolean;
}): TPickerItem {
  return { value: Number(row.id), text: row.text, description: row.description, blocked: !row.active };
}

/** Maps each row of an async stream. */
export async function* mapRows<In, Out>(rows: AsyncIterable<In>, map: (row: In) => Out): AsyncIterable<Out> {
  for await (const row of rows) yield map(row);
}
