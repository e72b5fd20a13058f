import { twoFactorApi } from '@sello/contracts/catalogue/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/http-client.ts';

const STATUS_KEY = ['account', 'twoFactor'] as const;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => callEndpoint(twoFactorApi.status) });
}

export function useEnrolAccount() {
  return useMutation({ mutationFn: () => callEndpoint(twoFactorApi.enrolAccount) });
}

export function useConfirmAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callEndpoint(twoFactorApi.confirmAccount, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}
