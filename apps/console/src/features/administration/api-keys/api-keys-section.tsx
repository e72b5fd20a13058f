import { PlusOutlined } from '@ant-design/icons';
import type { TApiKey } from '@sello/contracts/catalogue/integration-api-keys';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { formatDateTime } from '../../../components/badges/badges.tsx';
import { ApiKeySecretDialog, NewApiKeyDialog } from './api-key-dialogs.tsx';
import { useApiKeys, useRevokeApiKey, useRotateApiKey } from './use-api-keys.ts';

/** A company's API keys (docs/decisions/integration.md), under the company's edit form. */
export function ApiKeysSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const keys = useApiKeys(companyId);
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <Card
      title={t('API_KEYS_TITLE')}
      className="page-card"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-key-new">
          {t('API_KEYS_NEW')}
        </Button>
      }
      data-testid="api-keys"
    >
      <Table<TApiKey>
        rowKey="id"
        size="small"
        pagination={false}
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        columns={[
          { key: 'name', title: t('API_KEYS_NAME'), dataIndex: 'name' },
          {
            key: 'scopes',
            title: t('API_KEYS_SCOPES'),
            render: (_, row) => row.scopes.map((scope) => <Tag key={scope}>{t(`API_KEY_SCOPE_${scope}`)}</Tag>),
          },
          { key: 'prefix', title: t('API_KEYS_PREFIX'), render: (_, row) => <code>{row.prefix}…</code> },
          { key: 'createdBy', title: t('API_KEYS_CREATED_BY'), dataIndex: 'createdBy' },
          {
            key: 'lastUsedAt',
            title: t('API_KEYS_LAST_USED'),
            render: (_, row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt) : t('API_KEYS_NEVER_USED')),
          },
          {
            key: 'actions',
            title: '',
            render: (_, row) =>
              row.revokedAt ? (
                <Tag color="red">{t('API_KEYS_REVOKED')}</Tag>
              ) : (
                <Space>
                  <Popconfirm
                    title={t('API_KEYS_ROTATE_CONFIRM')}
                    okText={t('YES')}
                    cancelText={t('NO')}
                    onConfirm={() => rotate.mutateAsync(row.id).then((key) => setSecret(key.secret), notifyFailure)}
                  >
                    <Button size="small" data-testid={`api-key-rotate-${row.id}`}>
                      {t('API_KEYS_ROTATE')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={t('API_KEYS_REVOKE_CONFIRM')}
                    okText={t('YES')}
                    cancelText={t('NO')}
                    onConfirm={() =>
                      revoke.mutateAsync(row.id).then(() => notify.success('API_KEYS_REVOKED_OK'), notifyFailure)
                    }
                  >
                    <Button size="small" danger data-testid={`api-key-revoke-${row.id}`}>
                      {t('API_KEYS_REVOKE')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {creating && (
        <NewApiKeyDialog
          companyId={companyId}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created);
          }}
        />
      )}
      {secret && <ApiKeySecretDialog secret={secret} onClose={() => setSecret(null)} />}
    </Card>
  );
}
