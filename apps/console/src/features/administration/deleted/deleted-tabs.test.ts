import { describe, expect, it } from 'vitest';
import { deletedFilters, visibleDeletedTabs } from './deleted-tabs.ts';

const admin = { roleKeys: ['admin'] as const, superAdmin: false };
const keys = (tabs: ReturnType<typeof visibleDeletedTabs>) => tabs.map((tab) => `${tab.key}:${tab.kinds.join('+')}`);

describe('deleted-items tabs', () => {
  it('shows one tab per bin permission held, for the lists that exist', () => {
    const permissions = { administration: true, companyBin: true, userBin: true, shpBin: true } as const;
    expect(keys(visibleDeletedTabs({ ...admin, permissions }))).toEqual(['companies:companies', 'users:users']);
  });

  it('shows every bin tab in flag order to an administrator holding them all', () => {
    const permissions = {
      administration: true,
      companyBin: true,
      groupBin: true,
      certBin: true,
      userBin: true,
    } as const;
    expect(keys(visibleDeletedTabs({ ...admin, permissions }))).toEqual([
      'companies:companies',
      'groups:groups',
      'certificates:certificates',
      'users:users',
    ]);
  });

  it('adds the shippings, types and templates bins to those holding their lists and bin flags', () => {
    const permissions = {
      administration: true,
      shippingList: true,
      shpBin: true,
      typeBin: true,
      companyBin: true,
      templatesBin: true,
    } as const;
    expect(keys(visibleDeletedTabs({ ...admin, permissions }))).toEqual([
      'shippings:shippings',
      'types:types',
      'companies:companies',
      'templates:templates',
    ]);
  });

  it('adds SAML certificates to the certificates bin for those who administer them', () => {
    const permissions = { administration: true, administrationSaml: true, certBin: true } as const;
    expect(keys(visibleDeletedTabs({ ...admin, permissions }))).toEqual(['certificates:certificates+samlcertificates']);
  });

  it('shows nothing to a user who is not an administrator, whatever the flags', () => {
    const permissions = { administration: true, companyBin: true } as const;
    expect(visibleDeletedTabs({ roleKeys: ['manager'], superAdmin: false, permissions })).toEqual([]);
    expect(visibleDeletedTabs({ ...admin, permissions: { companyBin: true } })).toEqual([]);
  });

  it('shows a manager or user the shippings, types and templates bins their flags allow, never an administration bin', () => {
    const permissions = { shippingList: true, shpBin: true, companyBin: true, userBin: true } as const;
    expect(keys(visibleDeletedTabs({ roleKeys: ['manager'], superAdmin: false, permissions }))).toEqual([
      'shippings:shippings',
    ]);
    expect(keys(visibleDeletedTabs({ roleKeys: ['user'], superAdmin: false, permissions: { shpBin: true } }))).toEqual(
      [],
    );
  });

  it('gives a super admin the deleted domains as well', () => {
    const permissions = { administration: true, administrationDomain: true, groupBin: true } as const;
    expect(keys(visibleDeletedTabs({ roleKeys: ['superAdmin'], superAdmin: true, permissions }))).toEqual([
      'groups:groups',
      'domains:domains',
    ]);
  });

  it('lists deleted records with the deleted filter next to the column filters', () => {
    expect(JSON.parse(deletedFilters({ name: 'acme' }))).toEqual({ name: 'acme', deleted: true });
    expect(deletedFilters({})).toBe('{"deleted":true}');
  });
});
