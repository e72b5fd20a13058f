import { accountApi } from '@sello/contracts/catalogue/account';
import { typesApi } from '@sello/contracts/catalogue/types';
import type { TTypeInput } from '@sello/contracts/catalogue/types-schemas';
import type { TPagedQuery } from '@sello/contracts/common';
import { SERVICE_CODE_BY_KIND, type ServiceKind } from '@sello/contracts/enums';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/http-client.ts';
import { CHECKOUT_CACHE_REFRESH_MS } from '../../api/use-other-config.ts';

/** Query keys of the types screens; every change invalidates `all` (and the new-shipping form's types). */
export const typeKeys = {
  all: ['types'] as const,
  list: (query: Partial<TPagedQuery>) => ['types', 'list', query] as const,
  ordered: ['types', 'ordered'] as const,
  detail: (id: number) => ['types', 'detail', id] as const,
  wfUsers: (id: number) => ['types', 'wfUsers', id] as const,
  wfGroups: (id: number) => ['types', 'wfGroups', id] as const,
  combos: (service: ServiceKind) => ['types', 'combos', service] as const,
};

export function useTypesPage(query: Partial<TPagedQuery>) {
  return useQuery({
    queryKey: typeKeys.list(query),
    queryFn: () => callEndpoint(typesApi.readList, { query: query as TPagedQuery }),
    placeholderData: keepPreviousData,
  });
}

/** Every live type the user reaches, in the stored order: what up/down reorders. */
export function useOrderedTypes() {
  return useQuery({ queryKey: typeKeys.ordered, queryFn: () => callEndpoint(typesApi.read) });
}

export function useTypeDetail(id: number | undefined) {
  return useQuery({
    queryKey: typeKeys.detail(id ?? 0),
    queryFn: () => callEndpoint(typesApi.detail, { query: { typeSelected: id as number } }),
    enabled: id !== undefined,
  });
}

export function useUserCompanies() {
  return useQuery({
    queryKey: ['types', 'companies'],
    queryFn: () => callEndpoint(accountApi.userCompaniesList),
    staleTime: 60_000,
  });
}

/** What the chosen service offers: custody times, sign methods, steps, meta property locations, placement. */
export function useServiceCombos(service: ServiceKind | undefined) {
  return useQuery({
    queryKey: typeKeys.combos(service ?? 'notification'),
    enabled: service !== undefined,
    // Reference lists of the service: refreshed after spec §9's checkout cache refresh (1,440 minutes).
    staleTime: CHECKOUT_CACHE_REFRESH_MS,
    queryFn: async () => {
      const code = SERVICE_CODE_BY_KIND[service as ServiceKind];
      const [custodyTimes, signMethods, steps, locations, placement, elements] = await Promise.all([
        callEndpoint(typesApi.custodyTime, { query: { service: code } }),
        callEndpoint(typesApi.signMethods, { query: { service: code } }),
        callEndpoint(typesApi.step, { query: { service: code } }),
        callEndpoint(typesApi.metapropLocations, { query: { idCardService: code } }),
        callEndpoint(typesApi.placement),
        callEndpoint(typesApi.elements),
      ]);
      return { custodyTimes, signMethods, steps, locations, placement, elements };
    },
  });
}

function useInvalidateTypes() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: typeKeys.all }),
      client.invalidateQueries({ queryKey: ['shippings', 'types'] }),
    ]);
}

export function useSaveType() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | undefined; input: TTypeInput }) =>
      id === undefined
        ? callEndpoint(typesApi.new, { body: input })
        : callEndpoint(typesApi.update, { body: { ...input, id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteType() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(typesApi.delete, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useReorderTypes() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (typesOrder: number[]) => callEndpoint(typesApi.updateTypeOrder, { body: { typesOrder } }),
    onSuccess: invalidate,
  });
}

export function useWfUsers(typeId: number | undefined) {
  return useQuery({
    queryKey: typeKeys.wfUsers(typeId ?? 0),
    queryFn: () => callEndpoint(typesApi.wfUsers, { query: { typeId: typeId as number } }),
    enabled: typeId !== undefined,
  });
}

/** The type's workflow groups and the other groups of its domain; the choice is saved with the type. */
export function useWfGroups(typeId: number | undefined) {
  return useQuery({
    queryKey: typeKeys.wfGroups(typeId ?? 0),
    queryFn: () => callEndpoint(typesApi.wfGroups, { query: { typeId: typeId as number } }),
    enabled: typeId !== undefined,
  });
}

export function useSaveWfUsers() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (body: { typeId: number; wfUsers: number[] }) => callEndpoint(typesApi.saveWfUsers, { body }),
    onSuccess: invalidate,
  });
}

export function useImportXforms() {
  return useMutation({
    mutationFn: (data: string) => callEndpoint(typesApi.importXforms, { body: { params: { data } } }),
  });
}

export function useAttachXforms() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (params: { data: string; typeId: number }) =>
      callEndpoint(typesApi.xformShippingType, { body: { params } }),
    onSuccess: invalidate,
  });
}
