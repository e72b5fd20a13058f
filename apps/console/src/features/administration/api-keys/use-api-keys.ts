import { apiKeysApi, type TApiKeyNew } from '@sello/contracts/catalogue/integration-api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';

const KEY = ['administration', 'apiKeys'] as const;

/** A company's API keys, revoked ones included (a company has a handful). */
export function useApiKeys(companyId: number) {
  return useQuery({
    queryKey: [...KEY, companyId],
    queryFn: () => callEndpoint(apiKeysApi.list, { query: { companyId } }),
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TApiKeyNew) => callEndpoint(apiKeysApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRotateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(apiKeysApi.rotate, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(apiKeysApi.revoke, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
