import { PlusOutlined } from '@ant-design/icons';
import type { TWebhookEndpoint } from '@sello/contracts/catalogue/integration-webhooks';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { formatDateTime } from '../../../components/badges/badges.tsx';
import { useDeleteWebhook, useRotateWebhookSecret, useSetWebhookEnabled, useWebhooks } from './use-webhooks.ts';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { eventLabelKey, NewWebhookDialog, WebhookSecretDialog } from './webhook-dialogs.tsx';

/** A company's webhook endpoints (docs/decisions/integration.md), next to its API keys. */
export function WebhooksSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const endpoints = useWebhooks(companyId);
  const rotate = useRotateWebhookSecret();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<TWebhookEndpoint | null>(null);

  const actions = (row: TWebhookEndpoint) => (
    <Space wrap>
      <Button size="small" onClick={() => setLogOf(row)} data-testid={`webhook-log-${row.id}`}>
        {t('WEBHOOKS_LOG')}
      </Button>
      <Popconfirm
        title={t('WEBHOOKS_ROTATE_CONFIRM')}
        okText={t('YES')}
        cancelText={t('NO')}
        onConfirm={() => rotate.mutateAsync(row.id).then((endpoint) => setSecret(endpoint.secret), notifyFailure)}
      >
        <Button size="small" data-testid={`webhook-rotate-${row.id}`}>
          {t('WEBHOOKS_ROTATE')}
        </Button>
      </Popconfirm>
      <Button
        size="small"
        data-testid={`webhook-toggle-${row.id}`}
        onClick={() => setEnabled.mutateAsync({ id: row.id, enabled: !row.enabled }).catch(notifyFailure)}
      >
        {t(row.enabled ? 'WEBHOOKS_DISABLE' : 'WEBHOOKS_ENABLE')}
      </Button>
      <Popconfirm
        title={t('WEBHOOKS_DELETE_CONFIRM')}
        okText={t('YES')}
        cancelText={t('NO')}
        onConfirm={() => remove.mutateAsync(row.id).then(() => notify.success('WEBHOOKS_DELETED_OK'), notifyFailure)}
      >
        <Button size="small" danger data-testid={`webhook-delete-${row.id}`}>
          {t('WEBHOOKS_DELETE')}
        </Button>
      </Popconfirm>
    </Space>
  );

  return (
    <Card
      title={t('WEBHOOKS_TITLE')}
      className="page-card"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="webhook-new">
          {t('WEBHOOKS_NEW')}
        </Button>
      }
      data-testid="webhooks"
    >
      <Table<TWebhookEndpoint>
        rowKey="id"
        size="small"
        pagination={false}
        loading={endpoints.isLoading}
        dataSource={endpoints.data ?? []}
        columns={[
          { key: 'url', title: t('WEBHOOKS_URL'), render: (_, row) => <code>{row.url}</code> },
          {
            key: 'events',
            title: t('WEBHOOKS_EVENTS'),
            render: (_, row) => row.events.map((event) => <Tag key={event}>{t(eventLabelKey(event))}</Tag>),
          },
          {
            key: 'enabled',
            title: t('WEBHOOKS_STATUS'),
            render: (_, row) => (
              <Tag color={row.enabled ? 'green' : 'red'}>
                {t(row.enabled ? 'WEBHOOKS_ENABLED' : 'WEBHOOKS_DISABLED')}
              </Tag>
            ),
          },
          { key: 'createdAt', title: t('WEBHOOKS_CREATED_AT'), render: (_, row) => formatDateTime(row.createdAt) },
          { key: 'actions', title: '', render: (_, row) => actions(row) },
        ]}
      />
      {creating && (
        <NewWebhookDialog
          companyId={companyId}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created);
          }}
        />
      )}
      {secret && <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />}
      {logOf && <WebhookDeliveriesDialog endpoint={logOf} onClose={() => setLogOf(null)} />}
    </Card>
  );
}
