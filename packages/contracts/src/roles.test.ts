import { describe, expect, it } from 'vitest';
import { detectRoles, hasRole, ROLE_KEYS, ROLE_STRINGS } from './roles.ts';

describe('detectRoles (spec §6)', () => {
  it.each(ROLE_KEYS.map((key) => [key, ROLE_STRINGS[key]] as const))('finds %s from %s', (key, roleString) => {
    expect(detectRoles(roleString)).toEqual([key]);
    expect(detectRoles([roleString])).toEqual([key]);
  });

  it('detects by substring', () => {
    expect(detectRoles('ROLE_lgt_superadm_ES')).toEqual(['superAdmin']);
    expect(detectRoles(['prefix-cust_ctr_mgr-suffix'])).toEqual(['manager']);
    expect(detectRoles('cust_ctr_user,cust_ctr_mgr')).toEqual(['manager', 'user']);
  });

  it('does not take a domain admin for a plain admin', () => {
    expect(detectRoles('cust_ctr_admin_dom')).toEqual(['domainAdmin']);
    expect(detectRoles(['cust_ctr_admin_dom', 'cust_ctr_user'])).toEqual(['domainAdmin', 'user']);
    expect(hasRole('cust_ctr_admin_dom', 'admin')).toBe(false);
    expect(hasRole('cust_ctr_admin_dom', 'domainAdmin')).toBe(true);
  });

  it('finds both when a user is domain admin and plain admin', () => {
    expect(detectRoles('cust_ctr_admin_dom;cust_ctr_admin')).toEqual(['domainAdmin', 'admin']);
    expect(detectRoles(['cust_ctr_admin', 'cust_ctr_admin_dom'])).toEqual(['domainAdmin', 'admin']);
  });

  it('answers in ROLE_KEYS order, each role once', () => {
    expect(detectRoles(['cust_ctr_user', 'lgt_superadm', 'cust_ctr_user'])).toEqual(['superAdmin', 'user']);
  });

  it('finds nothing in unrelated or empty role lists', () => {
    expect(detectRoles('')).toEqual([]);
    expect(detectRoles([])).toEqual([]);
    expect(detectRoles(['cust_ctr', 'superadm', 'CUST_CTR_ADMIN'])).toEqual([]);
  });
});
