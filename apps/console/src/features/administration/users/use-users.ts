import { type TUserInput, type TUserUpdate, usersApi } from '@sello/contracts/catalogue/administration-users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';
import { adminKeys } from '../shared/admin-api.ts';

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.detail('users', id ?? 0),
    queryFn: () => callEndpoint(usersApi.detail, { query: { selected: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ domainid, input }: { domainid?: number; input: TUserInput }) =>
      callEndpoint(usersApi.new, { query: { domainid }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['administration'] }),
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TUserUpdate) => callEndpoint(usersApi.update, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['administration'] }),
  });
}

export function useUnblockUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(usersApi.unblock, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.kind('users') }),
  });
}

export function useImportUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ domainid, data, fileName }: { domainid?: number; data: string; fileName: string }) =>
      callEndpoint(
        usersApi.importUsers,
        { query: { domainid }, body: { data, fileName } },
        { refusalShownInDialog: true },
      ),
    onSuccess: (result) => {
      if (result.created > 0) return client.invalidateQueries({ queryKey: ['administration'] });
    },
  });
}
