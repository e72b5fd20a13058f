import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  PlusOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import type { TShippingRow } from '@sello/contracts/catalogue/shippings-list';
import { shippingsReportApi } from '@sello/contracts/catalogue/shippings-report';
import type { Language } from '@sello/contracts/constants';
import { CHANNELS, RESULT_FILTERS, SERVICE_KINDS, SHIPPING_STATE_FILTERS } from '@sello/contracts/enums';
import { AUTHORISATIONS_VIEW, PATHS } from '@sello/contracts/routes';
import { Alert, Button, DatePicker, Dropdown, Input, Popconfirm, Segmented, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DownloadDialog } from '../../../components/download-dialog/download-dialog.tsx';
import { downloadFile } from '../../../components/download-file.ts';
import { withFilter } from '../../../components/list-state/list-state.ts';
import { useListState } from '../../../components/list-state/use-list-state.ts';
import { PagedTable, type TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import { useSession } from '../../../session/use-session.ts';
import { DenyDialog, type TDenyReason } from '../shared/deny-dialog.tsx';
import {
  useDownloadAvailability,
  useShippingList,
  useShippingListTypes,
  useUserCompanies,
} from '../shared/shipping-api.ts';
import {
  channelName,
  formatDateTime,
  ResultTag,
  resultKey,
  StateTag,
  serviceName,
  shippingDetailPath,
  stateKey,
} from '../shared/shipping-labels.tsx';
import { useShippingActions } from '../shared/use-shipping-actions.ts';
import { batchOutcomes, enabledBatchActions, type TBatchAction, type TBatchOutcome } from './batch-actions.ts';
import { exportInBackground } from './export-in-background.ts';
import {
  parseExtraFilters,
  type TShippingExtraFilters,
  type TShippingScope,
  toShippingListQuery,
  writeExtraFilters,
} from './shipping-list-filters.ts';

const LIST_DEFAULTS = { pageSize: 10, sortField: 'createdAt', sortOrder: -1 } as const;

/** `/shippings` (own), `/shippings/all` and the authorisations view `?view=auth` of either. */
export default function ShippingsListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { permissions } = useSession();
  const scope: TShippingScope = location.pathname === PATHS.shippingsAll ? 'all' : 'own';
  const [search, setSearch] = useSearchParams();
  const [state, setState] = useListState(LIST_DEFAULTS);
  const parsed = useMemo(() => parseExtraFilters(search), [search]);
  // Authorisers without the full list only ever see the authorisations view.
  const onlyAuth = !permissions.shippingList && Boolean(permissions.shippingListOnlyAuth);
  const extra: TShippingExtraFilters = onlyAuth ? { ...parsed, authView: true } : parsed;
  const [textDraft, setTextDraft] = useState(extra.text);
  const query = toShippingListQuery(state, extra, scope);
  const list = useShippingList(query);
  const types = useShippingListTypes();
  const companies = useUserCompanies();

  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<TShippingRow[]>([]);
  const [denyOpen, setDenyOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const selectedIds = selectedRows.map((row) => row.requestId);
  // Until the server says which files exist, nothing is offered.
  const availability = useDownloadAvailability(selectedIds, downloadOpen);
  const [outcomes, setOutcomes] = useState<{ action: TBatchAction; rows: TBatchOutcome[] } | null>(null);
  const enabled = enabledBatchActions(selectedRows);
  const canEdit = Boolean(permissions.editMode);

  const setExtra = (next: TShippingExtraFilters) =>
    setSearch(
      (current) => {
        const written = writeExtraFilters(current, next);
        written.delete('page');
        return written;
      },
      { replace: true },
    );

  const { batch } = useShippingActions({
    onBatchDone: (action, result) => {
      setOutcomes({ action, rows: batchOutcomes(result) });
      setSelectedKeys([]);
      setSelectedRows([]);
    },
  });

  const run = (action: TBatchAction, reason?: TDenyReason) =>
    batch.mutateAsync({ action, ids: selectedRows.map((row) => row.requestId), reason }).catch(() => undefined);

  const exportList = (asynchronous: boolean) => {
    const { first: _first, pageSize: _pageSize, ...rest } = query;
    const request = { ...rest, first: 0, language: i18n.language as Language };
    if (!asynchronous) {
      void downloadFile(shippingsReportApi.report.path, request);
      return;
    }
    void exportInBackground(request);
  };

  const typeOptions = (types.data ?? []).map((type) => ({ value: type.value, label: type.text }));
  const numberFilter = (field: string) => {
    const value = state.filters[field];
    return typeof value === 'number' ? value : undefined;
  };
  const companyOptions = (companies.data ?? []).map((company) => ({ value: company.value, label: company.text }));

  const columns: TPagedColumn<TShippingRow>[] = [
    {
      key: 'requestId',
      title: t('SHIPPING_ID'),
      sortable: true,
      width: 90,
      render: (row) => (
        <Link to={shippingDetailPath(row.requestId)} data-testid={`shipping-link-${row.requestId}`}>
          {row.requestId}
        </Link>
      ),
    },
    { key: 'reference', title: t('SHIPPING_REFERENCE'), sortable: true, ellipsis: true },
    {
      key: 'service',
      title: t('SHIPPING_SERVICE'),
      sortable: true,
      filter: {
        kind: 'options',
        options: SERVICE_KINDS.map((value) => ({ value, label: serviceName(value, i18n.language) })),
      },
      render: (row) => serviceName(row.service, i18n.language),
    },
    {
      key: 'channel',
      title: t('SHIPPING_CHANNEL'),
      sortable: true,
      filter: {
        kind: 'options',
        options: CHANNELS.map((value) => ({ value, label: channelName(value, i18n.language) })),
      },
      render: (row) => channelName(row.channel, i18n.language),
    },
    { key: 'typeName', title: t('SHIPPING_TYPE'), sortable: true, ellipsis: true },
    { key: 'companyName', title: t('SHIPPING_COMPANY'), sortable: true, ellipsis: true },
    { key: 'sender', title: t('SHIPPING_SENDER'), sortable: true, ellipsis: true },
    { key: 'receiver', title: t('SHIPPING_RECEIVER'), sortable: true, ellipsis: true },
    {
      key: 'state',
      title: t('SHIPPING_STATE'),
      sortable: true,
      filter: {
        kind: 'options',
        options: SHIPPING_STATE_FILTERS.map((value) => ({ value, label: t(stateKey(value)) })),
      },
      render: (row) => <StateTag state={row.state} testId={`row-state-${row.requestId}`} />,
    },
    {
      key: 'result',
      title: t('SHIPPING_RESULT'),
      sortable: true,
      filter: { kind: 'options', options: RESULT_FILTERS.map((value) => ({ value, label: t(resultKey(value)) })) },
      render: (row) => <ResultTag result={row.result} testId={`row-result-${row.requestId}`} />,
    },
    {
      key: 'createdAt',
      title: t('SHIPPING_CREATED_AT'),
      sortable: true,
      render: (row) => formatDateTime(row.createdAt),
    },
  ];

  /** A row on a phone: the fields a reader looks for first, and the link to its detail. */
  const card = (row: TShippingRow) => (
    <>
      <div className="row-card-head">
        <span className="row-card-title">{row.reference || `#${row.requestId}`}</span>
        <StateTag state={row.state} testId={`card-state-${row.requestId}`} />
      </div>
      <dl className="row-card-fields">
        <dt>{t('SHIPPING_RECEIVER')}</dt>
        <dd>{row.receiver}</dd>
        <dt>{t('SHIPPING_SERVICE')}</dt>
        <dd>{serviceName(row.service, i18n.language)}</dd>
        <dt>{t('SHIPPING_CREATED_AT')}</dt>
        <dd>{formatDateTime(row.createdAt)}</dd>
      </dl>
      <Link to={shippingDetailPath(row.requestId)} data-testid={`shipping-card-link-${row.requestId}`}>
        {t('SHIPPING_DETAIL_TITLE', { id: row.requestId })}
      </Link>
    </>
  );

  const title = extra.authView
    ? t('SHIPPINGS_AUTH_TITLE')
    : scope === 'all'
      ? t('SHIPPINGS_ALL_TITLE')
      : t('SHIPPINGS_OWN_TITLE');
  const viewValue = extra.authView ? 'auth' : scope;
  const views = [
    ...(permissions.shippingList
      ? [
          { value: 'own', label: t('SHIPPINGS_VIEW_OWN') },
          { value: 'all', label: t('SHIPPINGS_VIEW_ALL') },
        ]
      : []),
    ...(permissions.shippingListOnlyAuth ? [{ value: 'auth', label: t('SHIPPINGS_VIEW_AUTH') }] : []),
  ];

  const batchButton = (action: TBatchAction, icon: ReactNode, onClick: () => void, danger = false) => (
    <Button
      icon={icon}
      danger={danger}
      disabled={!enabled.has(action) || batch.isPending}
      onClick={onClick}
      data-testid={`batch-${action}`}
    >
      {t(`SHIPPING_ACTION_${action.toUpperCase()}`)}
    </Button>
  );

  return (
    <div className="shippings-list" data-testid="shippings-list">
      <div className="shippings-list-header">
        <Typography.Title level={2}>{title}</Typography.Title>
        {views.length > 1 && (
          <Segmented
            value={viewValue}
            options={views}
            onChange={(value) =>
              navigate(
                value === 'auth'
                  ? `${PATHS.shippings}?${AUTHORISATIONS_VIEW}`
                  : value === 'all'
                    ? PATHS.shippingsAll
                    : PATHS.shippings,
              )
            }
            data-testid="shippings-view"
          />
        )}
      </div>
      <div className="shippings-toolbar">
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(extra.from), dayjs(extra.to)]}
          onChange={(range) => {
            const [from, to] = range ?? [];
            if (from && to) setExtra({ ...extra, from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
          }}
          data-testid="shippings-range"
        />
        <Input.Search
          allowClear
          className="shippings-search"
          placeholder={t('SHIPPINGS_SEARCH_PLACEHOLDER')}
          value={textDraft}
          maxLength={200}
          onChange={(event) => setTextDraft(event.target.value)}
          onSearch={(value) => setExtra({ ...extra, text: value })}
          enterButton
          data-testid="shippings-search"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="shippings-filter-select"
          placeholder={t('SHIPPING_COMPANY')}
          aria-label={t('SHIPPING_COMPANY')}
          value={numberFilter('companyId')}
          options={companyOptions}
          onChange={(value?: number) => setState((current) => withFilter(current, 'companyId', value ?? null))}
          data-testid="filter-company"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="shippings-filter-select"
          placeholder={t('SHIPPING_TYPE')}
          aria-label={t('SHIPPING_TYPE')}
          value={numberFilter('typeId')}
          options={typeOptions}
          onChange={(value?: number) => setState((current) => withFilter(current, 'typeId', value ?? null))}
          data-testid="filter-type"
        />
        <div className="shippings-toolbar-actions">
          {permissions.newSend && canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(PATHS.shippingCreate)}
              data-testid="shippings-create"
            >
              {t('MENU_NEW_SHIPPING')}
            </Button>
          )}
          <Dropdown.Button
            icon={<FileExcelOutlined />}
            onClick={() => exportList(false)}
            menu={{
              items: [{ key: 'async', label: t('SHIPPINGS_EXPORT_ASYNC'), 'data-testid': 'shippings-export-async' }],
              onClick: () => exportList(true),
            }}
            buttonsRender={([left, right]) => [
              <span key="left" data-testid="shippings-export">
                {left}
              </span>,
              right,
            ]}
          >
            {t('ADMIN_EXPORT')}
          </Dropdown.Button>
        </div>
      </div>
      <div className="shippings-batch" data-testid="shippings-batch">
        <span data-testid="shippings-selected-count">{t('SHIPPINGS_SELECTED', { count: selectedRows.length })}</span>
        <Space wrap>
          {batchButton('authorize', <CheckOutlined />, () => void run('authorize'))}
          {batchButton('deny', <CloseOutlined />, () => setDenyOpen(true))}
          {canEdit && batchButton('retry', <RedoOutlined />, () => void run('retry'))}
          {canEdit && (
            <Popconfirm
              title={t('SHIPPINGS_DELETE_CONFIRM', { count: selectedRows.length })}
              okText={t('DELETE')}
              cancelText={t('CANCEL')}
              okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
              cancelButtonProps={{ 'data-testid': 'confirm-cancel' }}
              onConfirm={() => run('delete')}
              disabled={!enabled.has('delete')}
            >
              {batchButton('delete', <DeleteOutlined />, () => undefined, true)}
            </Popconfirm>
          )}
          <Button
            icon={<DownloadOutlined />}
            disabled={selectedRows.length === 0}
            onClick={() => setDownloadOpen(true)}
            data-testid="batch-download"
          >
            {t('DOWNLOAD_TITLE')}
          </Button>
        </Space>
      </div>
      {outcomes && (
        <Alert
          className="shippings-outcomes"
          type={outcomes.rows.every((row) => row.ok) ? 'success' : 'warning'}
          closable
          onClose={() => setOutcomes(null)}
          message={t('SHIPPING_BATCH_OUTCOMES', { action: t(`SHIPPING_ACTION_${outcomes.action.toUpperCase()}`) })}
          description={
            <ul className="shippings-outcome-list">
              {outcomes.rows.map((row) => (
                <li key={row.requestId} data-testid={`outcome-${row.requestId}`} data-ok={row.ok}>
                  <Link to={shippingDetailPath(row.requestId)}>#{row.requestId}</Link>: {t(row.key)}
                </li>
              ))}
            </ul>
          }
          data-testid="batch-outcomes"
        />
      )}
      <PagedTable<TShippingRow>
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={state}
        onStateChange={setState}
        rowKey={(row) => row.requestId}
        card={card}
        cardSelectLabel={(row) => t('SHIPPING_DETAIL_TITLE', { id: row.requestId })}
        rowSelection={{
          selectedRowKeys: selectedKeys,
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => {
            setSelectedKeys(keys);
            setSelectedRows(rows.filter((row): row is TShippingRow => row !== undefined));
          },
          getCheckboxProps: (row) => ({ 'data-testid': `select-${row.requestId}` }) as object,
        }}
        data-testid="shippings-table"
      />
      <DenyDialog
        open={denyOpen}
        count={selectedRows.length}
        states={selectedRows.map((row) => row.state)}
        onCancel={() => setDenyOpen(false)}
        onDeny={(reason) => {
          setDenyOpen(false);
          void run('deny', reason);
        }}
      />
      <DownloadDialog
        open={downloadOpen}
        shippingIds={selectedIds}
        offered={availability.data?.options ?? []}
        onClose={() => setDownloadOpen(false)}
      />
    </div>
  );
}
