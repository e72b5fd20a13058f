import { describe, expect, it } from 'vitest';
import { ZExportQuery, ZIdListQueryValue, ZPagedQuery, ZReportExportRequest } from './common.ts';
import { LIMITS } from './constants.ts';

describe('ZIdListQueryValue', () => {
  it('parses comma-separated ids', () => {
    expect(ZIdListQueryValue.parse('7')).toEqual([7]);
    expect(ZIdListQueryValue.parse('1,22,333')).toEqual([1, 22, 333]);
  });

  it.each(['', ',', '1,', ',1', '1,,2', '1;2', 'a', '1, 2', '-1', '1.5', '0', '1,0', '01'])('rejects %j', (value) => {
    expect(ZIdListQueryValue.safeParse(value).success).toBe(false);
  });

  it('refuses more ids than the online limit', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1).join(',');
    expect(ZIdListQueryValue.safeParse(ids(LIMITS.onlineLimit)).success).toBe(true);
    expect(ZIdListQueryValue.safeParse(ids(LIMITS.onlineLimit + 1)).success).toBe(false);
  });
});

describe('paged and export queries', () => {
  it('defaults and coerces the paged query', () => {
    expect(ZPagedQuery.parse({})).toEqual({ first: 0, pageSize: 10 });
    expect(ZPagedQuery.parse({ first: '20', pageSize: '50', sortOrder: '-1', domainid: '3' })).toEqual({
      first: 20,
      pageSize: 50,
      sortOrder: -1,
      domainid: 3,
    });
    expect(ZPagedQuery.safeParse({ pageSize: '1001' }).success).toBe(false);
  });

  it('lets an export reach the Excel export limit of spec §9, not beyond', () => {
    expect(ZExportQuery.parse({}).pageSize).toBe(LIMITS.shippingListExcelExportLimit);
    expect(ZExportQuery.safeParse({ pageSize: String(LIMITS.shippingListExcelExportLimit + 1) }).success).toBe(false);
    expect(ZExportQuery.safeParse({ language: 'fr-fr' }).success).toBe(false);
  });

  it('takes the report export request fields of spec §3', () => {
    const request = {
      domainId: 2,
      url: 'shippings/shippingsreport',
      first: 0,
      pageSize: 500,
      sortField: 'createdAt',
      sortOrder: 1,
      filters: '{"state":"sent"}',
      language: 'en-en',
      authToken: 'token',
    };
    expect(ZReportExportRequest.parse(request)).toEqual(request);
  });
});
