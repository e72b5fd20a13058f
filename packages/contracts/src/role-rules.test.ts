import { describe, expect, it } from 'vitest';
import { assignableRoleKeys, DEFAULT_PERMISSIONS_BY_ROLE, rankOf } from './role-rules.ts';
import { ROLE_KEYS } from './roles.ts';

describe('role rules', () => {
  it('ranks a role list by its most powerful role', () => {
    expect(rankOf(['cust_ctr_user', 'cust_ctr_admin_dom'])).toBe(1);
    expect(rankOf('lgt_superadm')).toBe(0);
    expect(rankOf([])).toBe(ROLE_KEYS.length);
  });

  it('lets administrators give their own role and the weaker ones only', () => {
    expect(assignableRoleKeys(['lgt_superadm'])).toEqual(ROLE_KEYS);
    expect(assignableRoleKeys(['cust_ctr_admin_dom'])).toEqual(['domainAdmin', 'admin', 'manager', 'user']);
    expect(assignableRoleKeys(['cust_ctr_admin'])).toEqual(['admin', 'manager', 'user']);
    expect(assignableRoleKeys(['cust_ctr_mgr'])).toEqual([]);
    expect(assignableRoleKeys(['cust_ctr_user'])).toEqual([]);
  });

  it('gives administrators the administration flag and nobody else', () => {
    for (const key of ROLE_KEYS) {
      expect(DEFAULT_PERMISSIONS_BY_ROLE[key].includes('administration')).toBe(
        ['superAdmin', 'domainAdmin', 'admin'].includes(key),
      );
    }
  });
});
