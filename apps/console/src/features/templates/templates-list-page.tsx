import { DeleteOutlined, EditOutlined, LockOutlined } from '@ant-design/icons';
import { type TTemplateListRow, templatesApi } from '@sello/contracts/catalogue/templates';
import type { TemplateContentType } from '@sello/contracts/enums';
import { PATHS } from '@sello/contracts/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../alerts/alert-store.ts';
import { callEndpoint, notifyFailure } from '../../api/http-client.ts';
import { ActiveTag } from '../../components/badges/badges.tsx';
import { downloadFile } from '../../components/download-file.ts';
import { toPagedQuery } from '../../components/list-state/list-state.ts';
import { useListState } from '../../components/list-state/use-list-state.ts';
import { ListActions } from '../../components/paged-table/list-actions.tsx';
import { PagedTable, type TPagedColumn } from '../../components/paged-table/paged-table.tsx';
import { LANGUAGE_LABEL_KEYS } from '../../i18n/language-labels.ts';
import { templateEditPath } from './template-paths.ts';

/**
 * `/templates` (HTML) and `/templates/sms`: the templates of the user's domain, server-side paged,
 * sorted and filtered, with export (DownloadFile), create, edit and delete; a held edit lock is shown.
 */
export default function TemplatesListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const contentType: TemplateContentType = location.pathname === PATHS.templatesSms ? 'SMS' : 'HTML';
  const [state, setState] = useListState({ pageSize: 10, sortField: 'name', sortOrder: 1 });
  const query = { ...toPagedQuery(state), contentType };

  const list = useQuery({
    queryKey: ['templates', 'list', query],
    queryFn: () => callEndpoint(templatesApi.readList, { query }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callEndpoint(templatesApi.delete, { params: { id } }),
    onSuccess: () => {
      notify.success('ADMIN_DELETED_OK');
      return client.invalidateQueries({ queryKey: ['templates'] });
    },
    onError: notifyFailure,
  });

  const exportList = () => {
    const { first: _first, pageSize: _pageSize, ...rest } = query;
    void downloadFile(templatesApi.export.path, { ...rest, first: 0, language: i18n.language });
  };

  const columns: TPagedColumn<TTemplateListRow>[] = [
    { key: 'name', title: t('TEMPLATE_NAME'), sortable: true, filter: { kind: 'text' } },
    { key: 'companyName', title: t('TEMPLATE_OWNER'), render: (row) => row.companyName ?? t('TEMPLATE_OWNER_DOMAIN') },
    { key: 'kind', title: t('TEMPLATE_KIND'), render: (row) => t(`TEMPLATE_KIND_${row.kind}`) },
    { key: 'language', title: t('TEMPLATE_LANGUAGE'), render: (row) => t(LANGUAGE_LABEL_KEYS[row.language]) },
    {
      key: 'active',
      title: t('ADMIN_STATE'),
      sortable: true,
      filter: { kind: 'boolean' },
      render: (row) => <ActiveTag active={row.active} />,
    },
    {
      key: 'lockedBy',
      title: t('TEMPLATE_LOCK'),
      render: (row) =>
        row.lockedBy ? (
          <Tag icon={<LockOutlined />} data-testid={`template-locked-${row.id}`}>
            {row.lockedBy}
          </Tag>
        ) : null,
    },
    {
      key: 'updatedAt',
      title: t('TEMPLATE_UPDATED'),
      sortable: true,
      render: (row) => new Date(row.updatedAt).toLocaleString(i18n.language),
    },
  ];

  const actions = (row: TTemplateListRow) => (
    <Space size={4}>
      <Tooltip title={t('EDIT')}>
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={t('EDIT')}
          onClick={() => navigate(templateEditPath(row.id))}
          data-testid={`row-edit-${row.id}`}
        />
      </Tooltip>
      <Popconfirm
        title={t('ADMIN_DELETE_CONFIRM', { name: row.name })}
        description={t('ADMIN_DELETE_CONFIRM_HINT')}
        okText={t('DELETE')}
        cancelText={t('CANCEL')}
        okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
        onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
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

  return (
    <div className="page templates-page" data-testid="templates-page">
      <Typography.Title level={2}>{t('TEMPLATES_TITLE')}</Typography.Title>
      <Tabs
        activeKey={contentType}
        onChange={(key) => navigate(key === 'SMS' ? PATHS.templatesSms : PATHS.templates)}
        items={[
          { key: 'HTML', label: <span data-testid="templates-tab-html">{t('TEMPLATES_TAB_HTML')}</span> },
          { key: 'SMS', label: <span data-testid="templates-tab-sms">{t('TEMPLATES_TAB_SMS')}</span> },
        ]}
      />
      <div className="admin-toolbar">
        <ListActions
          onCreate={() => navigate(`${PATHS.templateCreate}${contentType === 'SMS' ? '?contentType=SMS' : ''}`)}
          onExport={exportList}
          testIdPrefix="template"
        />
      </div>
      <PagedTable<TTemplateListRow>
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={state}
        onStateChange={setState}
        rowKey={(row) => row.id}
        actions={actions}
        data-testid="templates-table"
      />
    </div>
  );
}
