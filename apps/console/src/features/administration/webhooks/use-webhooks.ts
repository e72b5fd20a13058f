import { type TWebhookEndpointNew, webhooksApi } from '@sello/contracts/catalogue/integration-webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';

const KEY = ['administration', 'webhooks'] as const;

/** A company's webhook endpoints (a company has a handful). */
export function useWebhooks(companyId: number) {
  return useQuery({
    queryKey: [...KEY, companyId],
    queryFn: () => callEndpoint(webhooksApi.list, { query: { companyId } }),
  });
}

/** An endpoint's delivery log, newest attempt first. */
export function useWebhookDeliveries(endpointId: number) {
  return useQuery({
    queryKey: [...KEY, 'deliveries', endpointId],
    queryFn: () => callEndpoint(webhooksApi.deliveries, { query: { endpointId } }),
  });
}

function useWebhookMutation<TInput, TOutput>(call: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: TWebhookEndpointNew) => callEndpoint(webhooksApi.create, { body }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: number) => callEndpoint(webhooksApi.rotateSecret, { body: { id } }));

export const useSetWebhookEnabled = () =>
  useWebhookMutation((body: { id: number; enabled: boolean }) => callEndpoint(webhooksApi.setEnabled, { body }));

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => callEndpoint(webhooksApi.remove, { body: { id } }));

export const useSendWebhookAgain = () =>
  useWebhookMutation((deliveryId: number) => callEndpoint(webhooksApi.sendAgain, { body: { deliveryId } }));
