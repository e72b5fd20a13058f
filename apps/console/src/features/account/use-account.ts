import { accountApi, type TAccountUpdate } from '@sello/contracts/catalogue/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/http-client.ts';

const ACCOUNT_KEY = ['account'] as const;

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => callEndpoint(accountApi.read, { query: {} }) });
}

export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAccountUpdate) => callEndpoint(accountApi.update, { body }),
    onSuccess: (account) => client.setQueryData(ACCOUNT_KEY, account),
  });
}
