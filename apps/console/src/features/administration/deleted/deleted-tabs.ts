import { DELETED_FILTER } from '@sello/contracts/catalogue/administration-common';
import { shippingsActionsApi } from '@sello/contracts/catalogue/shippings-actions';
import { shippingsListApi } from '@sello/contracts/catalogue/shippings-list';
import { templatesApi } from '@sello/contracts/catalogue/templates';
import { typesApi } from '@sello/contracts/catalogue/types';
import type { TEndpoint, TPermissionRule } from '@sello/contracts/endpoint';
import { hasAll, hasAny, type PermissionFlag, type TPermissionMap } from '@sello/contracts/permissions';
import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import type { RoleKey } from '@sello/contracts/roles';
import { ADMIN_KINDS, type AdminKind } from '@sello/contracts/routes';
import { ADMIN_LIST_CALLS } from '../shared/admin-api.ts';

/** The kinds of record the deleted-items area lists: the administration kinds, shippings, types and templates. */
export type DeletedKind = AdminKind | 'shippings' | 'types' | 'templates';

/** The list and recover calls of each kind; the list answers deleted records with filters {"deleted": true}. */
export const DELETED_CALLS: Record<DeletedKind, { read: TEndpoint; recover: TEndpoint }> = {
  ...ADMIN_LIST_CALLS,
  shippings: { read: shippingsListApi.list, recover: shippingsActionsApi.recover },
  types: { read: typesApi.readList, recover: typesApi.recover },
  templates: { read: templatesApi.readList, recover: templatesApi.recover },
};

/** A tab of the deleted-items area: a bin permission and the lists of deleted records it shows. */
export type TDeletedTab = { key: string; bin: PermissionFlag | null; kinds: DeletedKind[] };

/**
 * One tab per bin permission (spec §6), in the order of the flags. SAML certificates share the
 * certificates bin. Domains have no bin flag: their deleted list is a super admin's own tab.
 */
export const DELETED_TABS: readonly TDeletedTab[] = [
  { key: 'shippings', bin: 'shpBin', kinds: ['shippings'] },
  { key: 'types', bin: 'typeBin', kinds: ['types'] },
  { key: 'companies', bin: 'companyBin', kinds: ['companies'] },
  { key: 'groups', bin: 'groupBin', kinds: ['groups'] },
  { key: 'certificates', bin: 'certBin', kinds: ['certificates', 'samlcertificates'] },
  { key: 'users', bin: 'userBin', kinds: ['users'] },
  { key: 'templates', bin: 'templatesBin', kinds: ['templates'] },
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
 * Whether the viewer may list and recover the deleted records of a kind: the read and recover calls' flags (the
 * recover rule carries the bin flag), and for the administration kinds an administrator's role; shippings, types
 * and templates go by the flags alone (a manager with `shpBin` recovers shippings); domains for super admins.
 */
export function mayRecover(kind: DeletedKind, viewer: TViewer): boolean {
  if (kind === 'domains') return viewer.superAdmin;
  const administrationKind = (ADMIN_KINDS as readonly string[]).includes(kind);
  if (administrationKind && !viewer.roleKeys.some((role) => ADMINISTRATOR_ROLES.includes(role))) return false;
  const calls = DELETED_CALLS[kind];
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
