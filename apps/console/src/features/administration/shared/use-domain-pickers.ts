import { companiesApi } from '@sello/contracts/catalogue/administration-companies';
import { groupsApi } from '@sello/contracts/catalogue/administration-groups';
import { rolesApi } from '@sello/contracts/catalogue/administration-roles';
import { usersApi } from '@sello/contracts/catalogue/administration-users';
import type { TPickerItem } from '@sello/contracts/common';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';

/** One empty list for every "nothing yet", so pickers are not handed a new array on each render. */
export const NO_ITEMS: readonly TPickerItem[] = Object.freeze([]);

export function useUsersByDomain(domainId: number, enabled = true) {
  return useQuery({
    queryKey: ['administration', 'users', 'byDomain', domainId],
    queryFn: () => callEndpoint(usersApi.usersByDomain, { query: { domainid: domainId } }),
    enabled: enabled && domainId > 0,
  });
}

export function useCompaniesByDomain(domainId: number, enabled = true) {
  return useQuery({
    queryKey: ['administration', 'companies', 'byDomain', domainId],
    queryFn: () => callEndpoint(companiesApi.companiesByDomain, { query: { domainid: domainId } }),
    enabled: enabled && domainId > 0,
  });
}

export function useGroupsByDomain(domainId: number, enabled = true) {
  return useQuery({
    queryKey: ['administration', 'groups', 'byDomain', domainId],
    queryFn: () => callEndpoint(groupsApi.groupsByDomain, { query: { domainid: domainId } }),
    enabled: enabled && domainId > 0,
  });
}

export function useRolesList() {
  return useQuery({
    queryKey: ['administration', 'roles'],
    queryFn: () => callEndpoint(rolesApi.rolesList),
    staleTime: 5 * 60_000,
  });
}
