import { DELETED_FILTER } from '@sello/contracts/catalogue/administration';
import type { TPermissionRule } from '@sello/contracts/endpoint';
import { hasAll, hasAny, type PermissionFlag, type TPermissionMap } from '@sello/contracts/permissions';
import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import type { RoleKey } from '@sello/contracts/roles';
import type { AdminKind } from '@sello/contracts/routes';
import { ADMIN_LIST_CALLS } from '../shared/admin-api.ts';

/** A tab of the deleted-items area: a bin permission and the lists of deleted records it shows. */
export type TDeletedTab = { key: string; bin: PermissionFlag | null; kinds: AdminKind[] };

/**
 * One tab per bin permission (spec §6), in the order of the flags. The shippings, types and templates
 * bins come with their lists (later issues). SAML certificates share the certificates bin. Domains have
 * no bin flag: their deleted list is a super admin's own tab.
 */
export const DELETED_TABS: readonly TDeletedTab[] = [
  { key: 'companies', bin: 'companyBin', kinds: ['companies'] },
  { key: 'groups', bin: 'groupBin', kinds: ['groups'] },
  { key: 'certificates', bin: 'certBin', kinds: ['certificates', 'samlcertificates'] },
  { key: 'users', bin: 'userBin', kinds: ['users'] },
  { key: 'domains', bin: null, kinds: ['domains'] },
];

/** Whether a permission map satisfies an endpoint's rule (flags only; roles are checked apart). */
export function meetsRule(rule: TPermissionRule, permissions: TPermissionMap): boolean {
  if (rule === 'public' || rule === 'session') return true;
  if (rule.all && !hasAll(permissions, rule.all)) return false;
  if (rule.any && !hasAny(permissions, rule.any)) return false;
  return true;
}

type TViewer = { permissions: TPermissionMap; roleKeys: readonly RoleKey[]; superAdmin: boolean };

/**
 * Whether the viewer may list and recover the deleted records of a kind: administrators only, with
 * the read and recover calls' flags (the recover rule carries the bin flag); domains for super admins.
 */
export function mayRecover(kind: AdminKind, viewer: TViewer): boolean {
  if (kind === 'domains') return viewer.superAdmin;
  if (!viewer.roleKeys.some((role) => ADMINISTRATOR_ROLES.includes(role))) return false;
  const calls = ADMIN_LIST_CALLS[kind];
  return (
    meetsRule(calls.read.permission, viewer.permissions) && meetsRule(calls.recover.permission, viewer.permissions)
  );
}

/** The tabs the viewer holds, each with the kinds it may list. */
export function visibleDeletedTabs(viewer: TViewer): TDeletedTab[] {
  return DELETED_TABS.flatMap((tab) => {
    if (tab.bin !== null && viewer.permissions[tab.bin] !== true) return [];
    const kinds = tab.kinds.filter((kind) => mayRecover(kind, viewer));
    return kinds.length > 0 ? [{ ...tab, kinds }] : [];
  });
}

/** The `filters` JSON of a deleted-records read: the column filters plus `deleted: true`. */
export function deletedFilters(filters: Readonly<Record<string, unknown>>): string {
  return JSON.stringify({ ...filters, [DELETED_FILTER]: true });
}
