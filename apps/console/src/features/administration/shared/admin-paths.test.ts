import { describe, expect, it } from 'vitest';
import {
  ADMIN_SCREEN_TABS,
  adminCreatePath,
  adminEditPath,
  adminKindOfPath,
  adminListPath,
  visibleAdminTabs,
} from './admin-paths.ts';

describe('administration tabs and paths', () => {
  it('keeps the spec tab order and leaves out the tabs whose screens come later', () => {
    expect(ADMIN_SCREEN_TABS).toEqual(['domains', 'companies', 'users', 'groups', 'certificates', 'samlcertificates']);
  });

  it('shows a tab only when its route may be opened (spec §6)', () => {
    expect(visibleAdminTabs({})).toEqual([]);
    expect(visibleAdminTabs({ administration: true })).toEqual(['companies', 'users', 'groups', 'certificates']);
    expect(visibleAdminTabs({ administration: true, administrationDomain: true, administrationSaml: true })).toEqual(
      ADMIN_SCREEN_TABS,
    );
    expect(visibleAdminTabs({ administrationDomain: true, administrationSaml: true })).toEqual([]);
  });

  it('builds the list, per-domain list, create and edit paths of spec §2', () => {
    expect(adminListPath('users')).toBe('/administration/users');
    expect(adminListPath('users', 4)).toBe('/administration/users/4');
    expect(adminCreatePath('companies', 4)).toBe('/administration/companies/create/4');
    expect(adminEditPath('groups', 9, 4)).toBe('/administration/groups/edit/9/4');
  });

  it('reads the kind of an administration path', () => {
    expect(adminKindOfPath('/administration/samlcertificates/3')).toBe('samlcertificates');
    expect(adminKindOfPath('/administration')).toBeUndefined();
    expect(adminKindOfPath('/administration/deleted')).toBeUndefined();
  });
});
