import { certificatesApi } from '@sello/contracts/catalogue/administration-certificates';
import { companiesApi } from '@sello/contracts/catalogue/administration-companies';
import { domainsApi } from '@sello/contracts/catalogue/administration-domains';
import { groupsApi } from '@sello/contracts/catalogue/administration-groups';
import { samlCertificatesApi } from '@sello/contracts/catalogue/administration-saml-certificates';
import { usersApi } from '@sello/contracts/catalogue/administration-users';
import type { AdminKind } from '@sello/contracts/routes';

/** The paged read, export, delete and recover calls of each kind. */
export const ADMIN_LIST_CALLS = {
  domains: { read: domainsApi.read, export: domainsApi.export, remove: domainsApi.delete, recover: domainsApi.recover },
  companies: {
    read: companiesApi.read,
    export: companiesApi.export,
    remove: companiesApi.delete,
    recover: companiesApi.recover,
  },
  users: { read: usersApi.read, export: usersApi.export, remove: usersApi.delete, recover: usersApi.recover },
  groups: { read: groupsApi.read, export: groupsApi.export, remove: groupsApi.delete, recover: groupsApi.recover },
  certificates: {
    read: certificatesApi.read,
    export: certificatesApi.export,
    remove: certificatesApi.delete,
    recover: certificatesApi.recover,
  },
  samlcertificates: {
    read: samlCertificatesApi.read,
    export: samlCertificatesApi.export,
    remove: samlCertificatesApi.delete,
    recover: samlCertificatesApi.recover,
  },
} as const satisfies Record<AdminKind, object>;

/** Query keys: everything of a kind is invalidated together after a change. */
export const adminKeys = {
  kind: (kind: AdminKind) => ['administration', kind] as const,
  list: (kind: AdminKind, scope: unknown) => ['administration', kind, 'list', scope] as const,
  detail: (kind: AdminKind, id: number) => ['administration', kind, 'detail', id] as const,
  extra: (kind: AdminKind, name: string, ...args: unknown[]) => ['administration', kind, name, ...args] as const,
};
