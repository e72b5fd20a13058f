import { UndoOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { ApiCallError, callEndpoint, notifyFailure } from '../../../api/http-client.ts';
import { formatDateTime } from '../../../components/badges/badges.tsx';
import { toPagedQuery } from '../../../components/list-state/list-state.ts';
import { useListState } from '../../../components/list-state/use-list-state.ts';
import { PagedTable, type TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import { adminKindLabelKey } from '../shared/admin-paths.ts';
import { DELETED_CALLS, type DeletedKind, deletedFilters } from './deleted-tabs.ts';

/** What every deleted record shows, whatever its kind. */
type TDeletedRow = {
  /** Shippings are identified by `requestId`, everything else by `id`. */
  id?: number;
  requestId?: number;
  name?: string;
  code?: string;
  taxId?: string;
  userid?: string;
  subject?: string;
  entityId?: string;
  typeName?: string;
  companyName?: string | null;
  service?: string;
  contentType?: string;
  deletedAt: string | null;
  deletedBy: string | null;
};

/** The columns that name a deleted record of each kind (filterable by its main one). */
function identityColumns(kind: DeletedKind, t: TFunction): TPagedColumn<TDeletedRow>[] {
  const text = { kind: 'text' } as const;
  switch (kind) {
    case 'shippings':
      // The shipping list filters by state, type, ...: no free column filter here.
      return [
        { key: 'requestId', title: t('DELETED_SHIPPING_ID'), sortable: true },
        { key: 'subject', title: t('DELETED_SHIPPING_SUBJECT'), sortable: true },
        { key: 'typeName', title: t('DELETED_SHIPPING_TYPE'), sortable: true },
        { key: 'companyName', title: t('DELETED_SHIPPING_COMPANY'), sortable: true },
      ];
    case 'types':
      return [
        { key: 'name', title: t('DELETED_TYPE_NAME'), sortable: true, filter: text },
        { key: 'service', title: t('DELETED_TYPE_SERVICE'), sortable: true },
      ];
    case 'templates':
      return [
        { key: 'name', title: t('DELETED_TEMPLATE_NAME'), sortable: true, filter: text },
        { key: 'contentType', title: t('DELETED_TEMPLATE_CONTENT_TYPE'), sortable: true },
      ];
    case 'domains':
      return [
        { key: 'code', title: t('DOMAIN_CODE'), sortable: true, filter: text },
        { key: 'name', title: t('DOMAIN_NAME'), sortable: true, filter: text },
      ];
    case 'companies':
      return [
        { key: 'name', title: t('COMPANY_NAME'), sortable: true, filter: text },
        { key: 'taxId', title: t('COMPANY_TAX_ID'), sortable: true, filter: text },
      ];
    case 'users':
      return [
        { key: 'userid', title: t('USER_USERID'), sortable: true, filter: text },
        { key: 'name', title: t('USER_NAME'), sortable: true, filter: text },
      ];
    case 'groups':
      return [{ key: 'name', title: t('GROUP_NAME'), sortable: true, filter: text }];
    case 'certificates':
      return [
        { key: 'name', title: t('CERT_NAME'), sortable: true, filter: text },
        { key: 'subject', title: t('CERT_SUBJECT'), sortable: true, filter: text },
      ];
    case 'samlcertificates':
      return [
        { key: 'name', title: t('CERT_NAME'), sortable: true, filter: text },
        { key: 'entityId', title: t('SAML_ENTITY_ID'), sortable: true, filter: text },
      ];
  }
}

const idOf = (row: TDeletedRow) => row.requestId ?? row.id ?? 0;
const nameOf = (row: TDeletedRow) => row.name ?? row.userid ?? row.code ?? row.subject ?? String(idOf(row));

/** The title of a kind's list when a tab shows several. */
const kindLabelKey = (kind: DeletedKind) =>
  kind === 'shippings' || kind === 'types' || kind === 'templates'
    ? `DELETED_TAB_${kind.toUpperCase()}`
    : adminKindLabelKey(kind);

/**
 * The soft-deleted records of one kind (`read` with filters {"deleted": true}): who deleted each and
 * when, and a recover button. Recovering a record whose name or tax id was given to another one
 * meanwhile answers ERR_CONFLICT, shown as a clear message.
 */
export function DeletedList({
  kind,
  domainid,
  showTitle,
}: {
  kind: DeletedKind;
  domainid?: number;
  showTitle: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useListState({ pageSize: 10, sortField: 'deletedAt', sortOrder: -1 }, kind);
  const calls = DELETED_CALLS[kind];
  const query = {
    ...toPagedQuery(state),
    filters: deletedFilters(state.filters),
    ...(domainid !== undefined && kind !== 'domains' && { domainid }),
    // Every deleted shipping the user manages, not only the ones they sent.
    ...(kind === 'shippings' && { scope: 'all' }),
  };
  const kindKey = ['administration', kind] as const;
  const list = useQuery({
    queryKey: [...kindKey, 'list', { ...query, deleted: true }],
    queryFn: () => callEndpoint(calls.read, { query }) as Promise<{ rows: TDeletedRow[]; total: number }>,
    placeholderData: keepPreviousData,
  });
  const recover = useMutation({
    mutationFn: (id: number) => callEndpoint(calls.recover, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: kindKey }),
  });

  const onRecover = async (row: TDeletedRow) => {
    try {
      await recover.mutateAsync(idOf(row));
      notify.success('DELETED_RECOVERED_OK', { params: { name: nameOf(row) } });
    } catch (error) {
      if (error instanceof ApiCallError && error.key === 'ERR_CONFLICT') {
        const field = Object.keys(error.fields)[0];
        notify.error('DELETED_RECOVER_CONFLICT', {
          params: { name: nameOf(row), field: field ? t(`DELETED_FIELD_${field}`, { defaultValue: field }) : '' },
        });
        return;
      }
      notifyFailure(error);
    }
  };

  const columns: TPagedColumn<TDeletedRow>[] = [
    ...identityColumns(kind, t),
    {
      key: 'deletedAt',
      title: t('DELETED_AT'),
      sortable: true,
      render: (row) => formatDateTime(row.deletedAt),
    },
    { key: 'deletedBy', title: t('DELETED_BY'), render: (row) => row.deletedBy ?? '—' },
  ];

  return (
    <section className="deleted-list" data-testid={`deleted-list-${kind}`}>
      {showTitle && <Typography.Title level={4}>{t(kindLabelKey(kind))}</Typography.Title>}
      <PagedTable<TDeletedRow>
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={state}
        onStateChange={setState}
        rowKey={idOf}
        actions={(row) => (
          <Button
            size="small"
            icon={<UndoOutlined />}
            onClick={() => void onRecover(row)}
            loading={recover.isPending && recover.variables === idOf(row)}
            data-testid={`row-recover-${idOf(row)}`}
          >
            {t('DELETED_RECOVER')}
          </Button>
        )}
      />
    </section>
  );
}
