import { accountApi } from '@sello/contracts/catalogue/account';
import { importsApi, type TImportRetryRows } from '@sello/contracts/catalogue/imports';
import { shippingsListApi } from '@sello/contracts/catalogue/shippings-list';
import { templatesApi } from '@sello/contracts/catalogue/templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, fetchEndpointFile } from '../../api/http-client.ts';

export const importKeys = {
  all: ['imports'] as const,
  list: (type: string, first: number, pageSize: number) => ['imports', 'list', type, first, pageSize] as const,
  detail: (id: number) => ['imports', 'detail', id] as const,
};

export function useImportCompanies() {
  return useQuery({ queryKey: ['imports', 'companies'], queryFn: () => callEndpoint(accountApi.userCompaniesList) });
}

export function useImportTypes(companyId: number | undefined) {
  return useQuery({
    queryKey: ['imports', 'types', companyId],
    queryFn: () =>
      callEndpoint(shippingsListApi.listTypes, {
        query: { companyId: companyId as number, onlyactive: 'true', complete: 'true' },
      }),
    enabled: companyId !== undefined,
  });
}

export function useImportTemplates(companyId: number | undefined) {
  return useQuery({
    queryKey: ['imports', 'templates', companyId],
    queryFn: () =>
      callEndpoint(templatesApi.readListReduced, {
        query: { companySelected: companyId as number, contentType: 'HTML' },
      }),
    enabled: companyId !== undefined,
  });
}

/** The import, polled while work runs in the background (spec §7 `refreshTable`). */
export function useImportProgress(importId: number | undefined) {
  return useQuery({
    queryKey: importKeys.detail(importId ?? 0),
    queryFn: () =>
      callEndpoint(importsApi.refreshTable, { query: { selected: importId as number } }, { background: true }),
    enabled: importId !== undefined,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state && isWorking(state) ? 1500 : false;
    },
  });
}

export function useImportsList(type: 'ALL' | 'FILE' | 'TEMPLATE', first: number, pageSize: number) {
  return useQuery({
    queryKey: importKeys.list(type, first, pageSize),
    queryFn: () => callEndpoint(importsApi.list, { query: { type, first, pageSize } }),
  });
}

export function useSaveImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, type }: { importId: number; type: 'FILE' | 'TEMPLATE' }) =>
      callEndpoint(type === 'FILE' ? importsApi.saveFromFile : importsApi.saveWithTemplate, { body: { importId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: importKeys.all }),
  });
}

export function useRetryErrors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => callEndpoint(importsApi.retryErrors, { query: { selected: importId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** The failed rows retried with their corrections: the errors file, fixed (`retryWithFile`). */
export function useRetryWithFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, file }: { importId: number; file: File }) =>
      callEndpoint(importsApi.retryWithFile, { form: { importId, data: file } }),
    onSuccess: () => client.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** The failed rows retried with the rows corrected on screen (`retryRows`). */
export function useRetryRows() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TImportRetryRows) => callEndpoint(importsApi.retryRows, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** Saves a file answer under a name (the browser's download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadImportErrors(importId: number): Promise<void> {
  saveBlob(
    await fetchEndpointFile(importsApi.downloadImportErrors, { query: { selected: importId } }),
    `import-${importId}-errors.xlsx`,
  );
}

export async function downloadImportReport(importId: number): Promise<void> {
  saveBlob(await fetchEndpointFile(importsApi.report, { query: { selected: importId } }), `import-${importId}.xlsx`);
}

export async function downloadSample(typeId: number): Promise<void> {
  saveBlob(await fetchEndpointFile(importsApi.downloadFile, { query: { typeId } }), `sample-${typeId}.csv`);
}

/** An import whose dry run or saving is still running (CREATED, IN_COURSE). */
export function isWorking(state: string): boolean {
  return ['created', 'in_course'].includes(state.toLowerCase());
}
