import { describe, expect, it } from 'vitest';
import { isAllowedBy, type TAccessSubject } from './access.ts';
import { type PermissionFlag, toPermissionMap } from './permissions.ts';
import type { RoleKey } from './roles.ts';

const subject = (flags: PermissionFlag[], roleKeys: RoleKey[] = []): TAccessSubject => ({
  permissions: toPermissionMap(flags),
  roleKeys,
});

describe('isAllowedBy', () => {
  it('lets anyone call a public endpoint', () => {
    expect(isAllowedBy('public', null)).toBe(true);
    expect(isAllowedBy('public', subject([]))).toBe(true);
  });

  it('needs a signed-in subject for everything else', () => {
    expect(isAllowedBy('session', null)).toBe(false);
    expect(isAllowedBy({ all: ['types'] }, null)).toBe(false);
    expect(isAllowedBy({ roles: ['superAdmin'] }, null)).toBe(false);
    expect(isAllowedBy('session', subject([]))).toBe(true);
  });

  it('needs every flag of `all`', () => {
    const rule = { all: ['newSend', 'editMode'] } as const;
    expect(isAllowedBy(rule, subject(['newSend', 'editMode']))).toBe(true);
    expect(isAllowedBy(rule, subject(['newSend']))).toBe(false);
    expect(isAllowedBy(rule, subject(['editMode', 'types']))).toBe(false);
  });

  it('needs one flag of `any`', () => {
    const rule = { any: ['shippingList', 'shippingListOnlyAuth'] } as const;
    expect(isAllowedBy(rule, subject(['shippingList']))).toBe(true);
    expect(isAllowedBy(rule, subject(['shippingListOnlyAuth']))).toBe(true);
    expect(isAllowedBy(rule, subject(['newSend']))).toBe(false);
  });

  it('needs both `all` and `any` when a rule has both', () => {
    const rule = { all: ['editMode'], any: ['shippingList', 'shippingListOnlyAuth'] } as const;
    expect(isAllowedBy(rule, subject(['editMode', 'shippingListOnlyAuth']))).toBe(true);
    expect(isAllowedBy(rule, subject(['editMode']))).toBe(false);
    expect(isAllowedBy(rule, subject(['shippingList']))).toBe(false);
  });

  it('lets a listed role in without the flags', () => {
    const rule = { all: ['administration'], roles: ['superAdmin', 'admin'] } as const;
    expect(isAllowedBy(rule, subject([], ['admin']))).toBe(true);
    expect(isAllowedBy(rule, subject(['administration'], ['user']))).toBe(true);
    expect(isAllowedBy(rule, subject([], ['user']))).toBe(false);
    expect(isAllowedBy({ roles: ['superAdmin'] }, subject(['administration'], ['domainAdmin']))).toBe(false);
  });

  it('grants nothing with an empty rule', () => {
    expect(isAllowedBy({}, subject(['administration'], ['superAdmin']))).toBe(false);
    expect(isAllowedBy({ any: [] }, subject(['administration']))).toBe(false);
  });
});
