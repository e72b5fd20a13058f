import {
  samlCertificatesApi,
  type TSamlCertificateInput,
  type TSamlCertificateUpdate,
} from '@sello/contracts/catalogue/administration-saml-certificates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';
import { adminKeys } from '../shared/admin-api.ts';

export function useSamlCertificate(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.detail('samlcertificates', id ?? 0),
    queryFn: () => callEndpoint(samlCertificatesApi.detail, { query: { selected: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useSaveSamlCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      domainid,
      input,
    }: {
      id?: number;
      domainid?: number;
      input: TSamlCertificateInput | TSamlCertificateUpdate;
    }) =>
      id === undefined
        ? callEndpoint(samlCertificatesApi.new, { query: { domainid }, body: input as TSamlCertificateInput })
        : callEndpoint(samlCertificatesApi.update, { body: { ...input, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.kind('samlcertificates') }),
  });
}
