import { groupsApi, type TGroupInput } from '@sello/contracts/catalogue/administration-groups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';
import { adminKeys } from '../shared/admin-api.ts';

export function useGroup(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.detail('groups', id ?? 0),
    queryFn: () => callEndpoint(groupsApi.detail, { query: { selected: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useSaveGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, domainid, input }: { id?: number; domainid?: number; input: TGroupInput }) =>
      id === undefined
        ? callEndpoint(groupsApi.new, { query: { domainid }, body: input })
        : callEndpoint(groupsApi.update, { body: { ...input, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['administration'] }),
  });
}
