import { describe, expect, it } from 'vitest';
import {
  filtersJson,
  listParamNames,
  parseListState,
  type TListDefaults,
  type TListState,
  toPagedQuery,
  withFilter,
  withSort,
  writeListState,
} from './list-state.ts';

const DEFAULTS = { pageSize: 10, sortField: 'name', sortOrder: 1 as const };
const parse = (query: string, defaults: TListDefaults = DEFAULTS, prefix = '') =>
  parseListState(new URLSearchParams(query), defaults, prefix);

describe('list state in the URL', () => {
  it('starts on page 1 with the default size and order and no filters', () => {
    expect(parse('')).toEqual({ page: 1, pageSize: 10, sortField: 'name', sortOrder: 1, filters: {} });
    expect(parse('', { pageSize: 20 })).toEqual({ page: 1, pageSize: 20, filters: {} });
  });

  it('reads page, size, order and filters', () => {
    expect(parse('page=3&pageSize=50&sortField=email&sortOrder=-1&filters={"name":"ana","active":true}')).toEqual({
      page: 3,
      pageSize: 50,
      sortField: 'email',
      sortOrder: -1,
      filters: { name: 'ana', active: true },
    });
  });

  it('falls back to the defaults for malformed values', () => {
    expect(parse('page=0&pageSize=abc&sortField=1x&filters=not-json')).toEqual(parse(''));
    expect(parse('page=-2&pageSize=5000&filters=[1,2]')).toEqual(parse(''));
    expect(parse('filters={"name":"","x":null,"y":{"a":1},"z":[1]}').filters).toEqual({});
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const state: TListState = { page: 2, pageSize: 10, sortField: 'name', sortOrder: 1, filters: { taxId: 'B1' } };
    const written = writeListState(new URLSearchParams('tab=users&page=9'), state, DEFAULTS);
    expect(Object.fromEntries(written)).toEqual({ tab: 'users', page: '2', filters: '{"taxId":"B1"}' });
    const untouched = writeListState(new URLSearchParams('page=4'), parse(''), DEFAULTS);
    expect(untouched.toString()).toBe('');
  });

  it('reads back what it wrote', () => {
    const state: TListState = { page: 7, pageSize: 100, sortField: 'createdAt', sortOrder: -1, filters: { a: 1 } };
    expect(parseListState(writeListState(new URLSearchParams(), state, DEFAULTS), DEFAULTS)).toEqual(state);
  });

  it('prefixes the parameter names of a second list on the same page', () => {
    expect(listParamNames('saml')).toEqual({
      page: 'samlPage',
      pageSize: 'samlPageSize',
      sortField: 'samlSortField',
      sortOrder: 'samlSortOrder',
      filters: 'samlFilters',
    });
    expect(parse('page=2&samlPage=5', DEFAULTS, 'saml').page).toBe(5);
  });
});

describe('paged query (spec §3)', () => {
  it('turns page and size into first and pageSize, with the order', () => {
    expect(toPagedQuery({ page: 3, pageSize: 20, sortField: 'name', sortOrder: -1, filters: {} })).toEqual({
      first: 40,
      pageSize: 20,
      sortField: 'name',
      sortOrder: -1,
    });
  });

  it('sends the filters as JSON with null and empty values omitted', () => {
    expect(filtersJson({ name: 'acme', email: null, taxId: '', active: false, count: 0, gone: undefined })).toBe(
      '{"name":"acme","active":false,"count":0}',
    );
    expect(filtersJson({ name: null })).toBeUndefined();
    expect(toPagedQuery({ page: 1, pageSize: 10, filters: { name: 'x' } })).toEqual({
      first: 0,
      pageSize: 10,
      filters: '{"name":"x"}',
    });
  });
});

describe('changing the list', () => {
  const start: TListState = { page: 4, pageSize: 10, sortField: 'name', sortOrder: 1, filters: { name: 'a' } };

  it('goes back to page 1 on a new filter, and drops a cleared one', () => {
    expect(withFilter(start, 'email', 'b@')).toEqual({ ...start, page: 1, filters: { name: 'a', email: 'b@' } });
    expect(withFilter(start, 'name', null)).toEqual({ ...start, page: 1, filters: {} });
    expect(withFilter(start, 'name', '  ')).toEqual({ ...start, page: 1, filters: {} });
  });

  it('goes back to page 1 on a new order, and to the default order when cleared', () => {
    expect(withSort(start, 'email', -1)).toEqual({ ...start, page: 1, sortField: 'email', sortOrder: -1 });
    expect(withSort(start, undefined, undefined)).toEqual({ page: 1, pageSize: 10, filters: { name: 'a' } });
  });
});
