import { administrationApi as api, type TDomainInput } from '@sello/contracts/catalogue/administration';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';
import { adminKeys } from '../shared/admin-api.ts';

export function useDomain(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.detail('domains', id ?? 0),
    queryFn: () => callEndpoint(api.domainsDetail, { query: { selected: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useSaveDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TDomainInput }) =>
      id === undefined
        ? callEndpoint(api.domainsNew, { body: input })
        : callEndpoint(api.domainsUpdate, { body: { ...input, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.kind('domains') }),
  });
}

/** Document types of the domain for the dual-list picker (`typesdocument/{id}`). */
export function useDomainDocumentTypes(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.extra('domains', 'documentTypes', id),
    queryFn: () => callEndpoint(api.domainsTypesDocument, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useSaveDomainDocumentTypes(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listOfTypes: number[]) =>
      callEndpoint(api.domainsUpdateTypesDocument, { params: { id: id ?? 0 }, body: { listOfTypes } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.extra('domains', 'documentTypes', id) }),
  });
}

/** Advanced communication templates of the domain for the dual-list picker (`advanceComTemplate?domain`). */
export function useDomainAdvancedTemplates(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.extra('domains', 'advancedTemplates', id),
    queryFn: () => callEndpoint(api.domainsAdvanceComTemplate, { query: { domain: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useSaveDomainAdvancedTemplates(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (advancedComTemplates: number[]) =>
      callEndpoint(api.domainsUpdateAdvComTemplate, { params: { id: id ?? 0 }, body: { advancedComTemplates } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.extra('domains', 'advancedTemplates', id) }),
  });
}
