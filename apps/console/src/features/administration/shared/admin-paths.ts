import { ADMIN_TABS } from '@sello/contracts/enums';
import type { TPermissionMap } from '@sello/contracts/permissions';
import { ADMIN_KINDS, type AdminKind, canAccessPath } from '@sello/contracts/routes';

/**
 * Administration tabs whose screens exist, in the spec's tab order. The shippings, types and templates
 * tabs come with their own screens (later issues).
 */
export const ADMIN_SCREEN_TABS: readonly AdminKind[] = ADMIN_TABS.filter((tab): tab is AdminKind =>
  (ADMIN_KINDS as readonly string[]).includes(tab),
);

/** The tabs the user may open (spec §6 route table), in order. */
export function visibleAdminTabs(permissions: TPermissionMap): AdminKind[] {
  return ADMIN_SCREEN_TABS.filter((kind) => canAccessPath(adminListPath(kind), permissions));
}

/** The kind of an administration path (`/administration/users/...` → users); undefined for others. */
export function adminKindOfPath(pathname: string): AdminKind | undefined {
  const segment = pathname.split('/')[2];
  return (ADMIN_KINDS as readonly string[]).includes(segment ?? '') ? (segment as AdminKind) : undefined;
}

export function adminListPath(kind: AdminKind, domainId?: number): string {
  return domainId === undefined ? `/administration/${kind}` : `/administration/${kind}/${domainId}`;
}

export function adminCreatePath(kind: AdminKind, domainId: number): string {
  return `/administration/${kind}/create/${domainId}`;
}

export function adminEditPath(kind: AdminKind, id: number, domainId: number): string {
  return `/administration/${kind}/edit/${id}/${domainId}`;
}

/** Translation key of a kind's tab and title. */
export function adminKindLabelKey(kind: AdminKind): string {
  return `ADMIN_TAB_${kind.toUpperCase()}`;
}
