import {
  certificatesApi,
  type TCertificateInput,
  type TCertificateUpdate,
} from '@sello/contracts/catalogue/administration-certificates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';
import { adminKeys } from '../shared/admin-api.ts';

export function useCertificate(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.detail('certificates', id ?? 0),
    queryFn: () => callEndpoint(certificatesApi.detail, { query: { selected: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

/** Creates a certificate (no id) or updates one; a new file on update renews it. */
export function useSaveCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      domainid,
      input,
    }: {
      id?: number;
      domainid?: number;
      input: TCertificateInput | TCertificateUpdate;
    }) =>
      id === undefined
        ? callEndpoint(certificatesApi.new, { query: { domainid }, body: input as TCertificateInput })
        : callEndpoint(certificatesApi.update, { body: { ...input, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.kind('certificates') }),
  });
}
