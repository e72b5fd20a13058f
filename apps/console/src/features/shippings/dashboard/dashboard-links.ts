import type { ShippingListScope } from '@sello/contracts/catalogue/shippings-common';
import type { TShippingDashboardQuery } from '@sello/contracts/catalogue/shippings-dashboard';
import type { ResultFilter, ShippingStateFilter } from '@sello/contracts/enums';
import { AUTHORISATIONS_VIEW, PATHS } from '@sello/contracts/routes';
import dayjs from 'dayjs';
import { writeListState } from '../../../components/list-state/list-state.ts';
import { clampRange, PARAM, writeExtraFilters } from '../list/shipping-list-filters.ts';
import { shippingDetailPath } from '../shared/shipping-labels.tsx';

const FORMAT = 'YYYY-MM-DD';

/** The dashboard's period: first and last day, `YYYY-MM-DD`, both included. */
export type TPeriod = { from: string; to: string };
/** Whose shippings the dashboard counts: `own`, `all`, or `auth` for authorisation-only users. */
export type TDashboardScope = ShippingListScope;
export type TDashboardChoice = Exclude<ShippingListScope, 'auth'>;

/** The period presets of the range picker, in days up to today (today included). */
export const PERIOD_PRESETS = [7, 30, 90] as const;
export const DEFAULT_PERIOD_DAYS = 30;
/** Longer periods draw one bar per month instead of one per day. */
export const MAX_DAY_BARS = 92;

export const SCOPE_PARAM = 'scope';

/** The last `days` days up to `today`. */
export function lastDays(days: number, today = dayjs()): TPeriod {
  return { from: today.subtract(days - 1, 'day').format(FORMAT), to: today.format(FORMAT) };
}

function validDay(raw: string | null): string | undefined {
  if (raw === null || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  return dayjs(raw).format(FORMAT) === raw ? raw : undefined;
}

/** Reads the period and scope of the dashboard from its URL; missing or malformed parts take their default. */
export function parseDashboardSearch(
  search: URLSearchParams,
  today = dayjs(),
): { period: TPeriod; choice: TDashboardChoice } {
  const defaults = lastDays(DEFAULT_PERIOD_DAYS, today);
  const period = clampRange(
    validDay(search.get(PARAM.from)) ?? defaults.from,
    validDay(search.get(PARAM.to)) ?? defaults.to,
  );
  return { period, choice: search.get(SCOPE_PARAM) === 'own' ? 'own' : 'all' };
}

/** Writes them back; the default period and scope are left out. */
export function writeDashboardSearch(period: TPeriod, choice: TDashboardChoice, today = dayjs()): URLSearchParams {
  const search = new URLSearchParams();
  const defaults = lastDays(DEFAULT_PERIOD_DAYS, today);
  if (period.from !== defaults.from || period.to !== defaults.to) {
    search.set(PARAM.from, period.from);
    search.set(PARAM.to, period.to);
  }
  if (choice === 'own') search.set(SCOPE_PARAM, 'own');
  return search;
}

/** The browser's time zone, so the per-day counts begin and end at the user's midnight. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The `dashboard` query of a period: from the first to the last millisecond of its days, as the list. */
export function toDashboardQuery(
  period: TPeriod,
  choice: TDashboardChoice,
  timeZone: string,
): Partial<TShippingDashboardQuery> {
  return {
    filterFrom: dayjs(period.from).startOf('day').valueOf(),
    filterTo: dayjs(period.to).endOf('day').valueOf(),
    scope: choice,
    timeZone,
  };
}

type TListFilters = { state?: ShippingStateFilter; result?: ResultFilter };

/**
 * The shippings list showing what a dashboard element counts: the same scope (`/shippings`,
 * `/shippings/all`, or the authorisations view), the same days, and the state or result, written
 * exactly as the list reads them (its `filters` JSON and its `from`/`to`).
 */
export function listLink(scope: TDashboardScope, period: TPeriod, filters: TListFilters = {}): string {
  const withFilters = writeListState(new URLSearchParams(), { page: 1, pageSize: 1, filters }, { pageSize: 1 });
  const search = writeExtraFilters(withFilters, { ...period, text: '', authView: scope === 'auth' });
  // Always spelled out, even when they are the list's default: the counts are of these days.
  search.set(PARAM.from, period.from);
  search.set(PARAM.to, period.to);
  return `${scope === 'all' ? PATHS.shippingsAll : PATHS.shippings}?${search}`;
}

/** The authorisations list: what waits for the user's decision (whatever the period). */
export const pendingLink = () => `${PATHS.shippings}?${AUTHORISATIONS_VIEW}`;

export const errorLink = (requestId: number) => shippingDetailPath(requestId);

/** One bar of the timeline: a day, or a month of a long period (cut to the period). */
export type TTimeBar = { key: string; period: TPeriod; count: number; unit: 'day' | 'month' };

/** The per-day counts as bars: one per day, or one per month when the period has more than `MAX_DAY_BARS` days. */
export function timeBars(byDay: readonly { day: string; count: number }[]): TTimeBar[] {
  if (byDay.length <= MAX_DAY_BARS) {
    return byDay.map(({ day, count }) => ({ key: day, period: { from: day, to: day }, count, unit: 'day' }));
  }
  const months = new Map<string, TTimeBar>();
  for (const { day, count } of byDay) {
    const key = day.slice(0, 7);
    const bar = months.get(key);
    if (bar) {
      bar.count += count;
      bar.period.to = day;
    } else months.set(key, { key, period: { from: day, to: day }, count, unit: 'month' });
  }
  return [...months.values()];
}
