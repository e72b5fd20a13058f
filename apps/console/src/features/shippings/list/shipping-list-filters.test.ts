import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  clampRange,
  defaultRange,
  parseExtraFilters,
  toShippingListQuery,
  writeExtraFilters,
} from './shipping-list-filters.ts';

const today = dayjs('2026-11-22T10:00:00');

describe('shipping list filters in the URL', () => {
  it('defaults to the last 60 months, no text, not the authorisations view', () => {
    expect(parseExtraFilters(new URLSearchParams(), today)).toEqual({
      from: '2021-11-23',
      to: '2026-11-22',
      text: '',
      authView: false,
    });
    expect(defaultRange(today)).toEqual({ from: '2021-11-23', to: '2026-11-22' });
  });

  it('round-trips dates, text and view, leaving defaults out', () => {
    const filters = { from: '2026-01-01', to: '2026-02-01', text: 'ACME', authView: true };
    const search = writeExtraFilters(new URLSearchParams('page=2'), filters, today);
    expect(search.toString()).toBe('page=2&from=2026-01-01&to=2026-02-01&q=ACME&view=auth');
    expect(parseExtraFilters(search, today)).toEqual(filters);
    const defaults = writeExtraFilters(new URLSearchParams(), parseExtraFilters(new URLSearchParams(), today), today);
    expect(defaults.toString()).toBe('');
  });

  it('ignores malformed dates and clamps the range to 60 months', () => {
    const parsed = parseExtraFilters(new URLSearchParams('from=2001-02-30&to=nope'), today);
    expect(parsed.from).toBe('2021-11-23');
    expect(clampRange('2010-01-01', '2026-06-30')).toEqual({ from: '2021-07-01', to: '2026-06-30' });
    expect(clampRange('2026-06-30', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-06-30' });
  });

  it('builds the shippingslist query', () => {
    const query = toShippingListQuery(
      { page: 3, pageSize: 20, sortField: 'createdAt', sortOrder: -1, filters: { state: 'sent' } },
      { from: '2026-01-01', to: '2026-01-31', text: ' ACME ', authView: true },
      'all',
    );
    expect(query).toEqual({
      first: 40,
      pageSize: 20,
      sortField: 'createdAt',
      sortOrder: -1,
      filters: JSON.stringify({ state: 'sent' }),
      filterFrom: dayjs('2026-01-01').startOf('day').valueOf(),
      filterTo: dayjs('2026-01-31').endOf('day').valueOf(),
      filterAll: 'ACME',
      scope: 'auth',
    });
    const own = toShippingListQuery(
      { page: 1, pageSize: 10, filters: {} },
      { from: '2026-01-01', to: '2026-01-31', text: '', authView: false },
      'own',
    );
    expect(own.filters).toBeUndefined();
    expect(own.filterAll).toBeUndefined();
    expect(own.scope).toBe('own');
  });
});
