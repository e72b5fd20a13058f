import { DownloadOutlined } from '@ant-design/icons';
import { postalApi, type TPostalBatch } from '@sello/contracts/catalogue/postal';
import { fillPath } from '@sello/contracts/endpoint';
import { Button, Empty, Space, Table, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../alerts/alert-store.ts';
import { notifyFailure } from '../../api/http-client.ts';
import { formatDateTime } from '../../components/badges/badges.tsx';
import { downloadFile } from '../../components/download-file.ts';
import { useAdvanceBatch, useBatches } from './use-postal.ts';

const STATUS_COLOURS: Record<TPostalBatch['status'], string> = {
  created: 'blue',
  printed: 'gold',
  handed: 'green',
};

/** What a batch can become next, and the button that does it. */
const NEXT_STEP: Record<'created' | 'printed', { to: 'printed' | 'handed'; label: string }> = {
  created: { to: 'printed', label: 'POSTAL_MARK_PRINTED' },
  printed: { to: 'handed', label: 'POSTAL_MARK_HANDED' },
};

/** The print batches: download the PDF, then mark it printed and handed to the courier. */
export function PostalBatches({ domainid }: { domainid: number | undefined }) {
  const { t } = useTranslation();
  const batches = useBatches(domainid);
  const advance = useAdvanceBatch();
  const rows = batches.data ?? [];

  const move = async (id: number, to: 'printed' | 'handed') => {
    try {
      await advance.mutateAsync({ id, to });
      notify.success('POSTAL_BATCH_UPDATED', { params: { id } });
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Table<TPostalBatch>
      size="small"
      rowKey="id"
      loading={batches.isLoading}
      dataSource={rows}
      locale={{ emptyText: <Empty description={t('POSTAL_NO_BATCHES')} /> }}
      onRow={(row) => ({ 'data-testid': `postal-batch-${row.id}` }) as HTMLAttributes<HTMLElement>}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      columns={[
        { key: 'id', title: t('POSTAL_BATCH'), dataIndex: 'id', width: 80 },
        {
          key: 'status',
          title: t('POSTAL_STATUS'),
          render: (_value, row) => (
            <Tag color={STATUS_COLOURS[row.status]} data-testid={`postal-batch-status-${row.id}`}>
              {t(`POSTAL_BATCH_STATUS_${row.status}`)}
            </Tag>
          ),
        },
        { key: 'count', title: t('POSTAL_LETTER_COUNT'), dataIndex: 'letterCount', width: 90 },
        { key: 'by', title: t('POSTAL_CREATED_BY'), dataIndex: 'createdBy' },
        { key: 'created', title: t('POSTAL_CREATED_AT'), render: (_value, row) => formatDateTime(row.createdAt) },
        {
          key: 'actions',
          title: '',
          render: (_value, row) => {
            const next = row.status === 'handed' ? null : NEXT_STEP[row.status];
            return (
              <Space wrap>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => void downloadFile(fillPath(postalApi.batchFile.path, { id: row.id }))}
                  data-testid={`postal-batch-download-${row.id}`}
                >
                  {t('POSTAL_DOWNLOAD')}
                </Button>
                {next && (
                  <Button
                    size="small"
                    onClick={() => void move(row.id, next.to)}
                    data-testid={`postal-batch-${next.to}-${row.id}`}
                  >
                    {t(next.label)}
                  </Button>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
