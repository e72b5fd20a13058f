import type { TImportRow } from '@sello/contracts/catalogue/imports';
import { PATHS } from '@sello/contracts/routes';
import { Button, Card, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../components/pager/pager.tsx';
import { ImportResult } from './import-result.tsx';
import { useImportProgress, useImportsList } from './use-imports.ts';

/** `/imports-list`: the imports the user may see; `?importId=` opens one with its rows. */
export default function ImportsListPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [type, setType] = useState<'ALL' | 'FILE' | 'TEMPLATE'>('ALL');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useImportsList(type, (page - 1) * pageSize, pageSize);
  const selected = Number(search.get('importId')) || undefined;
  const detail = useImportProgress(selected);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="imports-list-page">
      <Typography.Title level={2}>{t('MENU_IMPORTS_LIST')}</Typography.Title>
      <Card>
        <Segmented
          value={type}
          options={(['ALL', 'FILE', 'TEMPLATE'] as const).map((value) => ({ value, label: t(`IMPORT_TYPE_${value}`) }))}
          onChange={(value) => {
            setType(value as typeof type);
            setPage(1);
          }}
        />
        <Table<TImportRow>
          rowKey="importId"
          size="small"
          style={{ marginTop: 12 }}
          loading={list.isLoading}
          dataSource={list.data?.rows ?? []}
          data-testid="imports-table"
          pagination={false}
          columns={[
            {
              title: '#',
              dataIndex: 'importId',
              render: (id: number) => <Link to={`${PATHS.importsList}?importId=${id}`}>#{id}</Link>,
            },
            { title: t('IMPORT_DATE'), dataIndex: 'createdAt', render: date },
            { title: t('IMPORT_KIND'), dataIndex: 'type', render: (value: string) => t(`IMPORT_TYPE_${value}`) },
            { title: t('IMPORT_DESCRIPTION'), dataIndex: 'description', render: (value, row) => value ?? row.fileName },
            { title: t('IMPORT_COMPANY'), dataIndex: 'companyName' },
            { title: t('IMPORT_USER'), dataIndex: 'userid' },
            {
              title: t('IMPORT_STATE'),
              dataIndex: 'state',
              render: (state: string, row) => (
                <Tag color={state === 'ERROR' ? 'red' : undefined} title={row.errorKey ? t(row.errorKey) : undefined}>
                  {t(`IMPORT_STATE_${state}`)}
                </Tag>
              ),
            },
            { title: t('IMPORT_TOTAL'), dataIndex: 'total' },
            { title: t('IMPORT_ERRORS'), dataIndex: 'errors' },
            { title: t('IMPORT_CREATED'), dataIndex: 'created' },
          ]}
        />
        <Pager
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          disabled={list.isFetching}
          onChange={(nextPage, nextSize) => {
            setPage(nextPage);
            setPageSize(nextSize);
          }}
        />
      </Card>
      {selected !== undefined && detail.data && (
        <>
          <Button onClick={() => setSearch({})}>{t('CLOSE')}</Button>
          <ImportResult detail={detail.data} />
        </>
      )}
    </Space>
  );
}
