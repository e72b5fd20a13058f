import { administrationApi as api } from '@sello/contracts/catalogue/administration';
import type { AdminKind } from '@sello/contracts/routes';

/** The paged read, export, delete and recover calls of each kind. */
export const ADMIN_LIST_CALLS = {
  domains: { read: api.domainsRead, export: api.domainsExport, remove: api.domainsDelete, recover: api.domainsRecover },
  companies: {
    read: api.companiesRead,
    export: api.companiesExport,
    remove: api.companiesDelete,
    recover: api.companiesRecover,
  },
  users: { read: api.usersRead, export: api.usersExport, remove: api.usersDelete, recover: api.usersRecover },
  groups: { read: api.groupsRead, export: api.groupsExport, remove: api.groupsDelete, recover: api.groupsRecover },
  certificates: {
    read: api.certificatesRead,
    export: api.certificatesExport,
    remove: api.certificatesDelete,
    recover: api.certificatesRecover,
  },
  samlcertificates: {
    read: api.samlCertificatesRead,
    export: api.samlCertificatesExport,
    remove: api.samlCertificatesDelete,
    recover: api.samlCertificatesRecover,
  },
} as const satisfies Record<AdminKind, object>;

/** Query keys: everything of a kind is invalidated together after a change. */
export const adminKeys = {
  kind: (kind: AdminKind) => ['administration', kind] as const,
  list: (kind: AdminKind, scope: unknown) => ['administration', kind, 'list', scope] as const,
  detail: (kind: AdminKind, id: number) => ['administration', kind, 'detail', id] as const,
  extra: (kind: AdminKind, name: string, ...args: unknown[]) => ['administration', kind, name, ...args] as const,
};
