import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseListState, type TListDefaults, type TListState, writeListState } from './list-state.ts';

/**
 * The state of a paged list (page, size, order, filters) read from and written to the URL query, so a
 * reload keeps it. Other query parameters are kept. `prefix` tells apart several lists on one page.
 */
export function useListState(defaults: TListDefaults, prefix = '') {
  const [search, setSearch] = useSearchParams();
  const { pageSize, sortField, sortOrder } = defaults;
  const stableDefaults = useMemo(() => ({ pageSize, sortField, sortOrder }), [pageSize, sortField, sortOrder]);
  const state = useMemo(() => parseListState(search, stableDefaults, prefix), [search, stableDefaults, prefix]);
  const setState = useCallback(
    (next: TListState | ((current: TListState) => TListState)) =>
      setSearch(
        (current) => {
          const resolved = typeof next === 'function' ? next(parseListState(current, stableDefaults, prefix)) : next;
          return writeListState(current, resolved, stableDefaults, prefix);
        },
        { replace: true },
      ),
    [setSearch, stableDefaults, prefix],
  );
  return [state, setState] as const;
}
