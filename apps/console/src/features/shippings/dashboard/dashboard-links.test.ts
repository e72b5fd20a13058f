import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { parseListState } from '../../../components/list-state/list-state.ts';
import { parseExtraFilters, toShippingListQuery } from '../list/shipping-list-filters.ts';
import {
  lastDays,
  listLink,
  parseDashboardSearch,
  pendingLink,
  timeBars,
  toDashboardQuery,
  writeDashboardSearch,
} from './dashboard-links.ts';

const today = dayjs('2026-11-22T10:00:00');
const period = { from: '2026-11-01', to: '2026-11-22' };

/** What the list screen makes of a link: its path and the `shippingslist` query it sends. */
function followLink(link: string) {
  const [path, query = ''] = link.split('?');
  const search = new URLSearchParams(query);
  const state = parseListState(search, { pageSize: 10, sortField: 'createdAt', sortOrder: -1 });
  const extra = parseExtraFilters(search, today);
  return { path, query: toShippingListQuery(state, extra, path === '/shippings/all' ? 'all' : 'own') };
}

describe('dashboard links to the shippings list', () => {
  it('a state bar opens the list of that state over the same days and scope', () => {
    const link = listLink('all', period, { state: 'sent' });
    expect(link).toBe('/shippings/all?filters=%7B%22state%22%3A%22sent%22%7D&from=2026-11-01&to=2026-11-22');
    const { path, query } = followLink(link);
    expect(path).toBe('/shippings/all');
    expect(query).toMatchObject({
      filters: JSON.stringify({ state: 'sent' }),
      filterFrom: dayjs('2026-11-01').startOf('day').valueOf(),
      filterTo: dayjs('2026-11-22').endOf('day').valueOf(),
      scope: 'all',
      first: 0,
    });
    expect(query.filterFrom).toBe(toDashboardQuery(period, 'all', 'UTC').filterFrom);
    expect(query.filterTo).toBe(toDashboardQuery(period, 'all', 'UTC').filterTo);
  });

  it('a result bar of the own scope opens /shippings with that result', () => {
    const { path, query } = followLink(listLink('own', period, { result: 'error' }));
    expect(path).toBe('/shippings');
    expect(query).toMatchObject({ filters: JSON.stringify({ result: 'error' }), scope: 'own' });
  });

  it('a day bar opens the list of that one day', () => {
    const { query } = followLink(listLink('all', { from: '2026-11-05', to: '2026-11-05' }, {}));
    expect(query.filterFrom).toBe(dayjs('2026-11-05').startOf('day').valueOf());
    expect(query.filterTo).toBe(dayjs('2026-11-05').endOf('day').valueOf());
    expect(query.filters).toBeUndefined();
  });

  it('an authorisation-only user lands on the authorisations view', () => {
    const link = listLink('auth', period, { state: 'pending_auth' });
    expect(link).toContain('view=auth');
    expect(followLink(link).query.scope).toBe('auth');
    expect(pendingLink()).toBe('/shippings?view=auth');
    expect(followLink(pendingLink()).query.scope).toBe('auth');
  });
});

describe('dashboard period in the URL', () => {
  it('defaults to the last 30 days and every shipping the user sees, leaving defaults out of the URL', () => {
    expect(parseDashboardSearch(new URLSearchParams(), today)).toEqual({
      period: { from: '2026-10-24', to: '2026-11-22' },
      choice: 'all',
    });
    expect(writeDashboardSearch(lastDays(30, today), 'all', today).toString()).toBe('');
    const search = writeDashboardSearch(lastDays(7, today), 'own', today);
    expect(search.toString()).toBe('from=2026-11-16&to=2026-11-22&scope=own');
    expect(parseDashboardSearch(search)).toEqual({ period: lastDays(7, today), choice: 'own' });
  });

  it('ignores malformed days and keeps the range within 60 months', () => {
    const parsed = parseDashboardSearch(new URLSearchParams('from=2026-02-30&to=2026-11-10&scope=x'), today);
    expect(parsed).toEqual({ period: { from: '2026-10-24', to: '2026-11-10' }, choice: 'all' });
    expect(parseDashboardSearch(new URLSearchParams('from=2001-01-01&to=2026-11-22'), today).period.from).toBe(
      '2021-11-23',
    );
  });
});

describe('timeline bars', () => {
  const days = (from: string, count: number) =>
    Array.from({ length: count }, (_, index) => ({
      day: dayjs(from).add(index, 'day').format('YYYY-MM-DD'),
      count: 1,
    }));

  it('draws one bar per day for up to 92 days', () => {
    const bars = timeBars(days('2026-08-01', 92));
    expect(bars).toHaveLength(92);
    expect(bars[0]).toEqual({
      key: '2026-08-01',
      period: { from: '2026-08-01', to: '2026-08-01' },
      count: 1,
      unit: 'day',
    });
  });

  it('groups a longer period by month, each bar cut to the period', () => {
    const bars = timeBars(days('2026-01-15', 100));
    expect(bars.map((bar) => [bar.key, bar.period.from, bar.period.to, bar.count])).toEqual([
      ['2026-01', '2026-01-15', '2026-01-31', 17],
      ['2026-02', '2026-02-01', '2026-02-28', 28],
      ['2026-03', '2026-03-01', '2026-03-31', 31],
      ['2026-04', '2026-04-01', '2026-04-24', 24],
    ]);
  });
});
