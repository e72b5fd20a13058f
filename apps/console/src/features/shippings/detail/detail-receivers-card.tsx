import type { TShippingReceiver } from '@sello/contracts/catalogue/shippings-detail';
import { shownReceiverStatus } from '@sello/contracts/shipping-rules';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Who the shipping goes to, how they are reached, and where each one stands. */
export function DetailReceiversCard({ receivers, service }: { receivers: TShippingReceiver[]; service: string }) {
  const { t } = useTranslation();
  const columns = [
    { key: 'position', title: '#', render: (_: unknown, row: TShippingReceiver) => row.position },
    { key: 'name', title: t('SHIPPING_RECEIVER'), render: (_: unknown, row: TShippingReceiver) => row.name },
    {
      key: 'document',
      title: t('RECEIVER_DOCUMENT'),
      render: (_: unknown, row: TShippingReceiver) =>
        row.documentNumber ? `${row.documentType ?? ''} ${row.documentNumber}` : '—',
    },
    {
      key: 'contact',
      title: t('RECEIVER_CONTACT'),
      render: (_: unknown, row: TShippingReceiver) =>
        [row.email, row.mobile, row.postal && `${row.postal.street}, ${row.postal.postalCode} ${row.postal.city}`]
          .filter(Boolean)
          .join(' · ') || '—',
    },
    {
      key: 'status',
      title: t('SHIPPING_STATE'),
      render: (_: unknown, row: TShippingReceiver) => (
        <Tag data-testid={`receiver-status-${row.position}`}>
          {t(`RECEIVER_STATUS_${shownReceiverStatus(row.status, service)}`)}
        </Tag>
      ),
    },
  ];
  return (
    <Card title={t('SHIPPING_RECEIVERS')} size="small" className="shipping-detail-card">
      <Table
        rowKey="position"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={receivers}
        data-testid="detail-receivers"
      />
    </Card>
  );
}
