import { PATHS } from '@sello/contracts/routes';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useListState } from '../../../components/list-state/use-list-state.ts';
import { useSession } from '../../../session/use-session.ts';
import { useShippingList } from '../shared/shipping-api.ts';
import {
  parseExtraFilters,
  type TShippingExtraFilters,
  type TShippingScope,
  toShippingListQuery,
  writeExtraFilters,
} from './shipping-list-filters.ts';

const LIST_DEFAULTS = { pageSize: 10, sortField: 'createdAt', sortOrder: -1 } as const;

/** Which shippings the list shows: its scope, the table's state and the extra filters, all kept in the URL. */
export function useShippingListQuery() {
  const location = useLocation();
  const { permissions } = useSession();
  const scope: TShippingScope = location.pathname === PATHS.shippingsAll ? 'all' : 'own';
  const [search, setSearch] = useSearchParams();
  const [state, setState] = useListState(LIST_DEFAULTS);
  const parsed = useMemo(() => parseExtraFilters(search), [search]);
  // Authorisers without the full list only ever see the authorisations view.
  const onlyAuth = !permissions.shippingList && Boolean(permissions.shippingListOnlyAuth);
  const extra: TShippingExtraFilters = onlyAuth ? { ...parsed, authView: true } : parsed;
  const query = toShippingListQuery(state, extra, scope);
  const list = useShippingList(query);

  const setExtra = (next: TShippingExtraFilters) =>
    setSearch(
      (current) => {
        const written = writeExtraFilters(current, next);
        written.delete('page');
        return written;
      },
      { replace: true },
    );

  return { scope, state, setState, extra, setExtra, query, list };
}
