import { administrationApi as api } from '@sello/contracts/catalogue/administration';
import type { TPickerItem } from '@sello/contracts/common';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';

/** One empty list for every "nothing yet", so pickers are not handed a new array on each render. */
export const NO_ITEMS: readonly TPickerItem[] = Object.freeze([]);

export function useUsersByDomain(domainId: number, enabled = true) {
  return useQuery({
    queryKey: ['administration', 'users', 'byDomain', domainId],
    queryFn: () => callEndpoint(api.usersByDomain, { query: { domainid: domainId } }),
    enabled: enabled && domainId > 0,
  });
}

export function useCompaniesByDomain(domainId: number, enabled = true) {
  return useQuery({
    queryKey: ['administration', 'companies', 'byDomain', domainId],
    queryFn: () => callEndpoint(api.companiesByDomain, { query: { domainid: domainId } }),
    enabled: enabled && domainId > 0,
  });
}

export function useGroupsByDomain(domainId: number, enabled = true) {
  return useQuery({
    queryKey: ['administration', 'groups', 'byDomain', domainId],
    queryFn: () => callEndpoint(api.groupsByDomain, { query: { domainid: domainId } }),
    enabled: enabled && domainId > 0,
  });
}

export function useRoles() {
  return useQuery({
    queryKey: ['administration', 'roles'],
    queryFn: () => callEndpoint(api.rolesList),
    staleTime: 5 * 60_000,
  });
}
