import type { TSessionUser } from '@sello/contracts/catalogue/security';

/** A signed-in user as the login call returns it; five minutes of session from now unless told. */
export function makeSessionUser(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    id: 7,
    userid: 'ana.user',
    name: 'Ana User',
    email: 'ana@example.com',
    roles: ['cust_ctr_user'],
    customLogo: null,
    additionalFields: {},
    permissions: { shippingList: true },
    superAdmin: false,
    isSandbox: false,
    language: 'en-en',
    domainId: 1,
    domainName: 'Main domain',
    expiration: Date.now() + 5 * 60_000,
    token: 'token-1',
    ...overrides,
  };
}
