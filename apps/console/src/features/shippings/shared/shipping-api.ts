import { accountApi } from '@sello/contracts/catalogue/account';
import { evidenceApi } from '@sello/contracts/catalogue/evidence';
import { shippingsActionsApi } from '@sello/contracts/catalogue/shippings-actions';
import { shippingsDashboardApi, type TShippingDashboardQuery } from '@sello/contracts/catalogue/shippings-dashboard';
import { shippingsDetailApi } from '@sello/contracts/catalogue/shippings-detail';
import { shippingsListApi } from '@sello/contracts/catalogue/shippings-list';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';
import type { TShippingListRequest } from '../list/shipping-list-filters.ts';

/** Query keys of the shippings screens: every change invalidates `all`. */
export const shippingKeys = {
  all: ['shippings'] as const,
  list: (query: TShippingListRequest) => ['shippings', 'list', query] as const,
  detail: (id: number) => ['shippings', 'detail', id] as const,
  auths: (id: number) => ['shippings', 'auths', id] as const,
  types: (companyId?: number) => ['shippings', 'types', companyId ?? null] as const,
  companies: ['shippings', 'companies'] as const,
  dashboard: (query: Partial<TShippingDashboardQuery>) => ['shippings', 'dashboard', query] as const,
  downloadOptions: (ids: readonly number[]) => ['shippings', 'downloadOptions', ids] as const,
};

/** The download options with files among the chosen shippings, asked while the dialog is open. */
export function useDownloadAvailability(ids: readonly number[], open: boolean) {
  return useQuery({
    queryKey: shippingKeys.downloadOptions(ids),
    queryFn: () => callEndpoint(evidenceApi.downloadAvailability, { body: { listOfRequests: [...ids] } }),
    enabled: open && ids.length > 0,
  });
}

export function useShippingList(query: TShippingListRequest) {
  return useQuery({
    queryKey: shippingKeys.list(query),
    queryFn: () => callEndpoint(shippingsListApi.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Shipping types of a company (or every company of the user): for the filters every type, old and
 * inactive ones too (old shippings must be findable); `complete` adds what creating a shipping takes.
 */
export function useShippingListTypes(companyId?: number, { onlyActive = false, complete = false } = {}) {
  return useQuery({
    queryKey: [...shippingKeys.types(companyId), onlyActive, complete],
    queryFn: () =>
      callEndpoint(shippingsListApi.listTypes, {
        query: {
          ...(companyId !== undefined && { companyId }),
          onlyactive: String(onlyActive),
          complete: String(complete),
        },
      }),
    staleTime: 60_000,
  });
}

/** The companies the user is assigned to. */
export function useUserCompanies() {
  return useQuery({
    queryKey: shippingKeys.companies,
    queryFn: () => callEndpoint(accountApi.userCompaniesList),
    staleTime: 60_000,
  });
}

export function useShippingDetail(id: number | undefined) {
  return useQuery({
    queryKey: shippingKeys.detail(id ?? 0),
    queryFn: () => callEndpoint(shippingsDetailApi.detail, { query: { requestId: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

/** The home dashboard's counts of a period (kept on screen while the next period loads). */
export function useShippingDashboard(query: Partial<TShippingDashboardQuery>) {
  return useQuery({
    queryKey: shippingKeys.dashboard(query),
    queryFn: () => callEndpoint(shippingsDashboardApi.dashboard, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Sends the access communication of a shipping again; the shippings screens then read it anew. */
export function useSendAccessCommunication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(shippingsActionsApi.sendAccessCommunication, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: shippingKeys.all }),
  });
}
