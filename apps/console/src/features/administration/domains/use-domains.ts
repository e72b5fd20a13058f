import { domainsApi, type TDomainInput } from '@sello/contracts/catalogue/administration-domains';
import type { TemplateKind } from '@sello/contracts/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';
import { adminKeys } from '../shared/admin-api.ts';

export function useDomain(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.detail('domains', id ?? 0),
    queryFn: () => callEndpoint(domainsApi.detail, { query: { selected: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useSaveDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TDomainInput }) =>
      id === undefined
        ? callEndpoint(domainsApi.new, { body: input })
        : callEndpoint(domainsApi.update, { body: { ...input, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.kind('domains') }),
  });
}

/** Document types of the domain for the dual-list picker (`typesdocument/{id}`). */
export function useDomainTypesDocument(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.extra('domains', 'documentTypes', id),
    queryFn: () => callEndpoint(domainsApi.typesDocument, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useUpdateDomainTypesDocument(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listOfTypes: number[]) =>
      callEndpoint(domainsApi.updateTypesDocument, { params: { id: id ?? 0 }, body: { listOfTypes } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.extra('domains', 'documentTypes', id) }),
  });
}

/** Advanced communication templates of the domain for the dual-list picker (`advanceComTemplate?domain`). */
/** The domain's chosen templates of a kind (its TEMPLATES, EMAIL_CERT_TEMPLATES and SMS_CERT_TEMPLATES tabs). */
export function useDomainAdvanceComTemplate(id: number | undefined, kind: TemplateKind = 'ADVANCED_COMMUNICATION') {
  return useQuery({
    queryKey: adminKeys.extra('domains', `templates-${kind}`, id),
    queryFn: () => callEndpoint(domainsApi.advanceComTemplate, { query: { domain: id ?? 0, kind } }),
    enabled: id !== undefined,
  });
}

export function useUpdateDomainAdvComTemplate(id: number | undefined, kind: TemplateKind = 'ADVANCED_COMMUNICATION') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (advancedComTemplates: number[]) =>
      callEndpoint(domainsApi.updateAdvComTemplate, { params: { id: id ?? 0 }, body: { advancedComTemplates, kind } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.extra('domains', `templates-${kind}`, id) }),
  });
}
