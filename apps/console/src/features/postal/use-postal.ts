import { postalApi, type TCourierResultRequest } from '@sello/contracts/catalogue/postal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/http-client.ts';

const POSTAL_KEY = ['postal'] as const;

export function useWaitingLetters(domainid: number | undefined) {
  return useQuery({
    queryKey: [...POSTAL_KEY, 'letters', 'waiting', domainid ?? null],
    queryFn: () => callEndpoint(postalApi.letters, { query: { domainid, status: 'waiting' } }),
  });
}

export function useBatches(domainid: number | undefined) {
  return useQuery({
    queryKey: [...POSTAL_KEY, 'batches', domainid ?? null],
    queryFn: () => callEndpoint(postalApi.batches, { query: { domainid } }),
  });
}

/** Every change in the print room can move letters between lists: refresh them all. */
function usePostalMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: POSTAL_KEY }),
  });
}

export function useCreateBatch() {
  return usePostalMutation((domainid: number | undefined) =>
    callEndpoint(postalApi.createBatch, { query: { domainid } }),
  );
}

export function useAdvanceBatch() {
  return usePostalMutation(({ id, to }: { id: number; to: 'printed' | 'handed' }) =>
    callEndpoint(to === 'printed' ? postalApi.markPrinted : postalApi.markHanded, { params: { id } }),
  );
}

export function useEnterResult() {
  return usePostalMutation((body: TCourierResultRequest) => callEndpoint(postalApi.result, { body }));
}

export function useImportResults() {
  return usePostalMutation((data: string) => callEndpoint(postalApi.importResults, { body: { data } }));
}
