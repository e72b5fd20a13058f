import type { TShippingAuthorisation } from '@sello/contracts/catalogue/shippings-detail';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../shared/shipping-labels.tsx';

/** Who must authorise the shipping, what each decided and by when. */
export function DetailAuthorisationsCard({ authorisations }: { authorisations: TShippingAuthorisation[] }) {
  const { t } = useTranslation();
  const columns = [
    {
      key: 'authoriser',
      title: t('AUTHORISATION_AUTHORISER'),
      render: (_: unknown, row: TShippingAuthorisation) => row.authoriserName,
    },
    {
      key: 'decision',
      title: t('AUTHORISATION_DECISION'),
      render: (_: unknown, row: TShippingAuthorisation) => (
        <Tag data-testid={`authorisation-${row.id}`} data-decision={row.decision}>
          {t(`AUTHORISATION_${row.decision.toUpperCase()}`)}
        </Tag>
      ),
    },
    {
      key: 'decidedBy',
      title: t('AUTHORISATION_DECIDED_BY'),
      render: (_: unknown, row: TShippingAuthorisation) =>
        row.decidedBy ? `${row.decidedBy} · ${formatDateTime(row.decidedAt)}` : '—',
    },
    {
      key: 'deadline',
      title: t('AUTHORISATION_DEADLINE'),
      render: (_: unknown, row: TShippingAuthorisation) => formatDateTime(row.deadlineAt),
    },
  ];
  return (
    <Card title={t('SHIPPING_AUTHORISATIONS')} size="small" className="shipping-detail-card">
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={authorisations}
        data-testid="detail-authorisations"
      />
    </Card>
  );
}
