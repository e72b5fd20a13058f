import type { TWebhookDelivery, TWebhookEndpoint } from '@sello/contracts/catalogue/integration-webhooks';
import { Button, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { formatDateTime } from '../../../components/badges/badges.tsx';
import { useSendWebhookAgain, useWebhookDeliveries } from './use-webhooks.ts';
import { eventLabelKey } from './webhook-dialogs.tsx';

/** An endpoint's delivery log: each attempt's answer, latency and excerpt, with "send again" per delivery. */
export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: TWebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(endpoint.id);
  const sendAgain = useSendWebhookAgain();

  return (
    <Modal
      open
      width={960}
      title={t('WEBHOOKS_LOG_TITLE', { url: endpoint.url })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('CLOSE')}</Button>}
    >
      <Table<TWebhookDelivery>
        rowKey="id"
        size="small"
        loading={deliveries.isLoading}
        dataSource={deliveries.data ?? []}
        locale={{ emptyText: t('WEBHOOKS_LOG_EMPTY') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="webhook-deliveries"
        columns={[
          { key: 'at', title: t('WEBHOOKS_LOG_AT'), render: (_, row) => formatDateTime(row.attemptedAt) },
          { key: 'event', title: t('WEBHOOKS_LOG_EVENT'), render: (_, row) => t(eventLabelKey(row.eventType)) },
          {
            key: 'attempt',
            title: t('WEBHOOKS_LOG_ATTEMPT'),
            render: (_, row) => (row.manual ? `${row.attempt} (${t('WEBHOOKS_LOG_MANUAL')})` : row.attempt),
          },
          {
            key: 'status',
            title: t('WEBHOOKS_LOG_STATUS'),
            render: (_, row) => (
              <Tag color={row.succeeded ? 'green' : 'red'}>{row.responseStatus ?? t('WEBHOOKS_LOG_NO_ANSWER')}</Tag>
            ),
          },
          { key: 'latency', title: t('WEBHOOKS_LOG_LATENCY'), render: (_, row) => `${row.latencyMs} ms` },
          {
            key: 'excerpt',
            title: t('WEBHOOKS_LOG_ANSWER'),
            render: (_, row) => (
              <Typography.Text ellipsis={{ tooltip: row.responseExcerpt }} style={{ maxWidth: 240 }}>
                {row.responseExcerpt}
              </Typography.Text>
            ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, row) => (
              <Button
                size="small"
                disabled={!endpoint.enabled}
                data-testid={`webhook-send-again-${row.id}`}
                onClick={() =>
                  sendAgain.mutateAsync(row.id).then(() => notify.success('WEBHOOKS_SENT_AGAIN'), notifyFailure)
                }
              >
                {t('WEBHOOKS_SEND_AGAIN')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
