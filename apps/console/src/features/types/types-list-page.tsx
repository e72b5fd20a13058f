import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { typesApi } from '@sello/contracts/catalogue/types';
import type { TTypeListRow } from '@sello/contracts/catalogue/types-schemas';
import { SERVICE_KINDS } from '@sello/contracts/enums';
import { Button, Card, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../alerts/alert-store.ts';
import { notifyFailure } from '../../api/http-client.ts';
import { ActiveTag } from '../../components/badges/badges.tsx';
import { downloadFile } from '../../components/download-file.ts';
import { toPagedQuery } from '../../components/list-state/list-state.ts';
import { useListState } from '../../components/list-state/use-list-state.ts';
import { ListActions } from '../../components/paged-table/list-actions.tsx';
import { PagedTable, type TPagedColumn } from '../../components/paged-table/paged-table.tsx';
import { serviceName, typesPaths } from './type-labels.ts';
import { useDeleteType, useOrderedTypes, useReorderTypes, useTypesPage } from './types-api.ts';

/** Spec §2 `/types`: the paged, sortable, filterable list of shipping types, with export and up/down reordering. */
export default function TypesListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useListState({ pageSize: 10, sortField: 'order', sortOrder: 1 });
  const query = toPagedQuery(state);
  const page = useTypesPage(query);
  const ordered = useOrderedTypes();
  const reorder = useReorderTypes();
  const remove = useDeleteType();

  /** Swaps a type with its neighbour in the whole stored order and saves that order. */
  const move = (id: number, step: -1 | 1) => {
    const ids = (ordered.data ?? []).map((row) => row.id);
    const index = ids.indexOf(id);
    const target = index + step;
    if (index < 0 || target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    reorder.mutate(ids, { onSuccess: () => notify.success('TYPES_ORDER_SAVED'), onError: notifyFailure });
  };
  const orderedIds = (ordered.data ?? []).map((row) => row.id);

  const columns: TPagedColumn<TTypeListRow>[] = [
    { key: 'order', title: t('TYPE_ORDER'), sortable: true, width: 90 },
    { key: 'name', title: t('TYPE_NAME'), sortable: true, filter: { kind: 'text' } },
    { key: 'description', title: t('TYPE_DESCRIPTION'), sortable: true, filter: { kind: 'text' }, ellipsis: true },
    {
      key: 'companyName',
      title: t('TYPE_COMPANY'),
      sortable: true,
      filter: { kind: 'text' },
      render: (row) => row.companyName ?? t('TYPE_WHOLE_DOMAIN'),
    },
    {
      key: 'service',
      title: t('TYPE_SERVICE'),
      sortable: true,
      filter: {
        kind: 'options',
        options: SERVICE_KINDS.map((kind) => ({ value: kind, label: serviceName(kind, i18n.language) })),
      },
      render: (row) => serviceName(row.service, i18n.language),
    },
    {
      key: 'active',
      title: t('ADMIN_STATE'),
      sortable: true,
      filter: { kind: 'boolean' },
      render: (row) => <ActiveTag active={row.active} />,
    },
  ];

  const actions = (row: TTypeListRow) => {
    const position = orderedIds.indexOf(row.id);
    return (
      <Space size={4}>
        <Tooltip title={t('PICKER_MOVE_UP')}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('PICKER_MOVE_UP')}
            disabled={position <= 0 || reorder.isPending}
            onClick={() => move(row.id, -1)}
            data-testid={`type-up-${row.id}`}
          />
        </Tooltip>
        <Tooltip title={t('PICKER_MOVE_DOWN')}>
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('PICKER_MOVE_DOWN')}
            disabled={position < 0 || position >= orderedIds.length - 1 || reorder.isPending}
            onClick={() => move(row.id, 1)}
            data-testid={`type-down-${row.id}`}
          />
        </Tooltip>
        <Tooltip title={t('EDIT')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('EDIT')}
            onClick={() => navigate(typesPaths.edit(row.id))}
            data-testid={`row-edit-${row.id}`}
          />
        </Tooltip>
        <Popconfirm
          title={t('ADMIN_DELETE_CONFIRM', { name: row.name })}
          description={t('ADMIN_DELETE_CONFIRM_HINT')}
          okText={t('DELETE')}
          cancelText={t('CANCEL')}
          okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
          onConfirm={() =>
            remove
              .mutateAsync(row.id)
              .then(() => notify.success('ADMIN_DELETED_OK'))
              .catch(notifyFailure)
          }
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('DELETE')}
            data-testid={`row-delete-${row.id}`}
          />
        </Popconfirm>
      </Space>
    );
  };

  const exportList = () => {
    const { first: _first, pageSize: _pageSize, ...rest } = query;
    void downloadFile(typesApi.export.path, { ...rest, first: 0, language: i18n.language });
  };

  return (
    <div className="page types-page" data-testid="types-list">
      <Typography.Title level={2}>{t('TYPES_TITLE')}</Typography.Title>
      <Card className="page-card">
        <div className="admin-toolbar">
          <ListActions onCreate={() => navigate(typesPaths.create)} onExport={exportList} testIdPrefix="type" />
        </div>
        <PagedTable<TTypeListRow>
          columns={columns}
          rows={page.data?.rows ?? []}
          total={page.data?.total ?? 0}
          loading={page.isFetching}
          state={state}
          onStateChange={setState}
          rowKey={(row) => row.id}
          actions={actions}
          data-testid="types-table"
        />
      </Card>
    </div>
  );
}
