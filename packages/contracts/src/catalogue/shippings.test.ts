import { describe, expect, it } from 'vitest';
import { ZDenyRequest } from './shippings-actions.ts';
import { ZReceiver, ZSendRequest } from './shippings-create.ts';
import { ZDownloadRequest } from './shippings-files.ts';
import { ZShippingListFilters, ZShippingListQuery } from './shippings-list.ts';

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
  it('coerces the query string; filterAll is the free-text search', () => {
    expect(
      ZShippingListQuery.parse({
        first: '10',
        pageSize: '25',
        sortOrder: '1',
        filterFrom: '1700000000000',
        filterTo: '1800000000000',
        filterAll: '  ana gil ',
        filters: '{}',
        customFilters: '[]',
      }),
    ).toEqual({
      first: 10,
      pageSize: 25,
      sortOrder: 1,
      filterFrom: 1_700_000_000_000,
      filterTo: 1_800_000_000_000,
      filterAll: 'ana gil',
      filters: '{}',
      customFilters: '[]',
      scope: 'own',
    });
    expect(ZShippingListQuery.parse({ filterAll: 'false' }).filterAll).toBe('false');
  });

  it('covers the own, all or authorisation scope', () => {
    expect(ZShippingListQuery.parse({ scope: 'all' }).scope).toBe('all');
    expect(ZShippingListQuery.parse({ scope: 'auth' }).scope).toBe('auth');
    expect(ZShippingListQuery.safeParse({ scope: 'mine' }).success).toBe(false);
  });
});

describe('ZShippingListFilters', () => {
  it('takes one value or a list for each filter, and nothing unknown', () => {
    expect(ZShippingListFilters.safeParse({ state: 'pending_auth', result: ['error', 'timeout'] }).success).toBe(true);
    expect(ZShippingListFilters.safeParse({ typeId: [1, 2], companyId: 3, deleted: true }).success).toBe(true);
    expect(ZShippingListFilters.safeParse({ state: 'nope' }).success).toBe(false);
    expect(ZShippingListFilters.safeParse({ password: 'x' }).success).toBe(false);
  });
});

describe('ZReceiver', () => {
  const parse = (receiver: Record<string, unknown>) => ZReceiver.safeParse({ name: 'Ana Gil', ...receiver });

  it('checks the identity document by its type, check letter included', () => {
    expect(parse({ documentType: 'DNI', documentNumber: '12345678Z' }).success).toBe(true);
    const badLetter = parse({ documentType: 'DNI', documentNumber: '12345678A' });
    expect(badLetter.error?.issues[0]).toMatchObject({ path: ['documentNumber'], message: 'ERR_DOCUMENT_ID_INVALID' });
    expect(parse({ documentType: 'NIE', documentNumber: 'X1234567L' }).success).toBe(true);
    expect(parse({ documentType: 'NIE', documentNumber: '12345678Z' }).success).toBe(false);
    expect(parse({ documentNumber: '12345678Z' }).error?.issues[0]?.path).toEqual(['documentType']);
  });

  it('identifies a company by the NIF of a legal entity', () => {
    expect(parse({ receiverType: 2, documentType: 'NIF', documentNumber: 'B12345674' }).success).toBe(true);
    expect(parse({ receiverType: 2, documentType: 'NIF', documentNumber: '12345678Z' }).success).toBe(false);
    expect(parse({ receiverType: 2, documentType: 'DNI', documentNumber: '12345678Z' }).success).toBe(false);
  });

  it('stores mobiles in E.164', () => {
    expect(parse({ mobile: '612 345 678' }).data?.mobile).toBe('+34612345678');
    expect(parse({ mobile: '12345' }).error?.issues[0]?.message).toBe('ERR_MOBILE_INVALID');
  });

  it('checks Spanish and Portuguese postal codes', () => {
    const postal = { street: 'Gran Vía 1', postalCode: '28013', city: 'Madrid', country: 'es' };
    expect(parse({ postal }).data?.postal?.country).toBe('ES');
    expect(parse({ postal: { ...postal, postalCode: '2801' } }).success).toBe(false);
    expect(parse({ postal: { ...postal, postalCode: '1000-001', country: 'PT' } }).success).toBe(true);
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

  it('limits the custom fields and meta properties to the limits of spec §9', () => {
    const fields = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 'v']));
    expect(ZSendRequest.safeParse({ ...request, customFields: fields(10) }).success).toBe(true);
    const tooMany = ZSendRequest.safeParse({ ...request, customFields: fields(11) });
    expect(tooMany.error?.issues[0]?.message).toBe('ERR_TOO_MANY_ITEMS');
    expect(ZSendRequest.safeParse({ ...request, metaProperties: fields(5) }).success).toBe(true);
    expect(ZSendRequest.safeParse({ ...request, metaProperties: fields(6) }).success).toBe(false);
  });

  it('needs the contact the channel travels to', () => {
    const sms = ZSendRequest.safeParse({ ...request, channel: 'sms' });
    expect(sms.error?.issues[0]).toMatchObject({ path: ['receivers', 0, 'mobile'], message: 'ERR_FIELD_REQUIRED' });
    const postal = ZSendRequest.safeParse({ ...request, channel: 'postal' });
    expect(postal.error?.issues[0]?.path).toEqual(['receivers', 0, 'postal']);
    expect(ZSendRequest.safeParse({ ...request, channel: 'onscreen', receivers: [{ name: 'Ana' }] }).success).toBe(
      true,
    );
  });
});

describe('ZDenyRequest', () => {
  it('takes a state and a result of spec §4', () => {
    expect(ZDenyRequest.safeParse({ stateCom: 'closed', resultCom: 'authorizer_reject' }).success).toBe(true);
    expect(ZDenyRequest.safeParse({ stateCom: 'closed', resultCom: 'nope' }).success).toBe(false);
  });
});
