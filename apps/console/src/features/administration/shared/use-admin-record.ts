import type { AdminKind } from '@sello/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notify } from '../../../alerts/alert-store.ts';
import { parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';
import { adminKeys } from './admin-api.ts';
import { useBackToList } from './admin-form-page.tsx';

/** The detail of one record of a kind, read once its id is known. */
export function useAdminRecord<T>(kind: AdminKind, id: number | undefined, read: (id: number) => Promise<T>) {
  return useQuery({
    queryKey: adminKeys.detail(kind, id ?? 0),
    queryFn: () => read(id ?? 0),
    enabled: id !== undefined,
  });
}

/** How a kind's record is created in a domain and updated, each with the schema of what it takes. */
export type TAdminSaveCalls<TCreate, TUpdate> = {
  create: { schema: z.ZodType<TCreate>; call: (input: TCreate, domainid: number | undefined) => Promise<unknown> };
  update: { schema: z.ZodType<TUpdate>; call: (input: TUpdate) => Promise<unknown> };
};

/**
 * The save of a record's form: the body is checked with the create (no id) or update schema, showing what
 * fails on its field; then it is saved, the kept draft dropped, the user told, and the list shown again.
 * The server's refusals land on `fields`.
 */
export function useAdminFormSave<TCreate, TUpdate>(
  kind: AdminKind,
  options: {
    form: FormInstance;
    fields: readonly string[];
    id: number | undefined;
    domainid: number | undefined;
    draft: { discard: () => Promise<void> };
    calls: TAdminSaveCalls<TCreate, TUpdate>;
  },
) {
  const { form, fields, id, domainid, draft, calls } = options;
  const { t } = useTranslation();
  const client = useQueryClient();
  const back = useBackToList(kind);
  const mutation = useMutation({
    mutationFn: (send: () => Promise<unknown>) => send(),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.kind(kind) }),
  });

  function checked<T>(schema: z.ZodType<T>, values: object, call: (input: T) => Promise<unknown>) {
    const input = parseForForm(schema, values, form, t);
    return input === null ? null : () => call(input);
  }

  async function save(body: object) {
    const send =
      id === undefined
        ? checked(calls.create.schema, body, (input) => calls.create.call(input, domainid))
        : checked(calls.update.schema, { ...body, id }, calls.update.call);
    if (!send) return;
    try {
      await mutation.mutateAsync(send);
      void draft.discard();
      notify.success('ADMIN_SAVED_OK', { persistent: true });
      back();
    } catch (error) {
      showServerErrors(error, form, t, [...fields]);
    }
  }

  return { save, saving: mutation.isPending };
}
