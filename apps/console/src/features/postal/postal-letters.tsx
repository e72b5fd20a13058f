import type { TPostalLetter } from '@sello/contracts/catalogue/postal';
import { Button, Empty, Table, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../alerts/alert-store.ts';
import { notifyFailure } from '../../api/http-client.ts';
import { formatDateTime } from '../../components/badges/badges.tsx';
import { useCreateBatch, useWaitingLetters } from './use-postal.ts';

/** The letters rendered and not yet in a batch, and the button that batches them all. */
export function PostalLetters({ domainid }: { domainid: number | undefined }) {
  const { t } = useTranslation();
  const letters = useWaitingLetters(domainid);
  const createBatch = useCreateBatch();
  const rows = letters.data ?? [];

  const create = async () => {
    try {
      const batch = await createBatch.mutateAsync(domainid);
      notify.success('POSTAL_BATCH_CREATED', { params: { id: batch.id, count: batch.letterCount } });
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <>
      <div className="admin-toolbar">
        <Button
          type="primary"
          onClick={() => void create()}
          disabled={rows.length === 0}
          loading={createBatch.isPending}
          data-testid="postal-create-batch"
        >
          {t('POSTAL_CREATE_BATCH')}
        </Button>
      </div>
      <Table<TPostalLetter>
        size="small"
        rowKey="id"
        loading={letters.isLoading}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t('POSTAL_NO_LETTERS')} /> }}
        onRow={(row) => ({ 'data-testid': `postal-letter-${row.reference}` }) as HTMLAttributes<HTMLElement>}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        columns={[
          {
            key: 'reference',
            title: t('POSTAL_REFERENCE'),
            render: (_value, row) => <Typography.Text copyable>{row.reference}</Typography.Text>,
          },
          { key: 'shipping', title: t('POSTAL_SHIPPING'), dataIndex: 'shippingId', width: 90 },
          { key: 'subject', title: t('POSTAL_SUBJECT'), dataIndex: 'subject' },
          { key: 'receiver', title: t('POSTAL_RECEIVER'), dataIndex: 'receiverName' },
          {
            key: 'destination',
            title: t('POSTAL_DESTINATION'),
            render: (_value, row) => [row.postalCode, row.city, row.country].filter(Boolean).join(' '),
          },
          { key: 'created', title: t('POSTAL_CREATED_AT'), render: (_value, row) => formatDateTime(row.createdAt) },
        ]}
      />
    </>
  );
}
