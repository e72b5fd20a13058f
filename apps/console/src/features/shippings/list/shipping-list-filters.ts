import type { ShippingListScope } from '@sello/contracts/catalogue/shippings-common';
import { LIMITS } from '@sello/contracts/constants';
import { AUTHORISATIONS_VIEW } from '@sello/contracts/routes';
import dayjs from 'dayjs';
import { type TListState, toPagedQuery } from '../../../components/list-state/list-state.ts';

/** The query as the console sends it (a `shippingslist` query, also the body of an export). */
export type TShippingListRequest = {
  first: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: number;
  filters?: string;
  filterFrom: number;
  filterTo: number;
  filterAll?: string;
  scope: ShippingListScope;
};

/** Which shippings a route shows: the user's own (`/shippings`) or every one they may see (`/shippings/all`). */
export type TShippingScope = Exclude<ShippingListScope, 'auth'>;

/** The filters of the shipping list kept in the URL besides the paged list state (dates and free text). */
export type TShippingExtraFilters = {
  /** First day of the range, `YYYY-MM-DD`. */
  from: string;
  /** Last day of the range, `YYYY-MM-DD`. */
  to: string;
  /** Free text searched in reference, receiver, sender, type and company. */
  text: string;
  /** The authorisations list (`?view=auth`): shippings waiting for this user's authorisation. */
  authView: boolean;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FORMAT = 'YYYY-MM-DD';
export const PARAM = { from: 'from', to: 'to', text: 'q', view: 'view' } as const;

/**
 * The first day a range ending on `end` may start on: 60 months before its last day (spec §9), plus
 * one day, so the range stays within the limit however the server counts the end of the day.
 */
function earliestStart(end: dayjs.Dayjs): dayjs.Dayjs {
  return end.subtract(LIMITS.shippingListDefaultMaxRangeMonths, 'month').add(1, 'day');
}

/** Spec §9: the default range covers the last 60 months up to today. */
export function defaultRange(today = dayjs()): { from: string; to: string } {
  return { from: earliestStart(today).format(FORMAT), to: today.format(FORMAT) };
}

function validDay(raw: string | null): string | undefined {
  if (raw === null || !DAY.test(raw)) return undefined;
  const day = dayjs(raw);
  return day.isValid() && day.format(FORMAT) === raw ? raw : undefined;
}

/**
 * A range never longer than 60 months: a start further back moves to 60 months before the end; an end
 * before the start swaps them.
 */
export function clampRange(from: string, to: string): { from: string; to: string } {
  let start = dayjs(from);
  let end = dayjs(to);
  if (end.isBefore(start)) [start, end] = [end, start];
  const earliest = earliestStart(end);
  if (start.isBefore(earliest)) start = earliest;
  return { from: start.format(FORMAT), to: end.format(FORMAT) };
}

/** Reads the dates, text and view from the URL query; what is missing or malformed takes its default. */
export function parseExtraFilters(search: URLSearchParams, today = dayjs()): TShippingExtraFilters {
  const defaults = defaultRange(today);
  const range = clampRange(
    validDay(search.get(PARAM.from)) ?? defaults.from,
    validDay(search.get(PARAM.to)) ?? defaults.to,
  );
  const [viewName, viewValue] = AUTHORISATIONS_VIEW.split('=');
  return {
    ...range,
    text: (search.get(PARAM.text) ?? '').slice(0, 200),
    authView: viewName !== undefined && search.get(viewName) === viewValue,
  };
}

/** Writes them into a copy of the query; the default range and empty text are left out. */
export function writeExtraFilters(
  search: URLSearchParams,
  filters: TShippingExtraFilters,
  today = dayjs(),
): URLSearchParams {
  const next = new URLSearchParams(search);
  const defaults = defaultRange(today);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  };
  set(PARAM.from, filters.from !== defaults.from ? filters.from : undefined);
  set(PARAM.to, filters.to !== defaults.to ? filters.to : undefined);
  set(PARAM.text, filters.text.trim());
  const [viewName, viewValue] = AUTHORISATIONS_VIEW.split('=');
  if (viewName) set(viewName, filters.authView ? viewValue : undefined);
  return next;
}

/**
 * The `shippingslist` query (spec §3) of a list: page, order and column filters from the list state;
 * the free text as `filterAll`; the range as epoch ms from the first to the last millisecond of the
 * days; `scope` `own`, `all`, or `auth` in the authorisations view.
 */
export function toShippingListQuery(
  state: TListState,
  extra: TShippingExtraFilters,
  scope: TShippingScope,
): TShippingListRequest {
  const text = extra.text.trim();
  return {
    ...toPagedQuery(state),
    filterFrom: dayjs(extra.from).startOf('day').valueOf(),
    filterTo: dayjs(extra.to).endOf('day').valueOf(),
    ...(text && { filterAll: text }),
    scope: extra.authView ? 'auth' : scope,
  };
}
