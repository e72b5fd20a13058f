import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TEndpoint } from '@sello/contracts/endpoint';
import type { AdminKind } from '@sello/contracts/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../../alerts/alert-store.ts';
import { callEndpoint, notifyFailure } from '../../../api/http-client.ts';
import { downloadFile } from '../../../components/download-file.ts';
import { DomainSelect } from '../../../components/form/domain-select.tsx';
import { toPagedQuery } from '../../../components/list-state/list-state.ts';
import { useListState } from '../../../components/list-state/use-list-state.ts';
import { ListActions } from '../../../components/paged-table/list-actions.tsx';
import { PagedTable, type TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import { ADMIN_LIST_CALLS, adminKeys } from './admin-api.ts';
import { adminCreatePath, adminEditPath, adminListPath } from './admin-paths.ts';
import { useAdminDomain } from './use-admin-domain.ts';

type TRow = { id: number; domainId?: number };
type TPage<Row> = { rows: Row[]; total: number };

export type TAdminListProps<Row extends TRow> = {
  kind: AdminKind;
  columns: readonly TPagedColumn<Row>[];
  defaultSort: string;
  /** What the delete confirmation names. */
  nameOf: (row: Row) => string;
  /** Lists of a domain's records (all but domains): the super admin picks the domain. */
  domainScoped?: boolean;
  canCreate?: boolean;
  canDelete?: (row: Row) => boolean;
  /** Records the user may not change (a more powerful user's account) show no edit button. */
  canEdit?: (row: Row) => boolean;
  /** More buttons of a row, before edit and delete. */
  rowActions?: (row: Row) => ReactNode;
  /** More buttons of the toolbar, after export. */
  toolbar?: ReactNode;
};

/**
 * A kind's administration list: server-side paged, sorted and filtered (state in the URL), with the
 * super admin's domain selector, create, export (DownloadFile) and per-row edit and delete.
 */
export function AdminList<Row extends TRow>({
  kind,
  columns,
  defaultSort,
  nameOf,
  domainScoped = true,
  canCreate = true,
  canDelete = () => true,
  canEdit = () => true,
  rowActions,
  toolbar,
}: TAdminListProps<Row>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The form goes back to the list as it was left: same page, order and filters.
  const listState = { listSearch: location.search };
  const client = useQueryClient();
  const { domainId, chosenDomainId, superAdmin } = useAdminDomain();
  const [state, setState] = useListState({ pageSize: 10, sortField: defaultSort, sortOrder: 1 });
  const calls = ADMIN_LIST_CALLS[kind];
  const scope = domainScoped && chosenDomainId !== undefined ? { domainid: chosenDomainId } : {};
  const query = { ...toPagedQuery(state), ...scope };

  const list = useQuery({
    queryKey: adminKeys.list(kind, query),
    queryFn: () => callEndpoint(calls.read as TEndpoint, { query }) as Promise<TPage<Row>>,
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (id: number) => callEndpoint(calls.remove as TEndpoint, { params: { id } }),
    onSuccess: () => {
      notify.success('ADMIN_DELETED_OK');
      return client.invalidateQueries({ queryKey: adminKeys.kind(kind) });
    },
    onError: notifyFailure,
  });

  const exportList = () => {
    const { first: _first, pageSize: _pageSize, ...rest } = query;
    void downloadFile(calls.export.path, { ...rest, first: 0, language: i18n.language });
  };

  const recordDomain = (row: Row) => row.domainId ?? (kind === 'domains' ? row.id : domainId);
  const actions = (row: Row) => (
    <Space size={4}>
      {rowActions?.(row)}
      {canEdit(row) && (
        <Tooltip title={t('EDIT')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('EDIT')}
            onClick={() => navigate(adminEditPath(kind, row.id, recordDomain(row)), { state: listState })}
            data-testid={`row-edit-${row.id}`}
          />
        </Tooltip>
      )}
      {canDelete(row) && (
        <Popconfirm
          title={t('ADMIN_DELETE_CONFIRM', { name: nameOf(row) })}
          description={t('ADMIN_DELETE_CONFIRM_HINT')}
          okText={t('DELETE')}
          cancelText={t('CANCEL')}
          okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
          cancelButtonProps={{ 'data-testid': 'confirm-cancel' }}
          onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('DELETE')}
            title={t('DELETE')}
            data-testid={`row-delete-${row.id}`}
          />
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <div className={`admin-list admin-list-${kind}`} data-testid={`admin-list-${kind}`}>
      <div className="admin-toolbar">
        {domainScoped && superAdmin && (
          <DomainSelect value={domainId} onChange={(id) => navigate(adminListPath(kind, id))} />
        )}
        <ListActions
          onCreate={canCreate ? () => navigate(adminCreatePath(kind, domainId), { state: listState }) : undefined}
          onExport={exportList}
          testIdPrefix="admin"
        >
          {toolbar}
        </ListActions>
      </div>
      <PagedTable<Row>
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={state}
        onStateChange={setState}
        rowKey={(row) => row.id}
        actions={actions}
        data-testid="admin-table"
      />
    </div>
  );
}
