import { describe, expect, it } from 'vitest';
import { ZDenyRequest, ZDownloadRequest, ZSendRequest, ZShippingListQuery } from './shippings.ts';

describe('ZDownloadRequest (spec §4 download dialog)', () => {
  it('needs at least one shipping and one option', () => {
    expect(ZDownloadRequest.safeParse({ listOfRequests: [1], downloadOptions: ['original'] }).success).toBe(true);
    expect(ZDownloadRequest.safeParse({ listOfRequests: [], downloadOptions: ['original'] }).success).toBe(false);
    expect(ZDownloadRequest.safeParse({ listOfRequests: [1], downloadOptions: [] }).success).toBe(false);
  });

  it('takes pack only alone', () => {
    expect(ZDownloadRequest.safeParse({ listOfRequests: [1, 2], downloadOptions: ['pack'] }).success).toBe(true);
    expect(ZDownloadRequest.safeParse({ listOfRequests: [1], downloadOptions: ['pack', 'sent'] }).success).toBe(false);
    expect(
      ZDownloadRequest.safeParse({ listOfRequests: [1], downloadOptions: ['original', 'sent', 'courier'] }).success,
    ).toBe(true);
  });

  it('refuses repeated or unknown options', () => {
    expect(ZDownloadRequest.safeParse({ listOfRequests: [1], downloadOptions: ['sent', 'sent'] }).success).toBe(false);
    expect(ZDownloadRequest.safeParse({ listOfRequests: [1], downloadOptions: ['zip'] }).success).toBe(false);
  });
});

describe('ZShippingListQuery (spec §3)', () => {
  it('coerces the query string', () => {
    expect(
      ZShippingListQuery.parse({
        first: '10',
        pageSize: '25',
        sortOrder: '1',
        filterFrom: '1700000000000',
        filterTo: '1800000000000',
        filterAll: 'false',
        filters: '{}',
        customFilters: '[]',
      }),
    ).toEqual({
      first: 10,
      pageSize: 25,
      sortOrder: 1,
      filterFrom: 1_700_000_000_000,
      filterTo: 1_800_000_000_000,
      filterAll: false,
      filters: '{}',
      customFilters: '[]',
    });
    expect(ZShippingListQuery.parse({ filterAll: 'true' }).filterAll).toBe(true);
  });
});

describe('ZSendRequest', () => {
  const request = {
    companyId: 1,
    typeId: 2,
    channel: 'email',
    subject: 'Contract',
    receivers: [{ name: 'Ana', email: 'ana@example.com', cc: 'a@b.co;c@d.es' }],
  };

  it('accepts a minimal shipping', () => {
    expect(ZSendRequest.parse(request).documents).toEqual([]);
  });

  it('checks receivers', () => {
    expect(ZSendRequest.safeParse({ ...request, receivers: [] }).success).toBe(false);
    expect(ZSendRequest.safeParse({ ...request, receivers: [{ name: 'Ana', email: 'nope' }] }).success).toBe(false);
    expect(ZSendRequest.safeParse({ ...request, receivers: [{ name: 'Ana', cc: 'a@b.co;' }] }).success).toBe(false);
  });

  it('takes ids as numbers only', () => {
    expect(ZSendRequest.safeParse({ ...request, companyId: '1' }).success).toBe(false);
  });

  it('limits the custom fields to the custom fields limit of spec §9', () => {
    const fields = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 'v']));
    expect(ZSendRequest.safeParse({ ...request, customFields: fields(10) }).success).toBe(true);
    expect(ZSendRequest.safeParse({ ...request, customFields: fields(11) }).success).toBe(false);
  });
});

describe('ZDenyRequest', () => {
  it('takes a state and a result of spec §4', () => {
    expect(ZDenyRequest.safeParse({ stateCom: 'closed', resultCom: 'authorizer_reject' }).success).toBe(true);
    expect(ZDenyRequest.safeParse({ stateCom: 'closed', resultCom: 'nope' }).success).toBe(false);
  });
});
