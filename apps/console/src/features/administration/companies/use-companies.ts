import { companiesApi, type TCompanyInput } from '@sello/contracts/catalogue/administration-companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';
import { adminKeys } from '../shared/admin-api.ts';

export function useCompany(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.detail('companies', id ?? 0),
    queryFn: () => callEndpoint(companiesApi.detail, { query: { selected: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

/** Creates (no id) or updates a company; `domainid` only for a super admin working in another domain. */
export function useSaveCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, domainid, input }: { id?: number; domainid?: number; input: TCompanyInput }) =>
      id === undefined
        ? callEndpoint(companiesApi.new, { query: { domainid }, body: input })
        : callEndpoint(companiesApi.update, { body: { ...input, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.kind('companies') }),
  });
}
