/** A filter value of a list column: contained text, an exact value or a yes/no. */
export type TFilterValue = string | number | boolean;
export type TSortOrder = 1 | -1;

/** What a paged list shows: kept in the URL query so a reload or a shared link shows the same page. */
export type TListState = {
  /** 1-based. */
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: TSortOrder;
  filters: Readonly<Record<string, TFilterValue>>;
};

export type TListDefaults = { pageSize: number; sortField?: string; sortOrder?: TSortOrder };

export const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 1000;

/** Names of the query parameters, optionally prefixed when a page holds more than one list. */
export function listParamNames(prefix = '') {
  const name = (base: string) => (prefix ? `${prefix}${base[0]?.toUpperCase()}${base.slice(1)}` : base);
  return {
    page: name('page'),
    pageSize: name('pageSize'),
    sortField: name('sortField'),
    sortOrder: name('sortOrder'),
    filters: name('filters'),
  };
}

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 ? value : undefined;
}

/** Keeps the entries of a filters object whose value is text, a number or a boolean, and not empty. */
export function cleanFilters(filters: Record<string, unknown>): Record<string, TFilterValue> {
  const clean: Record<string, TFilterValue> = {};
  for (const [field, value] of Object.entries(filters)) {
    if (typeof value === 'string' ? value.trim() !== '' : typeof value === 'number' || typeof value === 'boolean')
      clean[field] = value as TFilterValue;
  }
  return clean;
}

function parseFilters(raw: string | null): Record<string, TFilterValue> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return cleanFilters(parsed as Record<string, unknown>);
  } catch {
    return {};
  }
}

/** Reads a list state from the URL query; anything missing or malformed takes its default. */
export function parseListState(search: URLSearchParams, defaults: TListDefaults, prefix = ''): TListState {
  const names = listParamNames(prefix);
  const pageSize = positiveInt(search.get(names.pageSize));
  const sortField = search.get(names.sortField);
  const sortOrder = search.get(names.sortOrder);
  const validSort = sortField !== null && /^[A-Za-z]\w{0,63}$/.test(sortField);
  return {
    page: positiveInt(search.get(names.page)) ?? 1,
    pageSize: pageSize !== undefined && pageSize <= MAX_PAGE_SIZE ? pageSize : defaults.pageSize,
    ...(validSort
      ? { sortField, sortOrder: sortOrder === '-1' ? -1 : 1 }
      : defaults.sortField !== undefined
        ? { sortField: defaults.sortField, sortOrder: defaults.sortOrder ?? 1 }
        : {}),
    filters: parseFilters(search.get(names.filters)),
  };
}

/**
 * Writes a list state into a copy of the URL query, leaving the other parameters alone. Values equal
 * to the defaults are left out, so an untouched list has a clean URL.
 */
export function writeListState(
  search: URLSearchParams,
  state: TListState,
  defaults: TListDefaults,
  prefix = '',
): URLSearchParams {
  const names = listParamNames(prefix);
  const next = new URLSearchParams(search);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  };
  set(names.page, state.page > 1 ? String(state.page) : undefined);
  set(names.pageSize, state.pageSize !== defaults.pageSize ? String(state.pageSize) : undefined);
  const defaultSort = state.sortField === defaults.sortField && (state.sortOrder ?? 1) === (defaults.sortOrder ?? 1);
  set(names.sortField, state.sortField && !defaultSort ? state.sortField : undefined);
  set(names.sortOrder, state.sortField && !defaultSort ? String(state.sortOrder ?? 1) : undefined);
  set(names.filters, filtersJson(state.filters));
  return next;
}

/** Spec §3: the `filters` JSON of a list query, null (and empty) values omitted; undefined when none. */
export function filtersJson(filters: Record<string, unknown>): string | undefined {
  const clean = cleanFilters(filters);
  return Object.keys(clean).length > 0 ? JSON.stringify(clean) : undefined;
}

/** The paged query of spec §3 for a list state (without the domain, which the screen adds). */
export function toPagedQuery(state: TListState) {
  return {
    first: (state.page - 1) * state.pageSize,
    pageSize: state.pageSize,
    ...(state.sortField !== undefined && { sortField: state.sortField, sortOrder: state.sortOrder ?? 1 }),
    ...(filtersJson(state.filters) !== undefined && { filters: filtersJson(state.filters) }),
  };
}

/** A new filter (or none, for null) goes back to page 1. */
export function withFilter(state: TListState, field: string, value: TFilterValue | null): TListState {
  const { [field]: _previous, ...rest } = state.filters;
  return { ...state, page: 1, filters: value === null ? rest : cleanFilters({ ...rest, [field]: value }) };
}

/** A new order goes back to page 1; no field means the default order. */
export function withSort(
  state: TListState,
  sortField: string | undefined,
  sortOrder: TSortOrder | undefined,
): TListState {
  if (sortField === undefined) {
    const { sortField: _field, sortOrder: _order, ...rest } = state;
    return { ...rest, page: 1 };
  }
  return { ...state, page: 1, sortField, sortOrder: sortOrder ?? 1 };
}
